/**
 * The calls of the product spec (section 7, "The calls it makes": every `| METHOD | /path | … |` row) and
 * the service whose Nest controller serves each one.
 */
import { readFileSync } from 'node:fs';
import { controllerRoutes } from './routes.js';

export interface SpecRoute {
  method: string;
  /** The path of the table with each `{param}` replaced by a sample value and the query left off: `/users/userId-1/protocols`. */
  path: string;
  /** The row's path as written: `/users/{userId}/protocols?size=20`. */
  written: string;
}

export interface OwnedSpecRoute extends SpecRoute {
  /** The services whose controllers have this method and path (exactly one when the code matches the spec). */
  owners: string[];
}

const sampled = (method: string, written: string): SpecRoute => ({
  method,
  written,
  path: written.replace(/[?[].*$/, '').replace(/\{(\w+)\}/g, (_all, name: string) => `${name}-1`),
});

/** The `| METHOD | /path | … |` rows of section 7 of the product spec. */
export function specRoutes(specFile: string): SpecRoute[] {
  const text = readFileSync(specFile, 'utf8');
  const section = /^## 7\..*$([\s\S]*?)^## \d+\./m.exec(text)?.[1];
  if (!section) throw new Error(`${specFile} has no section 7`);
  return [...section.matchAll(/^\|\s*(GET|POST|PUT|DELETE|PATCH)\s*\|\s*(\/[^|\s]*)\s*\|/gm)].map(([, method, written]) => sampled(method, written));
}

/** The same calls from the copy kept beside the chart (`METHOD /path` lines), for checkouts without the spec. */
export function copiedSpecRoutes(file: string): SpecRoute[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => {
      const [method, written] = line.trim().split(/\s+/);
      return sampled(method, written);
    });
}

/** Whether a controller route (`/users/:userId/protocols/:protocolId`) serves a path. */
function servesPath(route: string, path: string): boolean {
  const pattern = route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+');
  return new RegExp(`^${pattern}$`).test(path);
}

/** Each spec route with the services whose controllers serve it. */
export function withOwners(repoRoot: string, routes: SpecRoute[], services: string[]): OwnedSpecRoute[] {
  const served = controllerRoutes(repoRoot, services, { samples: false });
  return routes.map((route) => ({
    ...route,
    owners: [...new Set(served.filter((candidate) => candidate.method === route.method && servesPath(candidate.path, route.path)).map((candidate) => candidate.service))],
  }));
}
