import { expect, it } from '@jest/globals';
import { SavedProtocolsAppModule } from '@cairn/saved-protocols';
import { readAllPages } from '@cairn/testing';
import { describeContract } from './contract-targets.js';
import { newestFirst, storedSavedProtocol } from './list-fixtures.js';

// docs/product-spec.md §7 "Saved protocols": the body of a save is the protocol itself (id, protocol fields, intent).

const protocol = {
  id: 'protocol_cpr_for_cardiac_arrest',
  title: 'CPR for Cardiac Arrest',
  organization: 'NHS',
  region: 'United Kingdom',
  year: 2021,
  intent: 'emergency',
  steps: [
    { id: 'step_1', step: 'Call 999 and start chest compressions.', explanation: 'Early CPR doubles survival.', citation: 1, citations: [1] },
    { id: 'step_2', step: 'Push hard and fast at 100 to 120 compressions a minute.', explanation: '', citation: 1, citations: [1] },
  ],
  citations: [{ id: 1, source: 'Resuscitation Council UK', organization: 'NHS', year: 2021, region: 'United Kingdom', url: 'https://www.resus.org.uk', excerpt: 'Start CPR.' }],
  lastUpdated: '2026-11-25',
};

describeContract('saved-protocols', (config) => SavedProtocolsAppModule.forRoot(config), 'saved protocols', (s) => {

  it('stars the protocol as the client sends it, under the id of spec §3', async () => {
    const saved = await s.api.request('POST', `/protocols/save?user_id=${s.user.uid}`, { token: s.user.token, body: protocol });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ success: true, protocol_id: 'protocol_cpr_for_cardiac_arrest' });
  });

  it('lists with ?limit= (success, protocols, error), reads one with protocol_data (with a checklist), and checks it', async () => {
    const list = await s.api.request('GET', `/protocols/saved/${s.user.uid}?limit=20`, { token: s.user.token });
    expect(list.body).toMatchObject({ success: true, error: null });
    expect(list.body.protocols[0]).toMatchObject({ id: 'protocol_cpr_for_cardiac_arrest', title: 'CPR for Cardiac Arrest', organization: 'NHS', region: 'United Kingdom', year: 2021, saved_at: expect.any(String) });
    const one = await s.api.request('GET', `/protocols/saved/${s.user.uid}/protocol_cpr_for_cardiac_arrest`, { token: s.user.token });
    expect(one.body.success).toBe(true);
    expect(one.body.protocol.protocol_data.checklist).toHaveLength(2);
    expect(one.body.protocol.protocol_data.citations).toEqual(protocol.citations);
    const check = await s.api.request('GET', `/protocols/saved/${s.user.uid}/protocol_cpr_for_cardiac_arrest/check`, { token: s.user.token });
    expect(check.body).toEqual({ success: true, is_saved: true });
  });

  it('renames with PUT …/title {title} and unstars with DELETE', async () => {
    const path = `/protocols/saved/${s.user.uid}/protocol_cpr_for_cardiac_arrest`;
    expect((await s.api.request('PUT', `${path}/title`, { token: s.user.token, body: { title: 'Adult CPR' } })).status).toBe(200);
    expect((await s.api.request('GET', path, { token: s.user.token })).body.protocol.title).toBe('Adult CPR');
    expect((await s.api.request('DELETE', path, { token: s.user.token })).status).toBe(200);
    expect((await s.api.request('GET', `${path}/check`, { token: s.user.token })).body).toEqual({ success: true, is_saved: false });
  });

  it('pages with ?limit=&offset=: every saved protocol once, newest first, next_offset null on the last page; a bad offset is a 400 naming it', async () => {
    const who = await s.api.user();
    const saved = s.api.documents('saved-protocols').collection<{ id: string }>('saved_protocols');
    const seeded = Array.from({ length: 250 }, (_, i) => storedSavedProtocol(who.uid, i));
    for (const protocol of seeded) await saved.put(protocol);
    const expected = [...seeded].sort(newestFirst('saved_at', 'protocolId')).map((protocol) => protocol.protocolId);
    const listed = await readAllPages(
      (offset) => s.api.request('GET', `/protocols/saved/${who.uid}?limit=50&offset=${offset}`, { token: who.token }),
      (body) => body.protocols.map((protocol: { id: string }) => protocol.id),
    );
    expect(listed).toEqual({ items: expected, pages: 5 });
    const last = await s.api.request('GET', `/protocols/saved/${who.uid}?limit=20&offset=240`, { token: who.token });
    expect(last.body).toMatchObject({ success: true, error: null, next_offset: null });
    expect(last.body.protocols).toHaveLength(10);
    const bad = await s.api.request('GET', `/protocols/saved/${who.uid}?limit=50&offset=abc`, { token: who.token });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatchObject({ field: 'offset', message: expect.stringContaining('offset') });
  });

  it('answers 401 without a token and 403 for another s.user', async () => {
    expect((await s.api.request('POST', `/protocols/save?user_id=${s.user.uid}`, { body: protocol })).status).toBe(401);
    const other = await s.api.user();
    expect((await s.api.request('POST', `/protocols/save?user_id=${s.user.uid}`, { token: other.token, body: protocol })).status).toBe(403);
  });
});
