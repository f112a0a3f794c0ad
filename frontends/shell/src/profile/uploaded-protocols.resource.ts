import { expectSuccess, getCairn } from '@cairn/frontend-shared';

/** How many protocols the user's index holds (`GET /users/{userId}/protocols`, its `total`). */
export async function countUploadedProtocols(uid: string): Promise<number> {
  const body = expectSuccess(await getCairn().api.get(`/users/${encodeURIComponent(uid)}/protocols`, { query: { size: 1 } }), 'load protocols');
  return Number(body.total ?? 0);
}
