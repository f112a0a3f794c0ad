/** The HTTP routes of each service, read from its Nest controllers. */
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

/** Every route of every controller of `services/<name>/src`; with `samples: false` the `:param`s stay as written. */
export function controllerRoutes(repoRoot: string, services: string[], { samples = true } = {}): ControllerRoute[] {
  return services.flatMap((service) =>
    controllerFiles(join(repoRoot, 'services', service, 'src')).flatMap((file) => {
      const source = readFileSync(file, 'utf8');
      const base = /@Controller\(\s*'([^']*)'\s*\)/.exec(source)?.[1];
      if (base === undefined) throw new Error(`${file} has no @Controller('<path>')`);
      return [...source.matchAll(/@(Get|Post|Put|Delete|Patch)\(\s*(?:'([^']*)')?\s*\)/g)].map((match) => ({
        service,
        method: match[1].toUpperCase(),
        path: `/${[base, match[2] ?? ''].filter(Boolean).join('/')}`.replace(/:(\w+)/g, (param, name: string) => (samples ? `${name}-1` : param)),
      }));
    }),
  );
}
