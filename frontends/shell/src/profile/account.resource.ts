import { getCairn } from '@cairn/frontend-shared';

/** Checks the password by signing in again, without replacing the session in use. */
export async function confirmPassword(email: string, password: string): Promise<void> {
  await getCairn().api.post('/auth/login', { email, password }, { authenticated: false, retries: 0 });
}

export async function deleteAccount(uid: string): Promise<void> {
  await getCairn().api.delete(`/users/${encodeURIComponent(uid)}`, { retries: 0 });
}
