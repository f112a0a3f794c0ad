import { describe, expect, it } from '@jest/globals';
import { ApiClient } from '@cairn/frontend-shared';
import { isEditor, loadMembers, setEditor } from './organisation-members.resource';

function apiAnswering(body: unknown) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    calls.push({ method: String(init.method), url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    return new Response(JSON.stringify(body));
  }) as unknown as typeof fetch;
  return { api: new ApiClient({ baseUrl: '/api', fetch: fetchImpl }), calls };
}

describe('organisation members', () => {
  it('lists the administrator first, then by name', async () => {
    const { api, calls } = apiAnswering({
      members: [
        { id: 'u3', name: 'Tom Reid', email: 'tom@stmarys.org', roles: [] },
        { id: 'u1', name: 'Priya Shah', email: 'priya@stmarys.org', roles: ['administrator'] },
        { id: 'u2', name: 'Ana Costa', email: 'ana@stmarys.org', roles: ['editor'] },
        { id: 'u4', email: 'no.name@stmarys.org' },
        { name: 'no id' },
      ],
    });
    const members = await loadMembers(api);
    expect(calls).toEqual([{ method: 'GET', url: '/api/auth/organisation/members', body: undefined }]);
    expect(members.map((member) => [member.name, isEditor(member)])).toEqual([
      ['Priya Shah', true],
      ['Ana Costa', true],
      ['no.name', false],
      ['Tom Reid', false],
    ]);
  });

  it('names a member an editor, or not', async () => {
    const { api, calls } = apiAnswering({ member: { id: 'u/3', name: 'Tom Reid', email: 'tom@stmarys.org', roles: ['editor'] } });
    await expect(setEditor(api, 'u/3', true)).resolves.toMatchObject({ id: 'u/3', roles: ['editor'] });
    expect(calls).toEqual([{ method: 'PUT', url: '/api/auth/organisation/members/u%2F3/roles', body: { editor: true } }]);
  });
});
