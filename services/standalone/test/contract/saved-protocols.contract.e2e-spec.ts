import { expect, it } from '@jest/globals';
import { SavedProtocolsAppModule } from '@cairn/saved-protocols';
import { describeContract } from './contract-targets.js';

// Spec §7 "Saved protocols": the body of a save is the protocol itself (id, protocol fields, intent).

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

  it('answers 401 without a token and 403 for another s.user', async () => {
    expect((await s.api.request('POST', `/protocols/save?user_id=${s.user.uid}`, { body: protocol })).status).toBe(401);
    const other = await s.api.user();
    expect((await s.api.request('POST', `/protocols/save?user_id=${s.user.uid}`, { token: other.token, body: protocol })).status).toBe(403);
  });
});
