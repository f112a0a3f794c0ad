import { describe, expect, it } from '@jest/globals';
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { halfOf, loadClinicalQueries } from './clinical-queries.js';
import { repoRoot } from './datasets.js';

const queries = loadClinicalQueries(resolve(repoRoot, 'bench/data/clinical-queries.json'));
const extraTune = loadClinicalQueries(resolve(repoRoot, 'bench/data/clinical-queries-tune-extra.json'));
const starterDocuments = new Set(
  readdirSync(resolve(repoRoot, 'services/search/corpus'), { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.md') && !path.endsWith('README.md'))
    .map((path) => path.replace(/\.md$/, '')),
);

describe('the frozen clinical queries', () => {
  it('hold at least 150 distinct queries of every kind, split by the hash of their text', () => {
    expect(queries.length).toBeGreaterThanOrEqual(150);
    expect(new Set(queries.map((query) => query.query)).size).toBe(queries.length);
    expect(new Set(queries.map((query) => query.kind))).toEqual(new Set(['paraphrase', 'lay', 'abbreviation', 'paediatric', 'typo-1', 'typo-2']));
    for (const query of queries) expect(query.half).toBe(halfOf(query.query));
    expect(queries.filter((query) => query.half === 'test').length).toBeGreaterThanOrEqual(75);
  });

  it('judge only starter documents, each query at least one of them fully relevant', () => {
    for (const query of [...queries, ...extraTune]) {
      for (const document of Object.keys(query.relevant)) expect(starterDocuments).toContain(document);
      expect(Object.values(query.relevant)).toContain(2);
    }
  });
});

describe('the extra tune queries', () => {
  it('are tune queries only, none of them a query of the frozen set', () => {
    const frozen = new Set(queries.flatMap((query) => [query.query, query.intended ?? query.query].map(normalised)));
    expect(extraTune.length).toBeGreaterThanOrEqual(150);
    for (const query of extraTune) {
      expect(query.half).toBe('tune');
      expect(frozen).not.toContain(normalised(query.query));
      expect(frozen).not.toContain(normalised(query.intended ?? query.query));
    }
  });
});

function normalised(query: string): string {
  return query.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}
