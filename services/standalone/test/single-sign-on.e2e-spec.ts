import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { providerClaims, startOidcTestProvider, testOutputPath, type OidcTestProvider } from '@cairn/testing';
import { startBrowserSession, type BrowserSession } from './browser-session.js';
import { signInAtProvider } from './provider-pages.js';

const BUTTON = 'Continue with an external identity provider account';

describe('Single sign-on through a hospital OIDC provider in Chromium', () => {
  let provider: OidcTestProvider;
  let session: BrowserSession;

  beforeAll(async () => {
    provider = await startOidcTestProvider();
    session = await startBrowserSession({ OIDC_ISSUER_URL: provider.issuer, OIDC_CLIENT_ID: provider.clientId, OIDC_CLIENT_SECRET: provider.clientSecret });
    provider.allowRedirectUri(`${session.server.url}/api/auth/oidc/callback`);
  }, 60_000);
  afterAll(async () => {
    await session?.close();
    await provider?.close();
  });

  it('signs in through the popup and lands on /dashboard as the provider user, the same Cairn account every time', async () => {
    const context = await session.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${session.server.url}/login`);
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: BUTTON }).click();
    const popup = await popupOpened;
    await popup.locator('input[name=login]').waitFor();
    await page.screenshot({ path: testOutputPath('sso-popup-opener.png') });
    await signInAtProvider(popup, 'asha.rao');
    await page.waitForURL(/\/dashboard$/);
    await page.getByTestId('remote-chat').waitFor();

    const me = async () => page.evaluate(async () => (await (await fetch('/api/auth/refresh', { method: 'POST' })).json()).user);
    const first = await me();
    expect(first).toMatchObject({ email: providerClaims('asha.rao').email, displayName: 'Asha Rao', provider: 'oidc', photoURL: providerClaims('asha.rao').picture });
    await page.getByRole('button', { name: 'Profile', exact: true }).click();
    await page.getByRole('dialog', { name: 'Profile' }).getByText('Asha Rao').first().waitFor();
    await page.screenshot({ path: testOutputPath('sso-profile.png') });
    await page.getByRole('dialog', { name: 'Profile' }).getByRole('button', { name: 'Log Out' }).click();
    await page.getByRole('dialog', { name: 'Log Out' }).getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/dashboard'));

    await page.goto(`${session.server.url}/login`);
    const again = page.waitForEvent('popup');
    await page.getByRole('button', { name: BUTTON }).click();
    await signInAtProvider(await again, 'asha.rao');
    await page.waitForURL(/\/dashboard$/);
    expect((await me()).uid).toBe(first.uid);
    await context.close();
  }, 90_000);

  it("says 'Sign-in cancelled' when the popup is closed before signing in", async () => {
    const page = await session.browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${session.server.url}/login`);
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: BUTTON }).click();
    const popup = await popupOpened;
    await popup.locator('input[name=login]').waitFor();
    await popup.close();
    await page.getByText('Sign-in cancelled').waitFor({ timeout: 10_000 });
    expect(page.url()).toMatch(/\/login$/);
    await page.close();
  });

  it('deletes an external account after signing in again in the popup, and refuses a different provider user', async () => {
    const context = await session.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${session.server.url}/login`);
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: BUTTON }).click();
    await signInAtProvider(await popupOpened, 'ravi.menon');
    await page.waitForURL(/\/dashboard$/);

    await page.getByRole('button', { name: 'Profile', exact: true }).click();
    await page.getByRole('dialog', { name: 'Profile' }).getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Account' });
    expect(await dialog.getByLabel('Password').count()).toBe(0);
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');

    const wrongUser = page.waitForEvent('popup');
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await signInAtProvider(await wrongUser, 'someone.else');
    await dialog.getByText(/Failed to delete account/).waitFor();

    const rightUser = page.waitForEvent('popup');
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await signInAtProvider(await rightUser, 'ravi.menon');
    await page.waitForURL((url) => !url.pathname.startsWith('/dashboard'));
    const after = await page.evaluate(async () => (await fetch('/api/auth/refresh', { method: 'POST' })).status);
    expect(after).toBe(401);
    await context.close();
  }, 90_000);
});
