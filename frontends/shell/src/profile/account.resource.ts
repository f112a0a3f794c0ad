import { getCairn } from '@cairn/frontend-shared';

export async function deleteAccount(uid: string): Promise<void> {
  await getCairn().api.delete(`/users/${encodeURIComponent(uid)}`, { retries: 0 });
}
