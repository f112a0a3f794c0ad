import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { Topics } from '@cairn/contracts';
import { EVENT_BUS, InProcessEventBus, type EventBus } from '@cairn/platform';
import { SAMPLE_QUERIES } from '@cairn/rules';
import { startTestApp, type TestApp } from '@cairn/testing';
import { SearchAppModule } from '../src/app.module.js';
import { userOwner } from '../src/chunks/chunk.js';
import { SearchService } from '../src/search/search.service.js';

interface User {
  uid: string;
  token: string;
}

const EXPECTED_TOPIC: Record<(typeof SAMPLE_QUERIES)[number], RegExp> = {
  'dengue symptoms': /dengue/i,
  'malaria treatment': /malaria/i,
  'heart attack response': /heart attack|myocardial/i,
  'asthma attack emergency': /asthma/i,
  'COVID-19 home management': /covid/i,
  'stroke warning signs and FAST test': /stroke/i,
  'diabetes management': /diabet/i,
  'preventing mosquito-borne diseases': /mosquito/i,
  'childhood fever': /fever/i,
  'CPR for cardiac arrest': /cardiac arrest|cpr/i,
};

describe('search service', () => {
  let api: TestApp;
  let bus: InProcessEventBus;
  let alice: User;
  let bob: User;

  const user = async (name: string): Promise<User> => {
    const uid = `${name}-${randomUUID()}`;
    return { uid, token: await api.tokenFor(uid) };
  };
  const search = (who: User, body: unknown, params = '') =>
    api.request('POST', `/protocols/search?use_hybrid=true&enhance_query=true${params}`, { token: who.token, body });
  const approve = async (ownerId: string, protocolId: string, title: string, disease: string, steps: string[]) => {
    await bus.publish(Topics.protocolApproved, {
      protocol: {
        protocolId,
        ownerId,
        title,
        organization: 'St Mary Hospital',
        region: 'Kerala',
        year: 2025,
        disease,
        sourceFile: `${protocolId}.pdf`,
        sections: [{ heading: 'Steps', body: steps.join('\n') }],
      },
    });
    await bus.idle();
  };

  beforeAll(async () => {
    api = await startTestApp((config) => SearchAppModule.forRoot(config), { service: 'search' });
    bus = api.app.get<EventBus>(EVENT_BUS) as InProcessEventBus;
    alice = await user('alice');
    bob = await user('bob');
  }, 60_000);
  afterAll(async () => {
    await api.close();
  });

  it('answers in the spec shape with 8 hits by default', async () => {
    const response = await search(alice, { query: 'dengue symptoms' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ total: expect.any(Number), took_ms: expect.any(Number), hits: expect.any(Array) });
    expect(response.body.hits).toHaveLength(8);
    expect(response.body.hits[0]).toEqual({
      id: expect.any(String),
      score: expect.any(Number),
      fusion_score: expect.any(Number),
      source: {
        title: expect.any(String),
        organization: expect.stringMatching(/^(WHO|CDC|NHS|ICMR)$/),
        region: expect.any(String),
        year: expect.any(Number),
        disease: expect.any(String),
        section: expect.any(String),
        body: expect.any(String),
        source_url: expect.stringMatching(/^https?:\/\//),
        owner: 'global',
      },
    });
    expect((await search(alice, { query: 'dengue symptoms', size: 3 })).body.hits).toHaveLength(3);
  });

  it.each(SAMPLE_QUERIES.map((query) => [query]))('ranks a document on the topic first for %j', async (query) => {
    for (const params of ['', '&use_hybrid=false']) {
      const response = await api.request('POST', `/protocols/search?enhance_query=true${params}`, { token: alice.token, body: { query } });
      const top = response.body.hits[0].source;
      expect(`${top.title} ${top.disease}`).toMatch(EXPECTED_TOPIC[query as keyof typeof EXPECTED_TOPIC]);
      expect(response.body.hits[0].score).toBeGreaterThanOrEqual(6);
    }
  });

  it('corrects typos from the index vocabulary and says what it searched, unless enhance_query is off', async () => {
    const corrected = await search(alice, { query: 'denge fevr treatment' });
    expect(corrected.body.corrected_query).toBe('dengue fever treatment');
    expect(corrected.body.hits[0].source.disease).toMatch(/dengue/i);
    expect(corrected.body.hits[0].score).toBeGreaterThanOrEqual(6);
    expect((await search(alice, { query: 'dengue fever treatment' })).body).not.toHaveProperty('corrected_query');
    const literal = await api.request('POST', '/protocols/search?use_hybrid=true&enhance_query=false', { token: alice.token, body: { query: 'denge fevr treatment' } });
    expect(literal.body).not.toHaveProperty('corrected_query');
    const family = await search(alice, { query: 'gran confused with a high fevr' });
    expect(family.body.corrected_query).toBe('gran confused with a high fever');
  });

  it.each(['swallow screen before oral meds', 'bloods and nebs for asthma', 'iv antibiotics stat'])('reads the shorthand in %j as clinicians mean it, not as a typo', async (query) => {
    expect((await search(alice, { query })).body).not.toHaveProperty('corrected_query');
  });

  it.each([
    ['astma attack in kids', /asthma/i],
    ['using an AED on an unresponsive person', /cardiac arrest/i],
    ['my toddler has a temperature of 38.5 degrees', /fever in children|childhood fever/i],
  ])('reads typos, abbreviations and lay words in %j', async (query, topic) => {
    const top = (await search(alice, { query })).body.hits[0].source;
    expect(top.disease).toMatch(topic);
  });

  it('expands clinical abbreviations when enhance_query is on', async () => {
    const enhanced = await search(alice, { query: 'MI' });
    expect(`${enhanced.body.hits[0].source.title}`).toMatch(/heart attack|myocardial/i);
  });

  it("indexes a user's approved protocol for that user only, in mixed and user_only scopes", async () => {
    await approve(alice.uid, 'kala-azar-1', 'Kala-azar (visceral leishmaniasis) ward protocol', 'Visceral Leishmaniasis', [
      'Confirm kala-azar with an rK39 rapid diagnostic test in a patient with fever for more than two weeks.',
      'Give single-dose liposomal amphotericin B 10 mg/kg by infusion.',
    ]);
    const mixed = await search(alice, { query: 'kala-azar treatment' });
    expect(mixed.body.hits[0].source).toMatchObject({ owner: alice.uid, organization: 'St Mary Hospital', title: expect.stringContaining('Kala-azar') });
    const mine = await search(alice, { query: 'kala-azar treatment' }, `&search_mode=user_only&user_id=${alice.uid}`);
    expect(mine.body.hits.length).toBeGreaterThan(0);
    expect(mine.body.hits.every((hit: { source: { owner: string } }) => hit.source.owner === alice.uid)).toBe(true);
    const global = await search(alice, { query: 'kala-azar treatment' }, '&search_mode=global_only');
    expect(global.body.hits.every((hit: { source: { owner: string } }) => hit.source.owner === 'global')).toBe(true);
    for (const mode of ['mixed', 'user_only', 'global_only']) {
      const theirs = await search(bob, { query: 'kala-azar liposomal amphotericin rK39' }, `&search_mode=${mode}`);
      expect(theirs.body.hits.some((hit: { source: { owner: string } }) => hit.source.owner === alice.uid)).toBe(false);
    }
  });

  it('scores an off-topic user collection under 6 and an on-topic one at 6 or more', async () => {
    const carol = await user('carol');
    await approve(carol.uid, 'insulin-1', 'Insulin titration in type 2 diabetes', 'Diabetes', [
      'Start basal insulin at 10 units at bedtime when HbA1c stays above target on two oral agents.',
      'Raise the dose by 2 units every 3 days until fasting glucose is 4 to 7 mmol/L.',
    ]);
    const offTopic = await search(carol, { query: 'dengue warning signs' }, '&search_mode=user_only');
    expect(offTopic.body.hits.length === 0 || offTopic.body.hits[0].score < 6).toBe(true);
    const onTopic = await search(carol, { query: 'insulin dose for type 2 diabetes' }, '&search_mode=user_only');
    expect(onTopic.body.hits[0].score).toBeGreaterThanOrEqual(6);
  });

  it('re-indexes an updated protocol and removes deleted ones and erased users', async () => {
    const dave = await user('dave');
    await approve(dave.uid, 'p-1', 'Melioidosis protocol', 'Melioidosis', ['Give ceftazidime for melioidosis.']);
    await bus.publish(Topics.protocolUpdated, {
      protocol: { protocolId: 'p-1', ownerId: dave.uid, title: 'Scrub typhus protocol', disease: 'Scrub typhus', sections: [{ heading: 'Treat', body: 'Give doxycycline for scrub typhus.' }] },
    });
    await bus.idle();
    const userOnly = '&search_mode=user_only';
    expect((await search(dave, { query: 'melioidosis ceftazidime' }, userOnly)).body.hits).toEqual([]);
    expect((await search(dave, { query: 'scrub typhus doxycycline' }, userOnly)).body.hits[0].source.title).toBe('Scrub typhus protocol');
    await bus.publish(Topics.protocolDeleted, { protocolId: 'p-1', ownerId: dave.uid });
    await approve(dave.uid, 'p-2', 'Leptospirosis protocol', 'Leptospirosis', ['Give doxycycline for leptospirosis.']);
    expect((await search(dave, { query: 'scrub typhus doxycycline' }, userOnly)).body.hits.every((h: { source: { title: string } }) => h.source.title !== 'Scrub typhus protocol')).toBe(true);
    await bus.publish(Topics.userDeleted, { userId: dave.uid });
    await bus.idle();
    expect((await search(dave, { query: 'leptospirosis doxycycline' }, userOnly)).status).toBe(401);
    const left = await api.app.get(SearchService).search({ query: 'leptospirosis doxycycline', size: 8, owners: [userOwner(dave.uid)], mode: 'keyword', enhance: false });
    expect(left.hits).toEqual([]);
  });

  it.each([
    [{ query: '' }, '', 'empty', 'query'],
    [{ query: '   ' }, '', 'empty', 'query'],
    [{ query: 'x'.repeat(1001) }, '', 'invalid_query', 'query'],
    [{ query: 'dengue' }, '&search_mode=everything', 'invalid_input', 'search_mode'],
    [{ query: 'dengue' }, '&use_hybrid=maybe', 'invalid_input', 'use_hybrid'],
    [{ query: 'dengue', size: 0 }, '', 'invalid_input', 'size'],
    [{}, '', 'invalid_input', 'query'],
  ])('refuses %j %s with 400 %s naming %s', async (body, params, category, field) => {
    const response = await search(alice, body, params);
    expect(response.status).toBe(400);
    expect(response.body.detail).toMatchObject({ category, field });
    expect(response.body.detail.message).toMatch(new RegExp(field === 'query' && category === 'empty' ? 'Please enter' : field, 'i'));
  });

  it("needs a token, and refuses another user's user_id", async () => {
    expect((await api.request('POST', '/protocols/search', { body: { query: 'dengue' } })).status).toBe(401);
    expect((await search(alice, { query: 'dengue' }, `&user_id=${bob.uid}`)).status).toBe(403);
  });
});
