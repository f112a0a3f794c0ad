import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { InProcessEventBus, Outbox, ProcessedEvents, SqliteDocumentStore, type AuthenticatedUser } from '@cairn/platform';
import { nextMillisecond } from '@cairn/testing';
import type { UploadsConfig } from '../uploads-config.js';
import { ApprovalTrailRetention, DAY_MS } from './approval-trail-retention.js';
import { ApprovalTrailRepository } from './approval-trail.repository.js';
import { ApprovalTrail } from './approval-trail.js';
import { type TrailFact } from './trail-entry.js';
import { TrailPeopleRepository } from './trail-people.repository.js';
import { TrailPseudonyms } from './trail-pseudonyms.js';

const stMarys = { id: 'ward.org', name: "St Mary's Hospital" };
const matron: AuthenticatedUser = { uid: 'uid-matron', name: 'Matron Adeyemi', email: 'matron@ward.org', organisation: stMarys, roles: ['administrator'] };
const nurse: AuthenticatedUser = { uid: 'uid-nurse', name: 'Nurse Okafor', email: 'okafor@ward.org', organisation: stMarys, roles: ['editor'] };
const elsewhere: AuthenticatedUser = { uid: 'uid-other', name: 'Dr Other', email: 'other@clinic.org', organisation: { id: 'clinic.org', name: 'Clinic' }, roles: ['editor'] };
const fact = (title: string, action: TrailFact['action'] = 'approve'): TrailFact => ({ action, protocolId: `up_${title}`, protocolTitle: title, sourceFile: `${title}.pdf`, sourceChecksum: 'c'.repeat(64) });

async function setup(retentionDays = 3650) {
  const store = new SqliteDocumentStore(':memory:');
  const pseudonyms = new TrailPseudonyms(store);
  await pseudonyms.onModuleInit();
  const bus = new InProcessEventBus({ producer: 'test', processed: new ProcessedEvents(store) });
  const entries = new ApprovalTrailRepository(store);
  const trail = new ApprovalTrail(entries, new TrailPeopleRepository(store), new Outbox(store, bus), pseudonyms);
  const retention = new ApprovalTrailRetention(entries, { APPROVAL_TRAIL_RETENTION_DAYS: retentionDays } as UploadsConfig);
  const append = (user: AuthenticatedUser, facts: TrailFact[], at?: string) => trail.commit([...trail.person(user), ...trail.appending(trail.actorOf(user), facts, at)]);
  return { store, trail, retention, append };
}

const exported = async (trail: ApprovalTrail, organisationId: string, between?: () => Promise<void>) => {
  const ids: string[] = [];
  for await (const page of trail.all(organisationId)) {
    ids.push(...page.map((entry) => entry.id));
    await between?.();
  }
  return ids;
};

