import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { RetrievalMode, Topics } from '@cairn/contracts';
import { EVENT_BUS, EventRequester, InProcessEventBus, type AuthenticatedUser, type EventBus } from '@cairn/platform';
import { startTestApp, type TestApp } from '@cairn/testing';
import { SearchAppModule } from '../src/app.module.js';
import { SearchController } from '../src/search/search.controller.js';
import type { SearchMode } from '../src/search/search.schema.js';

const QUERY = 'mucormycosis amphotericin escalation';

interface Hit {
  source: { title: string; owner: string; hospital?: string };
}

/**
 * The hospital library in search: a member of the organisation finds its protocols in All and
 * Hospital searches, marked as the hospital's; no one else does, whatever they ask.
 */
describe('search of the hospital library', () => {
  let api: TestApp;
  let bus: InProcessEventBus;
  let controller: SearchController;
  const hospitalA = { id: `st-marys-${randomUUID()}`, name: "St Mary's Hospital" };
  const hospitalB = { id: `city-general-${randomUUID()}`, name: 'City General' };
  const memberOf = (organisation?: { id: string; name: string }): AuthenticatedUser => ({ uid: `uid-${randomUUID()}`, ...(organisation && { organisation }) });

  const search = async (user: AuthenticatedUser, mode: SearchMode, query = QUERY): Promise<Hit[]> =>
    (await controller.search(user, { use_hybrid: true, enhance_query: true, search_mode: mode }, { query, size: 8 })).hits;
  const fromLibrary = (hits: Hit[]) => hits.filter((hit) => hit.source.owner === 'hospital');

  beforeAll(async () => {
    api = await startTestApp((config) => SearchAppModule.forRoot(config), { service: 'search' });
    bus = api.app.get<EventBus>(EVENT_BUS) as InProcessEventBus;
    controller = api.app.get(SearchController);
    await bus.publish(Topics.protocolPublished, {
      protocol: {
        protocolId: 'lib_mucor',
        ownerId: hospitalA.id,
        title: 'Mucormycosis: ward escalation',
        organization: 'User upload',
        region: 'Kerala',
        year: 2025,
        disease: 'Mucormycosis',
        sourceFile: 'mucormycosis.pdf',
        sections: [{ heading: 'Escalation', body: 'Start liposomal amphotericin B and call the ENT surgeon on extension 4417 for debridement.' }],
      },
      organisationName: hospitalA.name,
      sourceProtocolId: 'up_mucor_0001',
    });
    await bus.idle();
  }, 60_000);
  afterAll(async () => {
    await api.close();
  });

  it('shows a member the library protocol as the hospital\'s in All and Hospital searches', async () => {
    const member = memberOf(hospitalA);
    for (const mode of ['mixed', 'hospital_only'] as const) {
      const [hit] = fromLibrary(await search(member, mode));
      expect(hit.source).toMatchObject({ title: 'Mucormycosis: ward escalation', owner: 'hospital', hospital: "St Mary's Hospital", protocol_id: 'lib_mucor' });
    }
    expect((await search(member, 'hospital_only')).every((hit) => hit.source.owner === 'hospital')).toBe(true);
    expect(fromLibrary(await search(member, 'global_only'))).toEqual([]);
    expect(fromLibrary(await search(member, 'user_only'))).toEqual([]);
  });

  it('shows it to no member of another organisation and no user of none', async () => {
    for (const user of [memberOf(hospitalB), memberOf()]) {
      expect(fromLibrary(await search(user, 'mixed'))).toEqual([]);
      expect(await search(user, 'hospital_only')).toEqual([]);
    }
  });

  it('answers a Hospital search by a user of no organisation with no hits, not an error', async () => {
    const uid = `uid-${randomUUID()}`;
    const response = await api.request('POST', '/protocols/search?search_mode=hospital_only', { token: await api.tokenFor(uid), body: { query: QUERY } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ total: 0, hits: [] });
  });

  it('answers another service\'s search in the organisation it names, with the hospital on the hit', async () => {
    const requester = new EventRequester(bus, Topics.searchRequested, Topics.searchAnswered);
    const ask = (organisationId: string, includeOrganisation: boolean) =>
      requester.request({ query: QUERY, userId: 'uid-1', includeGlobal: true, includeUser: true, organisationId, includeOrganisation, size: 8, mode: RetrievalMode.HYBRID, enhance: true });
    const answered = await ask(hospitalA.id, true);
    expect(answered.hits.filter((hit) => hit.owner === 'hospital').map((hit) => [hit.title, hit.hospital])).toEqual([['Mucormycosis: ward escalation', "St Mary's Hospital"]]);
    expect(answered.hits.filter((hit) => hit.owner !== 'hospital').every((hit) => hit.hospital === '')).toBe(true);
    expect((await ask(hospitalA.id, false)).hits.some((hit) => hit.owner === 'hospital')).toBe(false);
    expect((await ask(hospitalB.id, true)).hits.some((hit) => hit.owner === 'hospital')).toBe(false);
  });
});
