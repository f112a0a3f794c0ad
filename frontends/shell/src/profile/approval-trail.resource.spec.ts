import { describe, expect, it } from '@jest/globals';
import { ApiClient } from '@cairn/frontend-shared';
import { csvFileName, loadTrailPage, readTrailPage } from './approval-trail.resource';

const entry = {
  id: 'tr_1',
  at: '2026-11-28T10:00:00.000Z',
  action: 'publish',
  actor: { name: 'Priya Shah', email: 'priya@stmarys.org', erased: false },
  protocolId: 'p_1',
  protocolTitle: 'Lithium toxicity',
  libraryProtocolId: 'lib_1',
  sourceFile: 'lithium-toxicity.pdf',
  sourceChecksum: 'ab'.repeat(32),
};

describe('approval trail', () => {
  it('asks for a page of entries newest first and reads them', async () => {
    const urls: string[] = [];
    const fetchImpl = (async (url: string) => (urls.push(url), new Response(JSON.stringify({ organisation: { id: 'o' }, entries: [entry], next_offset: 50 })))) as unknown as typeof fetch;
    const page = await loadTrailPage(new ApiClient({ baseUrl: '/api', fetch: fetchImpl }), 0);
    await loadTrailPage(new ApiClient({ baseUrl: '/api', fetch: fetchImpl }), 50);
    expect(urls).toEqual(['/api/library/approval-trail?limit=50', '/api/library/approval-trail?limit=50&offset=50']);
    expect(page).toEqual({
      entries: [{ id: 'tr_1', at: entry.at, action: 'publish', actor: 'Priya Shah', protocolId: 'p_1', protocolTitle: 'Lithium toxicity', sourceFile: 'lithium-toxicity.pdf', sourceChecksum: entry.sourceChecksum }],
      nextOffset: 50,
    });
  });

  it('reads a plain list, erased actors, and odd entries', () => {
    const page = readTrailPage([
      { ...entry, actor: { name: 'Erased account 3f9a2c1b', email: '', erased: true } },
      { id: 'tr_2', action: 'approve', actor: { erased: true, pseudonym: '77aa' }, protocol: { id: 'p_2', title: 'Sepsis' } },
      { actor: 'Asha' },
      'junk',
    ]);
    expect(page.nextOffset).toBeNull();
    expect(page.entries.map((read) => [read.id, read.actor, read.protocolTitle])).toEqual([
      ['tr_1', 'Erased account 3f9a2c1b', 'Lithium toxicity'],
      ['tr_2', 'Erased account 77aa', 'Sepsis'],
      ['entry_2', 'Asha', ''],
    ]);
    expect(readTrailPage(null)).toEqual({ entries: [], nextOffset: null });
  });

  it('saves the CSV under the server’s file name, else one of today', () => {
    expect(csvFileName('attachment; filename="approval-trail-stmarys.org-2026-11-28.csv"', new Date())).toBe('approval-trail-stmarys.org-2026-11-28.csv');
    expect(csvFileName(null, new Date('2026-11-28T10:00:00Z'))).toBe('approval-trail-2026-11-28.csv');
  });
});
