import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startOidcTestProvider, startTestApp, type OidcTestProvider, type TestApp } from '@cairn/testing';
import { AccountsAppModule } from '../src/app.module.js';

const outcomeOf = (html: string) => JSON.parse(/<script type="application\/json" id="outcome">(.*?)<\/script>/.exec(html)![1]);

describe('accounts: sign-in through an external OIDC provider', () => {
  let provider: OidcTestProvider;
  let api: TestApp;

  beforeAll(async () => {
    provider = await startOidcTestProvider();
    Object.assign(process.env, { OIDC_ISSUER_URL: provider.issuer, OIDC_CLIENT_ID: provider.clientId, OIDC_CLIENT_SECRET: provider.clientSecret });
    try {
      api = await startTestApp((config) => AccountsAppModule.forRoot(config), { service: 'accounts' });
    } finally {
      for (const name of ['OIDC_ISSUER_URL', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET']) delete process.env[name];
    }
    provider.allowRedirectUri(`${api.url}/auth/oidc/callback`);
  });
  afterAll(async () => {
    await api.close();
    await provider.close();
  });

  it('sends the popup to the provider with PKCE (S256), a state and a nonce, and this service as the redirect', async () => {
    const response = await fetch(`${api.url}/auth/oidc/start`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location')!);
    expect(location.origin).toBe(provider.issuer);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: provider.clientId,
      redirect_uri: `${api.url}/auth/oidc/callback`,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      state: expect.stringMatching(/^[\w-]{43}$/),
      nonce: expect.stringMatching(/^[\w-]{43}$/),
    });
    const again = await fetch(`${api.url}/auth/oidc/start?prompt=login`, { redirect: 'manual' });
    expect(new URL(again.headers.get('location')!).searchParams.get('prompt')).toBe('login');
  });

  it('answers the popup with the provider refusal as "cancelled", in a page whose only script carries a nonce', async () => {
    const start = await fetch(`${api.url}/auth/oidc/start`, { redirect: 'manual' });
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
    const response = await fetch(`${api.url}/auth/oidc/callback?error=access_denied&state=${state}`);
    const policy = response.headers.get('content-security-policy')!;
    expect(policy).toMatch(/^default-src 'none'; script-src 'nonce-[\w+/=]+'; frame-ancestors 'none'$/);
    expect(outcomeOf(await response.text())).toEqual({ source: 'cairn-auth', error: { category: 'cancelled', message: 'access_denied' } });
  });

  it('refuses a callback whose state it never issued, or issued and already used', async () => {
    const forged = outcomeOf(await (await fetch(`${api.url}/auth/oidc/callback?code=abc&state=not-ours`)).text());
    expect(forged.error).toEqual({ category: 'unknown', message: 'This sign-in has expired or was already used. Please try again.' });
    expect(forged.result).toBeUndefined();
  });
});

describe('accounts without an external provider', () => {
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApp((config) => AccountsAppModule.forRoot(config), { service: 'accounts' });
  });
  afterAll(async () => {
    await api.close();
  });

  it('says so in the popup instead of sending it anywhere', async () => {
    const response = await fetch(`${api.url}/auth/oidc/start`, { redirect: 'manual' });
    expect(response.status).toBe(200);
    expect(outcomeOf(await response.text()).error).toEqual({ category: 'unknown', message: 'No external identity provider is configured' });
  });
});
