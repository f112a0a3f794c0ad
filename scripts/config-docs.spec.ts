import { describe, expect, it } from '@jest/globals';
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { renderConfigurationDocs } from './config-docs';

const repoRoot = resolve(import.meta.dirname, '..');
const docs = resolve(repoRoot, 'docs/configuration.md');

/** Environment variables the services' own code reads: `env.NAME` anywhere, and the keys of schemas given to parseEnv. */
function variablesReadByServices(): Set<string> {
  const names = new Set<string>();
  const files = readdirSync(join(repoRoot, 'services'), { recursive: true, encoding: 'utf8' }).filter(
    (file) => /\/src\/.*\.ts$/.test(file) && !/(^|\/)(node_modules|dist)\/|\.spec\.ts$/.test(file),
  );
  for (const file of files) {
    const text = readFileSync(join(repoRoot, 'services', file), 'utf8');
    for (const match of text.matchAll(/\benv\.([A-Z][A-Z0-9_]+)/g)) names.add(match[1]);
    if (text.includes('parseEnv(')) for (const match of text.matchAll(/^\s+([A-Z][A-Z0-9_]{2,}):\s/gm)) names.add(match[1]);
  }
  return names;
}

describe('docs/configuration.md', () => {
  it('is what scripts/config-docs.ts renders from the config schemas', () => {
    const current = readFileSync(docs, 'utf8');
    const outcome = current === renderConfigurationDocs() ? 'up to date' : 'docs/configuration.md differs from the config schemas: run `npm run docs:config`';
    expect(outcome).toBe('up to date');
  });

  it('documents every environment variable the services read', () => {
    const documented = new Set([...readFileSync(docs, 'utf8').matchAll(/^\| `([A-Z][A-Z0-9_]+)` \|/gm)].map((match) => match[1]));
    expect([...variablesReadByServices()].filter((name) => !documented.has(name)).sort()).toEqual([]);
  });
});
