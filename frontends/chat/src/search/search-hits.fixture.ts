import type { SearchHit, SearchResult } from './search.resource';

/** A search hit for the specs, about `disease` with the given relevance. */
export function testHit(n: number, relevance = 10, disease = 'Dengue'): SearchHit {
  return {
    id: `who/${disease.toLowerCase()}#${n}`,
    score: relevance,
    source: {
      title: `${disease}: warning signs`,
      organization: n % 2 ? 'WHO' : 'NHS',
      region: n % 2 ? 'Global' : 'United Kingdom',
      year: 2020 + n,
      disease,
      section: `Section ${n}`,
      body: `Body of source ${n}.`,
      source_url: `https://example.org/${n}`,
      owner: 'global',
    },
  };
}

export const testResult = (hits: SearchHit[]): SearchResult => ({ total: hits.length * 5, took_ms: 14.2, hits });
