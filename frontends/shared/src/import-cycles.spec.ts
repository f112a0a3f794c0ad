import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { importCycles, importGraph } from '../test-support/import-graph';

const frontends = fileURLToPath(new URL('../..', import.meta.url));
const apps = readdirSync(frontends).filter((name) => existsSync(join(frontends, name, 'src')));

describe('imports between the frontends\' modules', () => {
  it('finds a circle of imports, and only that', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
    ]);
    expect(importCycles(graph)).toEqual([['a', 'b', 'c'], ['e']]);
  });

  it.each(apps)('%s/src has no module importing itself through others', (app) => {
    const graph = importGraph(join(frontends, app, 'src'));
    expect(graph.size).toBeGreaterThan(5);
    expect(importCycles(graph).map((cycle) => cycle.map((file) => relative(frontends, file)))).toEqual([]);
  });
});
