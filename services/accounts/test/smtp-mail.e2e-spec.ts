import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { createTestCertificates, signUpTestUser, startTestApp, type TestApp } from '@cairn/testing';
import { AccountsAppModule } from '../src/app.module.js';
import { SmtpMailer, smtpSettings } from '../src/password-reset/smtp-mailer.js';

interface Received {
  from: string;
  to: string[];
  data: string;
  user?: string;
}

/** A real SMTP server on a free port that keeps what it receives and accepts one account. */
async function startSmtpServer(): Promise<{ port: number; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'cairn' && auth.password === 'relay-secret') return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((to) => to.address), data, user: String(session.user) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('accounts: password reset mail through a real SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let api: TestApp;
  const saved = { ...process.env };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    Object.assign(process.env, { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_USER: 'cairn', SMTP_PASSWORD: 'relay-secret', SMTP_FROM: 'Ward Cairn <cairn@hospital.test>' });
    api = await startTestApp((config) => AccountsAppModule.forRoot(config), { service: 'accounts' });
  });
  afterAll(async () => {
    await api?.close();
    await smtp?.close();
    for (const key of ['SMTP_HOST', 'SMTP_PORT', 'SMTP_USER', 'SMTP_PASSWORD', 'SMTP_FROM']) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
  });

  it('sends the reset link to the account by SMTP, signed in to the relay, and the link works', async () => {
    const user = await signUpTestUser(api);
    const sent = await api.request('POST', '/auth/password-reset', { body: { email: user.email } });
    expect(sent.status).toBe(200);
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail.to).toEqual([user.email]);
    expect(mail.from).toBe('cairn@hospital.test');
    expect(mail.user).toBe('cairn');
    expect(mail.data).toContain('Subject: Reset your Cairn password');
    const body = mail.data.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    const token = /forgot-password\?token=([A-Za-z0-9_-]+)/.exec(body)?.[1];
    expect(token).toBeDefined();
    const done = await api.request('POST', '/auth/password-reset/confirm', { body: { token, password: 'N3wPassword' } });
    expect(done.status).toBe(200);
  });
});

describe('smtpSettings', () => {
  it('is null without a host, and reads the port, TLS, credentials and sender', () => {
    expect(smtpSettings({})).toBeNull();
    expect(smtpSettings({ SMTP_HOST: 'relay.hospital.test' })).toEqual({ host: 'relay.hospital.test', port: 587, secure: false, user: undefined, password: undefined, from: 'Cairn <no-reply@cairn.local>' });
    expect(smtpSettings({ SMTP_HOST: 'relay', SMTP_SECURE: 'true', SMTP_USER: 'u', SMTP_PASSWORD: 'p' })).toMatchObject({ port: 465, secure: true, user: 'u', password: 'p' });
  });

  it('refuses a bad port and a user without a password, naming the variable', () => {
    expect(() => smtpSettings({ SMTP_HOST: 'relay', SMTP_PORT: 'abc' })).toThrow(/SMTP_PORT/);
    expect(() => smtpSettings({ SMTP_HOST: 'relay', SMTP_USER: 'u' })).toThrow(/SMTP_USER and SMTP_PASSWORD/);
  });
});

describe("SmtpMailer with a hospital relay signed by a private CA", () => {
  it('delivers over TLS with SMTP_CA_FILE, and refuses the relay without it', async () => {
    const certificates = createTestCertificates();
    const received: string[] = [];
    const server = new SMTPServer({
      secure: true,
      key: certificates.key,
      cert: certificates.cert,
      authOptional: true,
      onData(stream, session, callback) {
        stream.resume();
        stream.on('end', () => {
          received.push(session.envelope.rcptTo.map((to) => to.address).join(','));
          callback();
        });
      },
    });
    // The refused client hangs up during the handshake, which the server reports as an error event.
    server.on('error', () => undefined);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const { port } = server.server.address() as AddressInfo;
    const env = { SMTP_HOST: 'localhost', SMTP_PORT: String(port), SMTP_SECURE: 'true' };
    const mail = { to: 'nurse@hospital.test', subject: 'Reset your Cairn password', text: 'link' };
    try {
      await new SmtpMailer(smtpSettings({ ...env, SMTP_CA_FILE: certificates.caFile })!).send(mail);
      expect(received).toEqual(['nurse@hospital.test']);
      await expect(new SmtpMailer(smtpSettings(env)!).send(mail)).rejects.toThrow(/certificate/i);
      expect(received).toHaveLength(1);
      expect(() => smtpSettings({ ...env, SMTP_CA_FILE: '/nowhere/ca.crt' })).toThrow(/SMTP_CA_FILE: cannot read/);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      certificates.remove();
    }
  });
});
