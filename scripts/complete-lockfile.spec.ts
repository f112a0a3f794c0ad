import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const lock = JSON.parse(readFileSync(resolve(import.meta.dirname, '../package-lock.json'), 'utf8')) as {
  packages: Record<string, { optionalDependencies?: Record<string, string> }>;
};

describe('package-lock.json', () => {
  it('lists every optional dependency, so npm ci accepts it on any platform (run scripts/complete-lockfile.mjs)', () => {
    const missing = Object.entries(lock.packages).flatMap(([path, entry]) =>
      Object.keys(entry.optionalDependencies ?? {}).filter(
        (name) => !lock.packages[`${path ? `${path}/` : ''}node_modules/${name}`] && !lock.packages[`node_modules/${name}`],
      ),
    );
    expect(missing).toEqual([]);
  });
});
