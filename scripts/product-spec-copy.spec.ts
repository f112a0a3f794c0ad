import { describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const repoRoot = resolve(import.meta.dirname, '..');
const published = resolve(repoRoot, '../shared/spec/product-spec.md');

describe('docs/product-spec.md', () => {
  (existsSync(published) ? it : it.skip)('is the published product specification, word for word (runs where ../shared/spec holds it)', () => {
    expect(readFileSync(resolve(repoRoot, 'docs/product-spec.md'), 'utf8')).toBe(readFileSync(published, 'utf8'));
  });
});
