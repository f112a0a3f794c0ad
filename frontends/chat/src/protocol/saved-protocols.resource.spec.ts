import { describe, expect, it } from '@jest/globals';
import { ApiClient } from '@cairn/frontend-shared';
import { isProtocolSaved, saveProtocol, unsaveProtocol } from './saved-protocols.resource';
import { testProtocol } from './protocol.fixture';

function apiAnswering(status: number, body: unknown) {
  const calls: { method: string; url: string; body?: unknown }[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    calls.push({ method: String(init.method), url, ...(init.body ? { body: JSON.parse(String(init.body)) } : {}) });
    return new Response(JSON.stringify(body), { status });
  }) as unknown as typeof fetch;
  return { api: new ApiClient({ baseUrl: '/api', fetch: fetchImpl }), calls };
}

const protocol = testProtocol();

describe('saved protocol calls', () => {
  it('saves the protocol with its checklist for the user', async () => {
    const { api, calls } = apiAnswering(200, { success: true, protocol_id: 'protocol_dengue__warning_signs', was_duplicate: false });
    await expect(saveProtocol(api, 'u1', protocol)).resolves.toEqual({ protocolId: 'protocol_dengue__warning_signs', wasDuplicate: false });
    expect(calls[0].method).toBe('POST');
    expect(calls[0].url).toBe('/api/protocols/save?user_id=u1');
    expect(calls[0].body).toEqual({
      ...protocol,
      id: 'protocol_dengue__warning_signs',
      checklist: [{ step: 1, text: 'Check for fever.', explanation: 'Febrile phase.', citation: 1, citations: [1] }],
    });
    expect(calls[0].body).toMatchObject({ title: 'Dengue: Warning Signs', organization: 'WHO', region: 'Global', year: 2024, intent: 'symptoms' });
  });

  it('unsaves by user and protocol id', async () => {
    const { api, calls } = apiAnswering(200, { success: true, protocol_id: 'protocol_cpr' });
    await unsaveProtocol(api, 'u1', 'protocol_cpr');
    expect(calls).toEqual([{ method: 'DELETE', url: '/api/protocols/saved/u1/protocol_cpr' }]);
  });

  it('looks up the saved state', async () => {
    const { api, calls } = apiAnswering(200, { success: true, is_saved: true });
    await expect(isProtocolSaved(api, 'u1', 'protocol_cpr')).resolves.toBe(true);
    expect(calls[0].url).toBe('/api/protocols/saved/u1/protocol_cpr/check');
  });

  it('treats an unsuccessful answer as a failure', async () => {
    const { api } = apiAnswering(200, { success: false, error: 'db down' });
    await expect(isProtocolSaved(api, 'u1', 'protocol_cpr')).rejects.toThrow('db down');
  });
});
