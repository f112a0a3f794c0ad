import { expect, it } from '@jest/globals';
import { testOutputPath } from '@cairn/testing';
import { describeInChromium, signUpInBrowser } from './browser-session.js';

describeInChromium('Connection banner and password reset in Chromium', (session) => {
  it("shows the red offline bar while the connection is down, then 'You're back online!' for 3 seconds", async () => {
    const context = await session.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signUpInBrowser(page, session.server.url, 'Sara Joseph');
    await page.getByTestId('remote-chat').waitFor();
    await page.getByTestId('remote-sidebar').waitFor();
    await context.setOffline(true);
    await page.getByText("You're offline. Some features may not work.").waitFor();
    await page.screenshot({ path: testOutputPath('offline.png') });
    await context.setOffline(false);
    await page.getByText("You're back online!").waitFor();
    expect(await page.getByText("You're offline. Some features may not work.").count()).toBe(0);
    await page.getByText("You're back online!").waitFor({ state: 'detached', timeout: 5_000 });
    await context.close();
  }, 60_000);

  it('loads a remote that failed while offline again once the connection returns', async () => {
    const context = await session.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signUpInBrowser(page, session.server.url, 'Ravi Shankar');
    await page.getByTestId('remote-chat').waitFor();
    await context.route('**/remotes/sidebar/**', (route) => route.abort('internetdisconnected'));
    await page.reload();
    await page.getByText('The sidebar module could not be loaded.').waitFor();
    await context.unroute('**/remotes/sidebar/**');
    await context.setOffline(true);
    await context.setOffline(false);
    await page.getByTestId('remote-sidebar').waitFor();
    await context.close();
  }, 60_000);

  it("sends a reset e-mail and offers 'Send Another Email', 'Back to Login' and 'Home'", async () => {
    const page = await session.browser.newPage({ viewport: { width: 390, height: 844 } });
    await signUpInBrowser(page, session.server.url, 'Omar Farooq');
    const email = await page.evaluate(async () => (await (await fetch('/api/auth/refresh', { method: 'POST' })).json()).user.email as string);
    const context = await session.browser.newContext({ viewport: { width: 390, height: 844 } });
    const visitor = await context.newPage();
    await visitor.goto(`${session.server.url}/forgot-password`);
    await visitor.getByLabel('Email').fill(email);
    await visitor.getByRole('button', { name: 'Send Reset Link' }).click();
    await visitor.getByRole('heading', { name: 'Email Sent!' }).waitFor();
    for (const action of ['Send Another Email', 'Back to Login', 'Home']) await visitor.getByRole('button', { name: action }).or(visitor.getByRole('link', { name: action })).first().waitFor();
    await visitor.screenshot({ path: testOutputPath('forgot-password-sent-phone.png') });
    await visitor.getByRole('button', { name: 'Back to Login' }).or(visitor.getByRole('link', { name: 'Back to Login' })).first().click();
    await visitor.waitForURL(/\/login$/);
    await context.close();
    await page.close();
  }, 60_000);
});
