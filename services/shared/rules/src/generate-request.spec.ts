import { describe, expect, it } from '@jest/globals';
import { GENERATE_INSTRUCTIONS, buildGenerateRequest, type SnippetSource } from './generate-request.js';

const testHit = (n: number): SnippetSource => ({
  source: {
    title: 'Dengue: warning signs',
    organization: n % 2 ? 'WHO' : 'NHS',
    region: n % 2 ? 'Global' : 'United Kingdom',
    year: 2020 + n,
    section: `Section ${n}`,
    body: `Body of source ${n}.`,
    source_url: `https://example.org/${n}`,
  },
});

describe('buildGenerateRequest', () => {
  it('turns up to 6 hits into context snippets', () => {
    const hits = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => testHit(n));
    const request = buildGenerateRequest('dengue symptoms', hits);
    expect(request.title).toBe('dengue symptoms');
    expect(request.context_snippets).toHaveLength(6);
    expect(request.context_snippets[0]).toEqual({
      text: 'Body of source 1.',
      title: 'Dengue: warning signs',
      organization: 'WHO',
      year: 2021,
      region: 'Global',
      url: 'https://example.org/1',
      section: 'Section 1',
    });
    expect(request).toMatchObject({ instructions: GENERATE_INSTRUCTIONS, region: null, year: null });
  });

  it("passes on each hit's subject and calibrated relevance, so generation knows what search judged about the question", () => {
    const hit = { score: 8.4, source: { ...testHit(1).source, disease: 'Dengue' } };
    expect(buildGenerateRequest('DHF', [hit]).context_snippets[0]).toMatchObject({ disease: 'Dengue', relevance: 8.4 });
  });

  it('sends the query as the only context when nothing was found', () => {
    expect(buildGenerateRequest('childhood fever', []).context_snippets).toEqual(['childhood fever']);
  });

  it('asks for topical filtering, a cited source per step and no source tags', () => {
    expect(GENERATE_INSTRUCTIONS).toMatch(/only the sources that are about the topic/);
    expect(GENERATE_INSTRUCTIONS).toMatch(/cite the number of the source/);
    expect(GENERATE_INSTRUCTIONS).toMatch(/Do not put source tags/);
  });
});
