import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { nextMillisecond, signUpTestUser, startTestApp, type TestApp } from '@cairn/testing';
import { AccountsAppModule } from '../src/app.module.js';

describe('accounts: password reset by e-mail', () => {
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApp((config) => AccountsAppModule.forRoot(config), { service: 'accounts' });
  });
  afterAll(async () => {
    await api.close();
  });

  const lastMailTo = (email: string) => {
    const outbox = join(api.config.DATA_DIR, 'outbox');
    const file = readdirSync(outbox).filter((name) => name.includes(email)).sort().at(-1);
    return file ? readFileSync(join(outbox, file), 'utf8') : '';
  };

  it('answers with the spec texts for a blank, malformed or unknown e-mail', async () => {
    const blank = await api.request('POST', '/auth/password-reset', { body: { email: ' ' } });
    expect(blank.status).toBe(400);
    expect(blank.body.detail.message).toBe('Please enter your email address');
    const malformed = await api.request('POST', '/auth/password-reset', { body: { email: 'nurse-at-ward' } });
    expect(malformed.body.detail.message).toBe('Invalid email address');
    const unknown = await api.request('POST', '/auth/password-reset', { body: { email: 'nobody@cairn.test' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail.message).toBe('No account found with this email address');
  });

  it('mails a single-use link that sets a new password', async () => {
    const user = await signUpTestUser(api);
    const sent = await api.request('POST', '/auth/password-reset', { body: { email: user.email } });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ success: true, message: 'Password reset email sent' });
    const mail = lastMailTo(user.email);
    expect(mail).toContain('Subject: Reset your Cairn password');
    const token = /forgot-password\?token=([A-Za-z0-9_-]+)/.exec(mail)?.[1];
    expect(token).toBeDefined();

    const short = await api.request('POST', '/auth/password-reset/confirm', { body: { token, password: 'abc' } });
    expect(short.body.detail.message).toBe('Password must be at least 6 characters');
    const done = await api.request('POST', '/auth/password-reset/confirm', { body: { token, password: 'N3wPassword' } });
    expect(done.status).toBe(200);

    expect((await api.request('POST', '/auth/login', { body: { email: user.email, password: user.password } })).status).toBe(401);
    expect((await api.request('POST', '/auth/login', { body: { email: user.email, password: 'N3wPassword' } })).status).toBe(200);
    const reused = await api.request('POST', '/auth/password-reset/confirm', { body: { token, password: 'Another1' } });
    expect(reused.status).toBe(400);
    expect(reused.body.detail.category).toBe('invalid_token');
  });

  it('invalidates an earlier link when a new one is sent', async () => {
    const user = await signUpTestUser(api);
    await api.request('POST', '/auth/password-reset', { body: { email: user.email } });
    const first = /token=([A-Za-z0-9_-]+)/.exec(lastMailTo(user.email))![1];
    // The second e-mail is written later, to a file of its own (mails are named by the time they are sent).
    await nextMillisecond();
    await api.request('POST', '/auth/password-reset', { body: { email: user.email } });
    const stale = await api.request('POST', '/auth/password-reset/confirm', { body: { token: first, password: 'N3wPassword' } });
    expect(stale.body.detail.category).toBe('invalid_token');
  });
});
