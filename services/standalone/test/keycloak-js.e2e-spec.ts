import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startOidcTestProvider, testOutputPath, type OidcTestProvider } from '@cairn/testing';
import { startBrowserSession, type BrowserSession } from './browser-session.js';
import { signInAtProvider } from './provider-pages.js';

describe('auth.mode "oidc": keycloak-js against an OIDC provider, tokens verified by its JWKS in every service', () => {
  let provider: OidcTestProvider;
  let session: BrowserSession;

  beforeAll(async () => {
    provider = await startOidcTestProvider();
    session = await startBrowserSession({
      AUTH_MODE: 'oidc',
      AUTH_ISSUER: provider.issuer,
      AUTH_JWKS_URL: `${provider.issuer}/jwks`,
      AUTH_AUDIENCE: 'cairn',
      AUTH_OIDC_CLIENT_ID: provider.browserClientId,
    });
    provider.allowRedirectUri(`${session.server.url}/oidc-popup`);
    provider.allowRedirectUri(`${session.server.url}/silent-check-sso.html`);
  }, 60_000);
  afterAll(async () => {
    await session?.close();
    await provider?.close();
  });

  it('signs in in the popup, searches with the provider token, and is still signed in after a reload', async () => {
    const context = await session.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto(`${session.server.url}/login`);
    await page.getByRole('button', { name: 'Continue with an external identity provider account' }).waitFor();
    expect(await page.getByLabel('Email').count()).toBe(0);
    await page.screenshot({ path: testOutputPath('keycloak-js-sign-in.png') });
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Continue with an external identity provider account' }).click();
    await signInAtProvider(await popupOpened, 'nurse.kim');
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('textbox', { name: 'Message' }).fill('dengue symptoms');
    await page.getByRole('textbox', { name: 'Message' }).press('Enter');
    await page.getByTestId('protocol-card').waitFor({ timeout: 20_000 });
    await page.screenshot({ path: testOutputPath('keycloak-js-dashboard.png') });
    await page.getByTestId('slot-sidebar').getByText('Nurse Kim').waitFor();

    const stored = await page.evaluate(() => JSON.stringify({ ...window.localStorage }) + JSON.stringify({ ...window.sessionStorage }));
    expect(stored).not.toMatch(/eyJ/);
    await page.reload();
    await page.getByTestId('remote-chat').waitFor();
    expect(page.url()).toMatch(/\/dashboard$/);
    expect(violations).toEqual([]);
    await context.close();
  }, 90_000);
});
