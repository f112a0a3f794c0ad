/**
 * The HTTP routes each service serves, read from the Nest controllers of `services/<name>/src`: every
 * `@Controller` class in any source file, and each route decorator of it. A decorator whose path is not
 * a string literal (a constant, an expression) cannot be read here and throws, so a route is never left
 * out unnoticed.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export interface ControllerRoute {
  service: string;
  method: string;
  /** The route with each `:param` replaced by a sample value, without the API prefix: `/users/u-1/protocols`. */
  path: string;
}

/** Nest's route decorators and the HTTP method each serves (`@Sse` answers GET; `@All` is listed as ALL). */
const ROUTE_DECORATORS: Record<string, string> = {
  Get: 'GET',
  Post: 'POST',
  Put: 'PUT',
  Delete: 'DELETE',
  Patch: 'PATCH',
  Options: 'OPTIONS',
  Head: 'HEAD',
  Search: 'SEARCH',
  All: 'ALL',
  Sse: 'GET',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry) && !/\.(spec|test|e2e-spec)\.tsx?$/.test(entry) && !entry.endsWith('.d.ts') ? [path] : [];
  });
}

/** The paths of a decorator's argument text: none (`''`), a string literal, an array of them, or `{ path: … }`. */
function decoratorPaths(argument: string, where: string): string[] {
  const text = argument.trim();
  if (text === '') return [''];
  const literal = /^(['"`])([^'"`$]*)\1$/;
  const single = literal.exec(text);
  if (single) return [single[2]];
  const list = /^\[(.*)\]$/s.exec(text);
  if (list) return list[1].split(',').map((item) => item.trim()).filter(Boolean).flatMap((item) => decoratorPaths(item, where));
  const options = /^\{\s*path\s*:\s*(.+?)\s*(?:,[^}]*)?\}$/s.exec(text);
  if (options) return decoratorPaths(options[1], where);
  throw new Error(`${where}: cannot read the route path ${text}; write it as a string literal`);
}

/** The argument text of the call that opens at `source[open]` (`(`), up to its closing parenthesis. */
function callArgument(source: string, open: number): string {
  let depth = 0;
  for (let index = open; index < source.length; index += 1) {
    if (source[index] === '(') depth += 1;
    if (source[index] === ')' && --depth === 0) return source.slice(open + 1, index);
  }
  throw new Error(`unbalanced parenthesis at ${open}`);
}

/** `/a/b` from path parts, without empty or doubled slashes. */
const joinPath = (...parts: string[]) => `/${parts.flatMap((part) => part.split('/')).filter(Boolean).join('/')}`;

/** The routes of one source file's controllers, `:param`s as written; `file` names it in errors. */
export function routesOfSource(source: string, file: string): { method: string; path: string }[] {
  const decorators = [...source.matchAll(/@(Controller|\w+)\s*\(/g)].filter((match) => match[1] === 'Controller' || match[1] in ROUTE_DECORATORS);
  const routes: { method: string; path: string }[] = [];
  let bases: string[] | undefined;
  for (const match of decorators) {
    const line = source.slice(0, match.index).split('\n').length;
    const paths = decoratorPaths(callArgument(source, match.index! + match[0].length - 1), `${file}:${line}`);
    if (match[1] === 'Controller') {
      bases = paths;
      continue;
    }
    if (!bases) throw new Error(`${file}:${line}: @${match[1]} outside a @Controller class`);
    for (const base of bases) for (const path of paths) routes.push({ method: ROUTE_DECORATORS[match[1]], path: joinPath(base, path) });
  }
  return routes;
}

/** Every route of every controller of `services/<name>/src`; with `samples: false` the `:param`s stay as written. */
export function controllerRoutes(repoRoot: string, services: string[], { samples = true } = {}): ControllerRoute[] {
  return services.flatMap((service) =>
    sourceFiles(join(repoRoot, 'services', service, 'src')).flatMap((file) =>
      routesOfSource(readFileSync(file, 'utf8'), relative(repoRoot, file)).map(({ method, path }) => ({
        service,
        method,
        path: samples ? path.replace(/:(\w+)/g, (_param, name: string) => `${name}-1`) : path,
      })),
    ),
  );
}
