import { setTimeout as sleep } from 'node:timers/promises';
import type { JsonResponse } from '@cairn/testing';

export interface UploadUser {
  uid: string;
  token: string;
}

type Request = <T = any>(method: string, path: string, options?: { token?: string; body?: unknown }) => Promise<JsonResponse<T>>;

/** The upload calls of docs/product-spec.md §7 as a client makes them (multipart with `file` and `custom_prompt`). */
export function uploadsClient(baseUrl: string, request: Request) {
  const form = async (path: string, user: UploadUser, fields: Record<string, string>, file?: { name: string; content: Uint8Array }) => {
    const body = new FormData();
    if (file) body.append('file', new Blob([file.content]), file.name);
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    const response = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { authorization: `Bearer ${user.token}` }, body });
    return { status: response.status, body: (await response.json()) as any };
  };
  const status = (user: UploadUser, uploadId: string) => request('GET', `/users/${user.uid}/upload-status/${uploadId}`, { token: user.token });
  return {
    upload: (user: UploadUser, name: string, content: Uint8Array, customPrompt?: string) =>
      form(`/users/${user.uid}/upload-documents`, user, customPrompt === undefined ? {} : { custom_prompt: customPrompt }, { name, content }),
    regenerateUpload: (user: UploadUser, uploadId: string, customPrompt: string) => form(`/users/${user.uid}/upload-regenerate/${uploadId}`, user, { custom_prompt: customPrompt }),
    regenerateProtocol: (user: UploadUser, protocolId: string, customPrompt: string) => form(`/users/${user.uid}/protocols/${protocolId}/regenerate`, user, { custom_prompt: customPrompt }),
    status,
    preview: (user: UploadUser, uploadId: string) => request('GET', `/users/${user.uid}/upload-preview/${uploadId}`, { token: user.token }),
    approve: (user: UploadUser, uploadId: string) => request('POST', `/users/${user.uid}/upload-approve/${uploadId}`, { token: user.token }),
    cancel: (user: UploadUser, uploadId: string) => request('POST', `/users/${user.uid}/upload-cancel/${uploadId}`, { token: user.token }),
    protocols: (user: UploadUser, size = 20) => request('GET', `/users/${user.uid}/protocols?size=${size}`, { token: user.token }),
    search: (user: UploadUser, query: string, mode: 'mixed' | 'user_only' | 'global_only') =>
      request('POST', `/protocols/search?use_hybrid=true&enhance_query=true&user_id=${user.uid}&search_mode=${mode}`, { token: user.token, body: { query } }),
    /** Polls the status until `done` holds (or the time runs out) and returns the last status. */
    async waitFor(user: UploadUser, uploadId: string, done: (body: any) => boolean, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const response = await status(user, uploadId);
        if (done(response.body) || Date.now() > deadline) return response.body;
        await sleep(100);
      }
    },
  };
}

export const settled = (body: { status: string }) => !['uploading', 'processing'].includes(body.status);