describe('the approval trail', () => {
  let stores: SqliteDocumentStore[] = [];
  const started = async (retentionDays?: number) => {
    const made = await setup(retentionDays);
    stores.push(made.store);
    return made;
  };
  afterEach(async () => {
    await Promise.all(stores.map((store) => store.close()));
    stores = [];
  });

  it("lists an organisation's entries newest first with each actor's name and email, and no other organisation's", async () => {
    const { trail, append } = await started();
    await append(matron, [fact('sepsis')], '2026-01-01T10:00:00.000Z');
    await append(nurse, [fact('sepsis', 'publish')], '2026-01-02T10:00:00.000Z');
    await append(elsewhere, [fact('asthma')], '2026-01-03T10:00:00.000Z');
    const page = await trail.page('ward.org', 10);
    expect(page.next_offset).toBeNull();
    expect(page.entries.map((entry) => [entry.action, entry.actor.name, entry.actor.email])).toEqual([
      ['publish', 'Nurse Okafor', 'okafor@ward.org'],
      ['approve', 'Matron Adeyemi', 'matron@ward.org'],
    ]);
    expect(page.entries[1]).toMatchObject({ protocolId: 'up_sepsis', protocolTitle: 'sepsis', sourceFile: 'sepsis.pdf', sourceChecksum: 'c'.repeat(64), libraryProtocolId: '', detail: '' });
    expect((await trail.page('ward.org', 1)).next_offset).toBe(1);
  });

  it('keeps the facts of an erased account under a short stable pseudonym, records the erasure once, and forgets who they were', async () => {
    const { store, trail, append } = await started();
    await append(matron, [fact('sepsis'), fact('sepsis', 'publish')]);
    await nextMillisecond();
    await trail.erase(matron.uid);
    await trail.erase(matron.uid);
    await trail.erase('uid-never-acted');
    const erased = { name: `Erased account ${trail.keyOf(matron.uid).slice(0, 8)}`, email: '', erased: true };
    const { entries } = await trail.page('ward.org', 10);
    expect(entries.map((entry) => entry.action)).toEqual(['erasure', expect.any(String), expect.any(String)]);
    expect(entries.slice(1).map((entry) => entry.action).sort()).toEqual(['approve', 'publish']);
    expect(entries.map((entry) => entry.actor)).toEqual([erased, erased, erased]);
    expect(entries.slice(1).map((entry) => entry.protocolTitle)).toEqual(['sepsis', 'sepsis']);
    const rows = JSON.stringify([...(await store.collection('approval_trail').find()), ...(await store.collection('approval_trail_people').find())]);
    expect(rows).not.toContain(matron.uid);
    expect(rows).not.toContain(matron.email!);
    expect(rows).not.toContain('Matron');
  });

  it('keeps nothing of a user of no organisation, whose trail no editor could read', async () => {
    const { store, trail } = await started();
    const locum: AuthenticatedUser = { uid: 'uid-locum', name: 'Locum', email: 'locum@gmail.com', roles: [] };
    await trail.commit(trail.recording(locum, [fact('sepsis')]));
    expect(await store.collection('approval_trail').find()).toEqual([]);
    expect(await store.collection('approval_trail_people').find()).toEqual([]);
  });

  it('exports every entry once, as the trail stood when asked, however many are appended meanwhile', async () => {
    const { trail, append } = await started();
    const facts = Array.from({ length: 1_203 }, (_, index) => fact(`protocol-${index}`));
    await append(matron, facts, '2026-01-01T10:00:00.000Z');
    const before = (await trail.page('ward.org', 100, 0)).entries.map((entry) => entry.id);
    const ids = await exported(trail, 'ward.org', () => append(nurse, [fact('late'), fact('later')]));
    expect(ids).toHaveLength(1_203);
    expect(new Set(ids).size).toBe(1_203);
    expect(ids.slice(0, 100)).toEqual(before);
  });
});

describe('the approval trail retention', () => {
  it('removes entries older than APPROVAL_TRAIL_RETENTION_DAYS, in batches, and keeps the rest', async () => {
    const { store, trail, retention, append } = await setup(30);
    const now = Date.parse('2026-06-01T00:00:00.000Z');
    const daysAgo = (days: number) => new Date(now - days * DAY_MS).toISOString();
    await append(matron, Array.from({ length: 1_100 }, (_, index) => fact(`old-${index}`)), daysAgo(400));
    await append(matron, [fact('just-expired')], daysAgo(30.01));
    await append(matron, [fact('kept')], daysAgo(29.99));
    await append(matron, [fact('today')], daysAgo(0));
    expect(await retention.purge(now)).toBe(1_101);
    expect((await trail.page('ward.org', 10)).entries.map((entry) => entry.protocolTitle)).toEqual(['today', 'kept']);
    expect(await retention.purge(now)).toBe(0);
    await store.close();
  });

  it('purges at start-up, then daily on a timer that does not hold the process, stopped at shutdown', async () => {
    const { store, trail, retention, append } = await setup(1);
    await append(matron, [fact('ancient')], '2001-01-01T00:00:00.000Z');
    const scheduled = jest.spyOn(globalThis, 'setInterval');
    const cleared = jest.spyOn(globalThis, 'clearInterval');
    try {
      retention.onApplicationBootstrap();
      const timer = scheduled.mock.results[0].value as NodeJS.Timeout;
      expect(scheduled.mock.calls[0][1]).toBe(DAY_MS);
      expect(timer.hasRef()).toBe(false);
      await retention.beforeApplicationShutdown();
      expect(cleared).toHaveBeenCalledWith(timer);
    } finally {
      scheduled.mockRestore();
      cleared.mockRestore();
    }
    expect((await trail.page('ward.org', 10)).entries).toEqual([]);
    await store.close();
  });
});
