import { describe, expect, it } from '@jest/globals';
import { ApiClient } from '@cairn/frontend-shared';
import { publishProtocol, publishUpload, renameLibraryProtocol, unpublishProtocol } from './hospital-library.resource';

function apiAnswering(answers: { status: number; body: unknown }[]) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    calls.push({ method: String(init.method), url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const answer = answers.shift() ?? { status: 200, body: {} };
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  }) as unknown as typeof fetch;
  return { api: new ApiClient({ baseUrl: '/api', fetch: fetchImpl, getAccessToken: () => 'tok' }), calls };
}

describe('hospital library calls', () => {
  it('renames a library copy by its own id', async () => {
    const { api, calls } = apiAnswering([{ status: 200, body: { success: true } }]);
    await renameLibraryProtocol(api, 'lib/1', 'Sepsis pathway (adults)');
    expect(calls).toEqual([{ method: 'PUT', url: '/api/library/lib%2F1/title', body: { title: 'Sepsis pathway (adults)' } }]);
  });

  it('publishes a protocol, an approved upload, and unpublishes a library protocol', async () => {
    const { api, calls } = apiAnswering([{ status: 201, body: {} }, { status: 201, body: { protocols: [{ id: 'a' }, { id: 'b' }] } }, { status: 201, body: { published: 3 } }, { status: 201, body: {} }]);
    await publishProtocol(api, 'p 1');
    await expect(publishUpload(api, 'up_1')).resolves.toBe(2);
    await expect(publishUpload(api, 'up_2')).resolves.toBe(3);
    await expect(publishUpload(api, 'up_3')).resolves.toBeNull();
    await unpublishProtocol(api, 'lib/1');
    expect(calls).toEqual([
      { method: 'POST', url: '/api/library', body: { protocolId: 'p 1' } },
      { method: 'POST', url: '/api/library', body: { uploadId: 'up_1' } },
      { method: 'POST', url: '/api/library', body: { uploadId: 'up_2' } },
      { method: 'POST', url: '/api/library', body: { uploadId: 'up_3' } },
      { method: 'DELETE', url: '/api/library/lib%2F1', body: undefined },
    ]);
  });

  it('passes the API’s refusal on, once, with its message', async () => {
    const { api, calls } = apiAnswering([{ status: 403, body: { detail: { category: 'not_editor', message: 'Only editors can change the hospital library.' } } }]);
    await expect(publishProtocol(api, 'p_1')).rejects.toMatchObject({ status: 403, category: 'not_editor', message: 'Only editors can change the hospital library.' });
    expect(calls).toHaveLength(1);
  });
});
