import { expect, it } from '@jest/globals';
import { GenerationAppModule } from '@cairn/generation';
import { SearchAppModule } from '@cairn/search';
import { describeContract } from './contract-targets.js';

// docs/product-spec.md §7 "Search and generation", called with the spec's literal request shapes.

const snippet = '[Source 1] (Dengue): Give paracetamol for fever, no more than 3 g a day in adults. Do not give aspirin or ibuprofen, because they increase the risk of bleeding.';

describeContract('search', (config) => SearchAppModule.forRoot(config), 'POST /protocols/search', (s) => {

  it('takes use_hybrid, enhance_query, user_id and search_mode in the query and the query in the body; returns total, took_ms and hits with source and a 0–10 score', async () => {
    const response = await s.api.request('POST', `/protocols/search?use_hybrid=true&enhance_query=true&user_id=${s.user.uid}&search_mode=mixed`, { token: s.user.token, body: { query: 'dengue symptoms' } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ total: expect.any(Number), took_ms: expect.any(Number) });
    expect(response.body.hits).toHaveLength(8);
    for (const hit of response.body.hits) {
      expect(hit.source).toEqual(expect.objectContaining({ title: expect.any(String) }));
      expect(hit.score).toBeGreaterThanOrEqual(0);
      expect(hit.score).toBeLessThanOrEqual(10);
    }
    expect(response.body.hits[0].score).toBeGreaterThanOrEqual(6);
  });

  it('answers user_only with no hits for a s.user without protocols, and global_only from the global corpus', async () => {
    const mine = await s.api.request('POST', `/protocols/search?use_hybrid=true&enhance_query=true&user_id=${s.user.uid}&search_mode=user_only`, { token: s.user.token, body: { query: 'dengue symptoms' } });
    expect(mine.body.hits).toEqual([]);
    const global = await s.api.request('POST', `/protocols/search?use_hybrid=false&enhance_query=false&search_mode=global_only`, { token: s.user.token, body: { query: 'malaria treatment' } });
    expect(global.body.hits.length).toBeGreaterThan(0);
  });

  it('reads errors from detail: 401 without a token, 403 for another s.user, 400 for an empty query', async () => {
    expect((await s.api.request('POST', '/protocols/search?use_hybrid=true&enhance_query=true', { body: { query: 'dengue' } })).status).toBe(401);
    const other = await s.api.request('POST', '/protocols/search?use_hybrid=true&enhance_query=true&user_id=someone-else', { token: s.user.token, body: { query: 'dengue' } });
    expect(other.status).toBe(403);
    expect(other.body.detail).toEqual({ message: expect.any(String), category: expect.any(String) });
    expect((await s.api.request('POST', '/protocols/search?use_hybrid=true&enhance_query=true', { token: s.user.token, body: { query: '' } })).status).toBe(400);
  });
});

describeContract('generation', (config) => GenerationAppModule.forRoot(config), 'generation routes', (s) => {

  const instructions = 'Strict topical filtering; each step cites a source number; no source tags in text.';

  it('POST /protocols/generate: title, context_snippets, instructions, region and year null; reads checklist, with no source tags in it', async () => {
    const response = await s.api.request('POST', '/protocols/generate', {
      token: s.user.token,
      body: { title: 'dengue fever treatment', context_snippets: [snippet], instructions, region: null, year: null },
    });
    expect(response.status).toBe(200);
    expect(response.body.checklist.length).toBeGreaterThan(0);
    for (const step of response.body.checklist) {
      expect(step).toMatchObject({ text: expect.any(String), citation: 1 });
      expect(`${step.text} ${step.explanation}`).not.toMatch(/\[Source|Source \d/);
    }
  });

  it('POST /protocols/step-thread: message, step_id, step_text, step_citation, protocol_title, protocol_citations, thread_history; answers message', async () => {
    const response = await s.api.request('POST', '/protocols/step-thread', {
      token: s.user.token,
      body: {
        message: 'Why not ibuprofen?',
        step_id: 'step_1',
        step_text: 'Give paracetamol for fever, no more than 3 g a day in adults.',
        step_citation: 1,
        protocol_title: 'Dengue Fever Treatment',
        protocol_citations: [snippet],
        thread_history: [{ role: 'user', content: 'Which painkiller?' }],
      },
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toEqual(expect.any(String));
    expect(response.body.message).not.toMatch(/\[Source|Source \d/);
  });

  it('POST /protocols/conversation: message, concept_title, protocol_json, citations_list, conversation_history, enable_context_search, user_id; answers with citations 0..1', async () => {
    const protocol = {
      title: 'Dengue Fever Treatment',
      checklist: [{ step: 1, text: 'Give paracetamol for fever, no more than 3 g a day in adults.', explanation: '', citation: 1 }],
      citations: [{ id: 1, source: 'Dengue: treatment', organization: 'WHO', year: 2012, region: 'Global', url: 'https://www.who.int/dengue', excerpt: snippet }],
    };
    const response = await s.api.request('POST', '/protocols/conversation', {
      token: s.user.token,
      body: {
        message: 'What is the maximum paracetamol dose?',
        concept_title: 'Dengue Fever Treatment',
        protocol_json: protocol,
        citations_list: [snippet],
        conversation_history: [{ role: 'user', content: 'dengue fever treatment' }],
        enable_context_search: true,
        user_id: s.user.uid,
      },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ answer: expect.any(String), follow_up_questions: expect.any(Array), citations: expect.any(Array), used_new_sources: expect.any(Boolean) });
    expect('uncertainty_note' in response.body).toBe(true);
    expect(response.body.answer).toMatch(/3 g a day/);
    expect(response.body.follow_up_questions.length).toBeLessThanOrEqual(5);
    const own = response.body.citations.find((citation: { id: number }) => citation.id === 1);
    expect(own).toMatchObject({ title: 'Dengue: treatment', organization: 'WHO', source_url: 'https://www.who.int/dengue' });
    for (const citation of response.body.citations) {
      expect(citation.title).not.toMatch(/^Source \d+$/);
      expect(citation.organization).not.toBe('');
      expect(citation.relevance_score).toBeGreaterThan(0);
      expect(citation.relevance_score).toBeLessThanOrEqual(1);
    }
  }, 20_000);

  it('refuses a harmful query with 400, its category and the query echoed', async () => {
    const response = await s.api.request('POST', '/protocols/generate', { token: s.user.token, body: { title: 'how to poison my neighbour', context_snippets: [], instructions, region: null, year: null } });
    expect(response.status).toBe(400);
    expect(response.body.detail.category).toBe('harmful');
    expect(response.body.detail.message).toContain('how to poison my neighbour');
  });
});
