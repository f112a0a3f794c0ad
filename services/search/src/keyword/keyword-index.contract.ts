import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { IndexedChunk } from '../chunks/chunk.js';
import type { KeywordIndex } from './keyword-index.port.js';

export function chunk(overrides: Partial<IndexedChunk> & Pick<IndexedChunk, 'id'>): IndexedChunk {
  return {
    documentId: overrides.id.split('#')[0],
    owner: 'global',
    source: 'starter',
    title: 'Untitled',
    organization: 'WHO',
    region: 'Global',
    year: 2020,
    disease: '',
    topics: [],
    section: '',
    body: '',
    sourceUrl: 'https://example.org/guideline',
    ...overrides,
  };
}

/** The behaviour every KeywordIndex adapter must have. Each test uses its own owners, so tests share one index. */
export function describeKeywordIndexContract(adapter: string, open: () => Promise<KeywordIndex>): void {
  describe(`KeywordIndex contract: ${adapter}`, () => {
    let index: KeywordIndex;
    const owner = () => `user-${randomUUID()}`;
    const ids = (hits: { id: string }[]) => hits.map((hit) => hit.id);

    beforeAll(async () => {
      index = await open();
    });
    afterAll(async () => {
      await index?.close();
    });

    it('returns stored chunks with their metadata, in the order asked', async () => {
      const me = owner();
      const a = chunk({ id: `${me}-a#1`, owner: me, title: 'Dengue', disease: 'Dengue', topics: ['fever'], year: null, body: 'Give fluids.' });
      const b = chunk({ id: `${me}-b#1`, owner: me, title: 'Malaria', section: 'Treat', body: 'Give ACT.' });
      await index.upsert([a, b]);
      expect(await index.get([b.id, 'missing', a.id])).toEqual([b, a]);
      expect(await index.get([])).toEqual([]);
    });

    it('ranks by BM25 over title, disease, section and body, with stemming', async () => {
      const me = owner();
      await index.upsert([
        chunk({ id: `${me}-1#1`, owner: me, title: 'Malaria treatment', body: 'Give artemisinin combination therapy.' }),
        chunk({ id: `${me}-2#1`, owner: me, title: 'Dengue fever', body: 'Recognise warning signs; vaccinations do not treat dengue.' }),
        chunk({ id: `${me}-3#1`, owner: me, title: 'Asthma', section: 'Vaccination', body: 'Offer influenza vaccination every year.' }),
      ]);
      expect(ids(await index.search({ terms: ['dengue'], owners: [me], size: 10 }))).toEqual([`${me}-2#1`]);
      const vaccine = ids(await index.search({ terms: ['vaccination'], owners: [me], size: 10 }));
      expect([...vaccine].sort()).toEqual([`${me}-2#1`, `${me}-3#1`].sort());
      expect(vaccine[0]).toBe(`${me}-3#1`);
      const hits = await index.search({ terms: ['malaria', 'treatments'], owners: [me], size: 10 });
      expect(ids(hits)[0]).toBe(`${me}-1#1`);
      expect(hits[0].score).toBeGreaterThan(0);
    });

    it('matches any of the terms, best first, and honours size', async () => {
      const me = owner();
      await index.upsert([
        chunk({ id: `${me}-1#1`, owner: me, body: 'sepsis antibiotics within one hour' }),
        chunk({ id: `${me}-2#1`, owner: me, body: 'sepsis fluids' }),
        chunk({ id: `${me}-3#1`, owner: me, body: 'antibiotics stewardship' }),
      ]);
      const hits = await index.search({ terms: ['sepsis', 'antibiotics'], owners: [me], size: 10 });
      expect(ids(hits)[0]).toBe(`${me}-1#1`);
      expect(hits).toHaveLength(3);
      expect(hits.map((hit) => hit.score)).toEqual([...hits.map((hit) => hit.score)].sort((x, y) => y - x));
      expect(await index.search({ terms: ['sepsis', 'antibiotics'], owners: [me], size: 2 })).toHaveLength(2);
      expect(await index.search({ terms: [], owners: [me], size: 5 })).toEqual([]);
      expect(await index.search({ terms: ['sepsis'], owners: [], size: 5 })).toEqual([]);
    });

    it('matches alternatives (a vocabulary\'s synonyms) below the words asked, in proportion to their weight', async () => {
      const me = owner();
      await index.upsert([
        chunk({ id: `${me}-mi#1`, owner: me, body: 'myocardial infarction and diet' }),
        chunk({ id: `${me}-ha#1`, owner: me, body: 'heart attack and diet' }),
        chunk({ id: `${me}-other#1`, owner: me, body: 'diet and sleep' }),
      ]);
      const asked = { terms: ['heart', 'attack'], owners: [me], size: 10 };
      expect(ids(await index.search(asked))).toEqual([`${me}-ha#1`]);
      const alternatives = [{ text: 'myocardial infarction', weight: 0.3 }];
      const hits = await index.search({ ...asked, alternatives });
      expect(ids(hits)).toEqual([`${me}-ha#1`, `${me}-mi#1`]);
      const heavier = await index.search({ ...asked, alternatives: [{ text: 'myocardial infarction', weight: 0.6 }] });
      expect(heavier[1].score / heavier[0].score).toBeGreaterThan(hits[1].score / hits[0].score);
    });

    it('only returns chunks of the owners asked for', async () => {
      const alice = owner();
      const bob = owner();
      await index.upsert([
        chunk({ id: `${alice}-x#1`, owner: alice, title: 'Zygomycosis protocol alice' }),
        chunk({ id: `${bob}-x#1`, owner: bob, title: 'Zygomycosis protocol bob' }),
      ]);
      expect(ids(await index.search({ terms: ['zygomycosis'], owners: [alice], size: 10 }))).toEqual([`${alice}-x#1`]);
      expect(ids(await index.search({ terms: ['zygomycosis'], owners: [bob, 'global'], size: 10 }))).toEqual([`${bob}-x#1`]);
      expect((await index.search({ terms: ['zygomycosis'], owners: [alice, bob], size: 10 })).length).toBe(2);
    });

    it("keeps an organisation's library apart from its members' chunks and other organisations'", async () => {
      const member = `user:${randomUUID()}`;
      const library = `org:${randomUUID()}`;
      const elsewhere = `org:${randomUUID()}`;
      await index.upsert([
        chunk({ id: `${member}/x#1`, documentId: 'x', owner: member, source: 'protocol', title: 'Chromoblastomycosis member' }),
        chunk({ id: `${library}/x#1`, documentId: 'x', owner: library, source: 'protocol', title: 'Chromoblastomycosis library' }),
        chunk({ id: `${elsewhere}/x#1`, documentId: 'x', owner: elsewhere, source: 'protocol', title: 'Chromoblastomycosis elsewhere' }),
      ]);
      expect(ids(await index.search({ terms: ['chromoblastomycosis'], owners: [library], size: 10 }))).toEqual([`${library}/x#1`]);
      expect(ids(await index.search({ terms: ['chromoblastomycosis'], owners: ['global', member, library], size: 10 })).sort()).toEqual([`${library}/x#1`, `${member}/x#1`].sort());
      expect(await index.deleteDocuments({ owner: member })).toBe(1);
      expect(await index.deleteDocuments({ owner: library, documentId: 'x' })).toBe(1);
      expect(ids(await index.search({ terms: ['chromoblastomycosis'], owners: [member, library, elsewhere], size: 10 }))).toEqual([`${elsewhere}/x#1`]);
    });

    it('replaces a chunk upserted again under the same id', async () => {
      const me = owner();
      await index.upsert([chunk({ id: `${me}-d#1`, owner: me, body: 'old wording about leptospirosis' })]);
      await index.upsert([chunk({ id: `${me}-d#1`, owner: me, body: 'new wording about melioidosis' })]);
      expect(await index.search({ terms: ['leptospirosis'], owners: [me], size: 5 })).toEqual([]);
      expect(ids(await index.search({ terms: ['melioidosis'], owners: [me], size: 5 }))).toEqual([`${me}-d#1`]);
      expect(await index.count({ owner: me })).toBe(1);
    });

    it('scans every chunk once, whole documents at a time in document id order', async () => {
      const me = owner();
      const big = Array.from({ length: 5 }, (_, i) => chunk({ id: `${me}-big#${i}`, documentId: `${me}-big`, owner: me }));
      const small = ['a#1', 'c#1', 'c#2'].map((id) => chunk({ id: `${me}-${id}`, documentId: `${me}-${id.split('#')[0]}`, owner: me }));
      await index.upsert([...big, ...small]);
      const pages: IndexedChunk[][] = [];
      let after: string | null = null;
      do {
        const page = await index.scan(after, 3);
        pages.push(page.chunks);
        after = page.next;
      } while (after !== null && pages.length < 1_000);
      const scanned = pages.flat();
      expect(after).toBeNull();
      expect(new Set(scanned.map((c) => c.id)).size).toBe(await index.count());
      expect(scanned).toHaveLength(await index.count());
      expect(scanned.filter((c) => c.owner === me).map((c) => c.id).sort()).toEqual([...big, ...small].map((c) => c.id).sort());
      expect(scanned.find((c) => c.id === `${me}-big#3`)).toEqual(big[3]);
      for (const documentId of [`${me}-big`, `${me}-c`]) expect(pages.filter((page) => page.some((c) => c.documentId === documentId))).toHaveLength(1);
      const order = scanned.map((c) => c.documentId);
      expect(order).toEqual([...order].sort());
    });

    it('deletes by owner, document and source', async () => {
      const me = owner();
      await index.upsert([
        chunk({ id: `${me}-p1#1`, documentId: 'p1', owner: me, source: 'protocol', body: 'brucellosis' }),
        chunk({ id: `${me}-p1#2`, documentId: 'p1', owner: me, source: 'protocol', body: 'brucellosis' }),
        chunk({ id: `${me}-p2#1`, documentId: 'p2', owner: me, source: 'protocol', body: 'brucellosis' }),
        chunk({ id: `${me}-i1#1`, documentId: 'i1', owner: me, source: 'ingested', body: 'brucellosis' }),
      ]);
      expect(await index.count({ owner: me, source: 'protocol' })).toBe(3);
      expect(await index.deleteDocuments({ owner: me, documentId: 'p1' })).toBe(2);
      expect(await index.deleteDocuments({ owner: me, source: 'ingested' })).toBe(1);
      expect(ids(await index.search({ terms: ['brucellosis'], owners: [me], size: 10 }))).toEqual([`${me}-p2#1`]);
      expect(await index.deleteDocuments({ owner: me })).toBe(1);
      expect(await index.count({ owner: me })).toBe(0);
    });

    it('forgives typos when asked: 1 edit for words of 4–7 letters, 2 from 8, scored below exact matches', async () => {
      const me = owner();
      await index.upsert([
        chunk({ id: `${me}-dengue#1`, owner: me, title: 'Dengue fever', body: 'Give fluids and watch for warning signs.' }),
        chunk({ id: `${me}-tb#1`, owner: me, title: 'Tuberculosis treatment', body: 'Give the regimen for six months.' }),
        chunk({ id: `${me}-malaria#1`, owner: me, title: 'Malaria', body: 'Confirm malaria with a rapid test.' }),
        chunk({ id: `${me}-malarial#1`, owner: me, title: 'Malarial anaemia', body: 'Transfuse when haemoglobin is low.' }),
      ]);
      const typed = { terms: ['denge', 'fevr', 'treatment'], owners: [me], size: 10 };
      expect(ids(await index.search(typed))[0]).toBe(`${me}-tb#1`);
      expect(ids(await index.search({ ...typed, typoTolerance: true }))[0]).toBe(`${me}-dengue#1`);
      expect(ids(await index.search({ terms: ['tubrclosis'], owners: [me], size: 10, typoTolerance: true }))).toEqual([`${me}-tb#1`]);
      expect(await index.search({ terms: ['tbrclosis'], owners: [me], size: 10, typoTolerance: true })).toEqual([]);
      expect(ids(await index.search({ terms: ['malaria'], owners: [me], size: 10, typoTolerance: true }))[0]).toBe(`${me}-malaria#1`);
      expect(await index.corrections(['denge', 'fevr', 'treatment', 'tubrclosis', 'tbrclosis', 'ors'], [me])).toEqual({
        denge: 'dengue',
        fevr: 'fever',
        tubrclosis: 'tuberculosis',
      });
    });

    it('takes everyday English words as meant, however close a word of the index is', async () => {
      const me = owner();
      await index.upsert([
        chunk({ id: `${me}-fbc#1`, owner: me, title: 'Full blood count', body: 'Take a full blood count.' }),
        chunk({ id: `${me}-head#1`, owner: me, title: 'Head injury', body: 'Assess anyone who hit their head.' }),
      ]);
      expect(ids(await index.search({ terms: ['fell', 'head'], owners: [me], size: 10, typoTolerance: true }))).toEqual([`${me}-head#1`]);
      expect(await index.corrections(['fell', 'fulll'], [me])).toEqual({ fulll: 'full' });
    });

    it('corrects no word to one shorter than a typo can be', async () => {
      const me = owner();
      await index.upsert([chunk({ id: `${me}-pe#1`, owner: me, title: 'Pre-eclampsia', body: 'Give magnesium sulfate in pre-eclampsia with severe features; prednisolone is not used.' })]);
      expect(await index.corrections(['pred', 'prednisolne'], [me])).toEqual({ prednisolne: 'prednisolone' });
      expect(ids(await index.search({ terms: ['pred'], owners: [me], size: 5, typoTolerance: true }))).toEqual([`${me}-pe#1`]);
    });

    it("never corrects towards another owner's words", async () => {
      const alice = owner();
      const bob = owner();
      await index.upsert([chunk({ id: `${alice}-m#1`, owner: alice, title: 'Melioidosis ward protocol' })]);
      expect(await index.corrections(['meliodosis'], [alice])).toEqual({ meliodosis: 'melioidosis' });
      expect(await index.corrections(['meliodosis'], [bob])).toEqual({});
      expect(await index.search({ terms: ['meliodosis'], owners: [bob], size: 5, typoTolerance: true })).toEqual([]);
    });

    it('answers a ping', async () => {
      await expect(index.ping()).resolves.toBeUndefined();
    });
  });
}
