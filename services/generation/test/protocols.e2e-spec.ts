import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Topics } from '@cairn/contracts';
import { EVENT_BUS, respondTo, type EventBus } from '@cairn/platform';
import { startTestApp, type TestApp } from '@cairn/testing';
import { GenerationAppModule } from '../src/app.module.js';

const snippets = [
  {
    text: '- Suspect dengue in a febrile person with two of: nausea, rash, aches or a positive tourniquet test.\n- Give paracetamol for fever, no more than 3 g a day in adults.\n- Do not give aspirin or ibuprofen, because they increase the risk of bleeding.\nSevere dengue usually develops between days 3 and 7.',
    title: 'Dengue: symptoms and warning signs',
    organization: 'WHO',
    year: 2012,
    region: 'Global',
    url: 'https://www.who.int/publications/i/item/9789241504713',
    section: 'Recognise dengue',
  },
  {
    text: '- Admit patients with abdominal pain, persistent vomiting or mucosal bleeding as warning signs of severe dengue.\n- Check the haematocrit and platelet count daily during the critical phase.',
    title: 'Dengue fever: warning signs and when to refer',
    organization: 'ICMR',
    year: 2019,
    region: 'India',
    url: '',
    section: 'Warning signs',
  },
];

describe('generation service', () => {
  let api: TestApp;
  let token: string;
  const post = (path: string, body: unknown) => api.request('POST', path, { token, body });

  beforeAll(async () => {
    api = await startTestApp((config) => GenerationAppModule.forRoot(config), { service: 'generation' });
    token = await api.tokenFor('clinician-1');
    const bus = api.app.get<EventBus>(EVENT_BUS);
    await respondTo(bus, Topics.searchRequested, Topics.searchAnswered, 'search', async ({ payload }) => ({
      total: 1,
      ...(/pear drops/.test(payload.query) && { expansions: ['ketoacidosis'] }),
      ...(/asprin/.test(payload.query) && { correctedQuery: payload.query.replace('asprin', 'aspirin') }),
      hits: payload.userId === 'clinician-1' ? [{ id: 'nhs#1', title: 'Dengue: fluids', organization: 'NHS', body: 'Give oral rehydration solution in small frequent sips to a child with dengue who is vomiting.', sourceUrl: 'https://www.nhs.uk/conditions/dengue/', relevance: /dengue|vomit/i.test(payload.query) ? 8 : 1 }] : [],
    }));
  });
  afterAll(async () => {
    await api.close();
  });

  describe('POST /protocols/generate', () => {
    it('answers with cited steps and the spec fields', async () => {
      const response = await post('/protocols/generate', { title: 'dengue symptoms', context_snippets: snippets, instructions: 'strict', region: null, year: null });
      expect(response.status).toBe(200);
      const protocol = response.body;
      expect(protocol).toMatchObject({
        title: 'Dengue Symptoms',
        intent: 'symptoms',
        region: 'Global',
        year: new Date().getFullYear(),
        organization: 'WHO, ICMR',
        lastUpdated: new Date().toISOString().slice(0, 10),
      });
      expect(protocol.checklist.length).toBeGreaterThanOrEqual(4);
      protocol.checklist.forEach((step: { step: number; citation: number; citations: number[]; text: string }, index: number) => {
        expect(step.step).toBe(index + 1);
        expect([1, 2]).toContain(step.citation);
        expect(step.citations[0]).toBe(step.citation);
        expect(step.text).not.toMatch(/\[Source/);
      });
      expect(protocol.citations).toEqual([
        expect.objectContaining({ id: 1, source: 'Dengue: symptoms and warning signs — Recognise dengue', organization: 'WHO', year: 2012, url: snippets[0].url }),
        expect.objectContaining({ id: 2, organization: 'ICMR', region: 'India', url: '' }),
      ]);
    });

    it('strips the source tags clients put on snippets from every step and explanation', async () => {
      const labelled = snippets.map((snippet, index) => (index === 0 ? `[Source 1] (Dengue): ${snippet.text}` : `Source ${index + 1}: ${snippet.text}`));
      const response = await post('/protocols/generate', { title: 'dengue symptoms', context_snippets: labelled, instructions: 'x', region: null, year: null });
      expect(response.status).toBe(200);
      expect(response.body.checklist.length).toBeGreaterThan(0);
      for (const step of response.body.checklist) expect(`${step.text} ${step.explanation}`).not.toMatch(/Source \d|\(Dengue\):/);
      expect(response.body.citations.find((c: { id: number }) => c.id === 1)?.source).toBe('Dengue');
    });

    it('keeps at most six sources and works from plain-text snippets', async () => {
      const actions = ['oral rehydration solution', 'zinc tablets', 'breast milk', 'clean water', 'extra fluids', 'soup', 'rice water', 'yoghurt drinks', 'coconut water'];
      const many = actions.map((action, i) => `For diarrhoea rehydration, give ${action} after each loose stool, from day ${i + 1}.`);
      const response = await post('/protocols/generate', { title: 'diarrhoea rehydration', context_snippets: many });
      expect(response.status).toBe(200);
      const ids = response.body.citations.map((c: { id: number }) => c.id);
      expect(ids.length).toBeGreaterThan(0);
      expect(ids.length).toBeLessThanOrEqual(6);
      for (const id of ids) expect(id).toBeLessThanOrEqual(6);
    });

    it('cites what search finds for a query sent alone, never the query, and gives no steps when search finds nothing', async () => {
      const bare = await post('/protocols/generate', { title: 'dengue vomiting child fluids' });
      expect(bare.status).toBe(200);
      expect(bare.body.citations).toEqual([expect.objectContaining({ id: 1, organization: 'NHS', url: 'https://www.nhs.uk/conditions/dengue/' })]);
      expect(bare.body.checklist.map((step: { text: string }) => step.text)).toEqual(['Give oral rehydration solution in small frequent sips to a child with dengue who is vomiting.']);
      const other = await api.tokenFor('clinician-2');
      const nothing = await api.request('POST', '/protocols/generate', { token: other, body: { title: 'dengue vomiting child fluids' } });
      expect(nothing.status).toBe(200);
      expect(nothing.body).toMatchObject({ checklist: [], citations: [] });
    });

    it('greets a greeting and refuses what it should, echoing the query', async () => {
      const greeting = await post('/protocols/generate', { title: 'hello' });
      expect(greeting.status).toBe(200);
      expect(greeting.body).toMatchObject({ category: 'greeting', checklist: [], message: expect.stringContaining('Cairn') });
      for (const [title, category] of [
        ['', 'empty'],
        ['weather in Paris tomorrow', 'irrelevant'],
        ['how to poison someone without getting caught', 'harmful'],
        ['botox for wrinkles', 'out_of_scope_medical'],
        ['ab', 'too_short'],
        ['x'.repeat(1001), 'invalid_query'],
      ]) {
        const refused = await post('/protocols/generate', { title });
        expect(refused.status).toBe(400);
        expect(refused.body.detail.category).toBe(category);
        if (title.length > 3 && title.length < 100) expect(refused.body.detail.message).toContain(`"${title}"`);
      }
      expect((await post('/protocols/generate', { context_snippets: snippets })).body.detail).toMatchObject({ category: 'invalid_input', field: 'title' });
    });

    it('reads the question of passages the client sends as search reads it, and goes on with a question search judged its lead passage about', async () => {
      const ketoacidosis = {
        text: '- Check blood ketones and glucose at once in anyone with ketoacidosis symptoms.\n- Start intravenous fluids for ketoacidosis straight away.',
        title: 'Diabetic ketoacidosis',
        section: 'Treat',
        relevance: 4,
      };
      const understood = await post('/protocols/generate', { title: 'breath smells of pear drops', context_snippets: [ketoacidosis] });
      expect(understood.status).toBe(200);
      expect(understood.body.checklist.length).toBeGreaterThan(0);
      const concussion = { text: '- Remove an athlete from play at once when concussion is suspected.', title: 'Concussion', section: 'Recognise', relevance: 9 };
      const judged = await post('/protocols/generate', { title: 'back to football after the knock', context_snippets: [concussion] });
      expect(judged.status).toBe(200);
      expect(judged.body.checklist.map((step: { text: string }) => step.text)).toEqual(['Remove an athlete from play at once when concussion is suspected.']);
      expect((await post('/protocols/generate', { title: 'back to football after the knock', context_snippets: [{ ...concussion, relevance: 2 }] })).status).toBe(400);
      expect((await post('/protocols/generate', { title: 'kid bumped his head at football', context_snippets: [{ ...concussion, relevance: 2 }] })).status).toBe(200);
    });

    it('needs a token', async () => {
      expect((await api.request('POST', '/protocols/generate', { body: { title: 'dengue' } })).status).toBe(401);
    });
  });

  describe('POST /protocols/conversation', () => {
    const protocol = {
      title: 'Dengue Symptoms',
      checklist: [{ step: 1, text: 'Give paracetamol for fever, no more than 3 g a day in adults.', explanation: '', citation: 1, citations: [1] }],
      citations: [{ id: 1, source: 'Dengue: symptoms and warning signs', organization: 'WHO', url: snippets[0].url, excerpt: snippets[0].text }],
    };
    const ask = (message: string, extra: Record<string, unknown> = {}) =>
      post('/protocols/conversation', {
        message,
        concept_title: 'Dengue Symptoms',
        protocol_json: protocol,
        citations_list: protocol.citations,
        conversation_history: [{ role: 'user', content: 'dengue symptoms' }],
        enable_context_search: false,
        user_id: 'clinician-1',
        ...extra,
      });

    it('reads a misspelt question as search corrects it', async () => {
      const response = await ask('should I avoid asprin?');
      expect(response.status).toBe(200);
      expect(response.body.answer).toMatch(/^Do not give aspirin or ibuprofen/);
    });

    it('answers from the protocol sources with citations, follow-ups and no new sources', async () => {
      const response = await ask('What is the maximum paracetamol dose?');
      expect(response.status).toBe(200);
      expect(response.body.answer).toMatch(/3 g a day.*\[1\]/);
      expect(response.body.citations[0]).toMatchObject({ id: 1, title: 'Dengue: symptoms and warning signs', organization: 'WHO', source_url: snippets[0].url });
      expect(response.body.citations[0].relevance_score).toBeGreaterThan(0);
      expect(response.body.citations[0].relevance_score).toBeLessThanOrEqual(1);
      expect(response.body.used_new_sources).toBe(false);
      expect(response.body.follow_up_questions.length).toBeLessThanOrEqual(5);
      expect(response.body.follow_up_questions.map((q: { category: string }) => q.category)).not.toContain('dosage');
      for (const question of response.body.follow_up_questions) {
        expect(['dosage', 'symptoms', 'complications', 'timing', 'safety', 'general']).toContain(question.category);
      }
    });

    it('keeps the documents of plain-text citations, and no source tag reaches the answer', async () => {
      const labelled = snippets.map((snippet, index) => `[Source ${index + 1}] (Dengue): ${snippet.text}`);
      const response = await ask('What is the maximum paracetamol dose?', { citations_list: labelled });
      expect(response.status).toBe(200);
      expect(response.body.answer).not.toMatch(/Source \d|\(Dengue\):/);
      expect(response.body.citations[0]).toMatchObject({ id: 1, title: 'Dengue: symptoms and warning signs', organization: 'WHO', source_url: snippets[0].url });
    });

    it('reads a follow-up that names no topic against the previous question of the conversation', async () => {
      const history = [
        { role: 'user', content: 'Can I give ibuprofen to a patient with dengue?' },
        { role: 'assistant', content: 'No: do not give aspirin or ibuprofen [1].' },
      ];
      const withHistory = await ask('why?', { conversation_history: history });
      expect(withHistory.status).toBe(200);
      expect(withHistory.body.answer).toMatch(/risk of bleeding/);
      const alone = await ask('why?', { conversation_history: [] });
      expect(alone.body.answer).not.toMatch(/risk of bleeding/);
    });

    it('searches beyond the protocol over the bus when context search is on', async () => {
      const response = await ask('How should a vomiting child take fluids?', { enable_context_search: true });
      expect(response.status).toBe(200);
      expect(response.body.used_new_sources).toBe(true);
      expect(response.body.answer).toMatch(/small frequent sips.*\[2\]/);
      expect(response.body.citations.find((c: { id: number }) => c.id === 2)).toMatchObject({ organization: 'NHS', source_url: 'https://www.nhs.uk/conditions/dengue/' });
    });

    it('says so, with an uncertainty note, when the sources do not answer', async () => {
      const response = await ask('Which antivenom works for krait bites?');
      expect(response.body.uncertainty_note).toMatch(/partly answer|Check local guidance/);
    });

    it('never quotes a protocol step that contradicts the source it cites', async () => {
      const flipped = {
        title: 'Fever',
        checklist: [{ step: 1, text: 'Give aspirin to children under 16 years for fever.', explanation: '', citation: 1, citations: [1] }],
        citations: [{ id: 1, source: 'Fever in children', organization: 'NHS', url: '', excerpt: 'Do not give aspirin to children under 16 years. Give paracetamol for fever.' }],
      };
      const response = await post('/protocols/conversation', { message: 'Can I give aspirin to children for fever?', concept_title: 'Fever', protocol_json: flipped, citations_list: [] });
      expect(response.status).toBe(200);
      expect(response.body.answer).toContain('Do not give aspirin to children under 16 years. [1]');
      expect(response.body.answer).not.toContain('Give aspirin to children');
    });

    it("checks the message and refuses another user's id", async () => {
      expect((await ask('   ')).body.detail).toEqual({ category: 'invalid_message', message: 'Message cannot be empty' });
      expect((await ask('x'.repeat(1001))).body.detail.message).toBe('Message too long (max 1000 characters)');
      expect((await ask('dose?', { user_id: 'someone-else' })).status).toBe(403);
      expect((await ask('hi')).body.answer).toMatch(/Cairn/);
    });
  });

  describe('POST /protocols/step-thread', () => {
    it('answers about one step from the source it cites', async () => {
      const response = await post('/protocols/step-thread', {
        message: 'Why not ibuprofen?',
        step_id: 'step-2',
        step_text: 'Give paracetamol for fever, no more than 3 g a day in adults.',
        step_citation: 1,
        protocol_title: 'Dengue Symptoms',
        protocol_citations: [{ id: 1, excerpt: snippets[0].text }, { id: 2, excerpt: snippets[1].text }],
        thread_history: [],
      });
      expect(response.status).toBe(200);
      expect(response.body.message).toMatch(/ibuprofen.*bleeding.*\[1\]/);
    });

    it('does not repeat a step as cited when its cited source does not state it', async () => {
      const response = await post('/protocols/step-thread', {
        message: 'Why?',
        step_id: 'step-1',
        step_text: 'Give aspirin 300 mg to adults.',
        step_citation: 1,
        protocol_title: 'Dengue Symptoms',
        protocol_citations: [{ id: 1, excerpt: 'Check the platelet count daily during the critical phase.' }],
        thread_history: [],
      });
      expect(response.body.message).toBe('The cited source does not state this step as written. Check it against the source before acting on it. [1]');
    });

    it('validates the message', async () => {
      const response = await post('/protocols/step-thread', { message: '', step_text: 'x' });
      expect(response.body.detail.category).toBe('invalid_message');
    });
  });
});
