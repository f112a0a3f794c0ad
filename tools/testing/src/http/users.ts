import { randomUUID } from 'node:crypto';
import type { TestApp } from './test-app.js';

export interface TestUser {
  uid: string;
  email: string;
  password: string;
  token: string;
}

/** Signs a fresh user up through the accounts API of `app`. */
export async function signUpTestUser(app: Pick<TestApp, 'request'>, name = 'Test Clinician'): Promise<TestUser> {
  const email = `clinician-${randomUUID()}@cairn.test`;
  const password = 'Sup3rSecret';
  const response = await app.request('POST', '/auth/signup', { body: { email, password, displayName: name } });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${JSON.stringify(response.body)}`);
  return { uid: response.body.user.uid, email, password, token: response.body.access_token };
}
