/**
 * The HTTP routes of each service, read from its Nest controllers, and how Ingress `Prefix` paths and
 * HTTPRoute `PathPrefix` matches pick a backend for a request path.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface ControllerRoute {
  service: string;
  method: string;
  /** The route with each `:param` replaced by a sample value, without the API prefix: `/users/u-1/protocols`. */
  path: string;
}

function controllerFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return controllerFiles(path);
    return entry.endsWith('.controller.ts') ? [path] : [];
  });
}

/** Every route of every controller of `services/<name>/src`. */
export function controllerRoutes(repoRoot: string, services: string[]): ControllerRoute[] {
  return services.flatMap((service) =>
    controllerFiles(join(repoRoot, 'services', service, 'src')).flatMap((file) => {
      const source = readFileSync(file, 'utf8');
      const base = /@Controller\(\s*'([^']*)'\s*\)/.exec(source)?.[1];
      if (base === undefined) throw new Error(`${file} has no @Controller('<path>')`);
      return [...source.matchAll(/@(Get|Post|Put|Delete|Patch)\(\s*(?:'([^']*)')?\s*\)/g)].map((match) => ({
        service,
        method: match[1].toUpperCase(),
        path: `/${[base, match[2] ?? ''].filter(Boolean).join('/')}`.replace(/:(\w+)/g, (_all, name: string) => `${name}-1`),
      }));
    }),
  );
}

export interface PrefixRoute {
  path: string;
  backend: string;
  /** A regular expression matching the whole path (Ingress `ImplementationSpecific`, HTTPRoute `RegularExpression`). */
  regex?: boolean;
}

/** Whether a prefix matches a request path segment by segment (a trailing `/` of the prefix is ignored), as Ingress `Prefix` and Gateway API `PathPrefix` do. */
export function prefixMatches(prefix: string, path: string): boolean {
  const trimmed = prefix.replace(/\/+$/, '');
  return trimmed === '' || path === trimmed || path.startsWith(`${trimmed}/`);
}

/** The backend of the regex matching the whole path, else of the longest matching prefix, or undefined. */
export function routeRequest(routes: PrefixRoute[], path: string): string | undefined {
  const byPattern = routes.filter((route) => route.regex && new RegExp(`^(?:${route.path})$`).test(path));
  if (byPattern.length > 1) throw new Error(`${path} matches ${byPattern.length} patterns: ${byPattern.map((route) => route.path).join(', ')}`);
  if (byPattern.length === 1) return byPattern[0].backend;
  return routes
    .filter((route) => !route.regex && prefixMatches(route.path, path))
    .sort((a, b) => b.path.replace(/\/+$/, '').length - a.path.replace(/\/+$/, '').length)[0]?.backend;
}
