import { describe, expect, it } from '@jest/globals';
import { ApiClient, LONG_REQUEST_TIMEOUT_MS, type Timers } from '@cairn/frontend-shared';
import { generateProtocol, readSearchResult, searchModeFor, searchProtocols } from './search.resource';

function apiAnswering(status: number, body: unknown) {
  const calls: { url: string; body: unknown }[] = [];
  const timeouts: number[] = [];
  const timers: Timers = {
    setTimeout: (_callback, ms) => timeouts.push(ms),
    clearTimeout: () => undefined,
  };
  const fetchImpl = (async (url: string, init: RequestInit) => {
    calls.push({ url, body: JSON.parse(String(init.body)) });
    return new Response(JSON.stringify(body), { status });
  }) as unknown as typeof fetch;
  return { api: new ApiClient({ baseUrl: '/api', fetch: fetchImpl, timers }), calls, timeouts };
}

const hit = {
  id: 'who/dengue#1',
  score: 10,
  source: {
    title: 'Dengue',
    organization: 'WHO',
    region: 'Global',
    year: 2012,
    disease: 'Dengue',
    section: 'Warning signs',
    body: 'Look for abdominal pain.',
    source_url: 'https://who.int/d',
    owner: 'global',
  },
};

describe('search call', () => {
  it('maps the scope buttons to search modes', () => {
    expect(searchModeFor('all')).toBe('mixed');
    expect(searchModeFor('user')).toBe('user_only');
    expect(searchModeFor('global')).toBe('global_only');
    expect(searchModeFor('hospital')).toBe('hospital_only');
  });

  it('keeps the hospital of a hit from the hospital library', () => {
    const library = { ...hit, source: { ...hit.source, owner: 'hospital', hospital: "St Mary's Hospital", source_file: 'lithium.pdf' } };
    const read = readSearchResult({ hits: [library, hit] }).hits;
    expect(read.map((each) => [each.source.hospital, each.source.source_file])).toEqual([["St Mary's Hospital", 'lithium.pdf'], [undefined, undefined]]);
  });

  it('asks for 8 hybrid hits of the scope with the enhanced query', async () => {
    const { api, calls } = apiAnswering(200, { total: 1, took_ms: 12.5, hits: [hit] });
    const result = await searchProtocols(api, { query: 'dengue symptoms', scope: 'user', uid: 'u 1' });
    expect(calls).toEqual([
      {
        url: '/api/protocols/search?use_hybrid=true&enhance_query=true&user_id=u+1&search_mode=user_only',
        body: { query: 'dengue symptoms', size: 8 },
      },
    ]);
    expect(result).toEqual({ total: 1, took_ms: 12.5, hits: [hit] });
  });

  it('tolerates hits with missing fields', () => {
    expect(readSearchResult({ hits: [{ source: { title: 'T' } }, 'junk'] })).toEqual({
      total: 1,
      took_ms: 0,
      hits: [
        {
          id: 'hit_0',
          score: 0,
          source: { title: 'T', organization: '', region: '', year: null, disease: '', section: '', body: '', source_url: '', owner: '' },
        },
      ],
    });
    expect(() => readSearchResult('oops')).toThrow('Search failed');
    expect(readSearchResult({ corrected_query: 'dengue fever treatment', total: 0, took_ms: 1, hits: [] })).toEqual({
      corrected_query: 'dengue fever treatment',
      total: 0,
      took_ms: 1,
      hits: [],
    });
  });
});

describe('generate call', () => {
  it('posts the request with the 45 s timeout', async () => {
    const { api, calls, timeouts } = apiAnswering(200, { title: 'Dengue', checklist: [] });
    const request = { title: 'dengue', context_snippets: ['dengue'], instructions: 'x', region: null, year: null };
    await expect(generateProtocol(api, request)).resolves.toEqual({ title: 'Dengue', checklist: [] });
    expect(calls).toEqual([{ url: '/api/protocols/generate', body: request }]);
    expect(timeouts).toEqual([LONG_REQUEST_TIMEOUT_MS]);
  });

  it('passes a refusal on with its category', async () => {
    const { api } = apiAnswering(400, { detail: { message: 'Please ask a medical question.', category: 'irrelevant' } });
    const request = { title: 'football', context_snippets: ['football'], instructions: 'x', region: null, year: null };
    await expect(generateProtocol(api, request)).rejects.toMatchObject({ status: 400, category: 'irrelevant' });
  });
});
