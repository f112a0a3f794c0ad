import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { Topics, type SearchRequested } from '@cairn/contracts';
import { InProcessEventBus, ProcessedEvents, respondTo, SqliteDocumentStore } from '@cairn/platform';
import { ContextSearch } from './context-search.js';
import { searchScope } from './search-scope.js';

const member = { uid: 'uid-1', organisation: { id: 'st-marys', name: "St Mary's Hospital" } };

describe('searchScope', () => {
  it("includes the user's organisation exactly when their own protocols are in a mixed search, or in a hospital_only one", () => {
    expect(searchScope(member)).toEqual({ userId: 'uid-1', includeGlobal: true, includeUser: true, organisationId: 'st-marys', includeOrganisation: true });
    expect(searchScope(member, 'hospital_only')).toMatchObject({ includeGlobal: false, includeUser: false, includeOrganisation: true });
    expect(searchScope(member, 'user_only')).toMatchObject({ includeUser: true, includeOrganisation: false });
    expect(searchScope(member, 'global_only')).toMatchObject({ includeGlobal: true, includeUser: false, includeOrganisation: false });
  });

  it('includes no organisation for a user of none', () => {
    expect(searchScope({ uid: 'uid-2' })).toEqual({ userId: 'uid-2', includeGlobal: true, includeUser: true, organisationId: '', includeOrganisation: false });
    expect(searchScope({ uid: 'uid-2' }, 'hospital_only').includeOrganisation).toBe(false);
  });
});

describe('ContextSearch', () => {
  let bus: InProcessEventBus;
  let contextSearch: ContextSearch;
  let asked: SearchRequested[];

  beforeEach(async () => {
    bus = new InProcessEventBus({ producer: 'test', processed: new ProcessedEvents(new SqliteDocumentStore(':memory:')) });
    asked = [];
    await respondTo(bus, Topics.searchRequested, Topics.searchAnswered, 'search', async ({ payload }) => {
      asked.push(payload);
      const library = { id: 'org:st-marys/lib_1#1', title: 'Ward sepsis bundle', body: 'Give antibiotics within one hour.', owner: 'hospital', hospital: "St Mary's Hospital", relevance: 8 };
      return { hits: payload.includeOrganisation ? [library] : [], total: payload.includeOrganisation ? 1 : 0 };
    });
    contextSearch = new ContextSearch(bus);
    await contextSearch.onModuleInit();
  });
  afterEach(async () => {
    contextSearch.onApplicationShutdown();
    await bus.close();
  });

  it("asks for passages in the user's hospital library too, and keeps the hospital on the passages found", async () => {
    const passages = await contextSearch.search('sepsis antibiotics', member);
    expect(asked[0]).toMatchObject({ userId: 'uid-1', includeGlobal: true, includeUser: true, organisationId: 'st-marys', includeOrganisation: true });
    expect(passages).toEqual([expect.objectContaining({ title: 'Ward sepsis bundle', hospital: "St Mary's Hospital" })]);
  });

  it('asks in the organisation when it only reads the question, too', async () => {
    await contextSearch.understand('sepsis antibiotics', member);
    expect(asked[0]).toMatchObject({ organisationId: 'st-marys', includeOrganisation: true });
  });

  it('asks in no organisation for a user of none', async () => {
    expect(await contextSearch.search('sepsis antibiotics', { uid: 'uid-2' })).toEqual([]);
    expect(asked[0]).toMatchObject({ userId: 'uid-2', organisationId: '', includeOrganisation: false });
  });
});
