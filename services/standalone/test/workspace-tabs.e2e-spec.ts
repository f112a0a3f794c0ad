import { expect, it } from '@jest/globals';
import { testOutputPath } from '@cairn/testing';
import { describeInChromium, signUpInBrowser } from './browser-session.js';

describeInChromium('Dashboard tabs in Chromium', (session) => {
  it('keeps one chat per tab, restores the tabs and the active one after a reload, and closes them all after asking', async () => {
    const page = await session.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signUpInBrowser(page, session.server.url, 'Tara Das');

    const tabs = page.getByRole('tab');
    await page.getByRole('tab', { name: 'New Protocol', selected: true }).waitFor();
    expect(await tabs.count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Close All' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Close New Protocol' }).count()).toBe(0);

    const ask = async (question: string) => {
      const panel = page.getByRole('tabpanel');
      await panel.getByRole('textbox', { name: 'Message' }).fill(question);
      await panel.getByRole('textbox', { name: 'Message' }).press('Enter');
      await panel.getByTestId('protocol-card').waitFor({ timeout: 20_000 });
    };
    await ask('dengue symptoms');
    const dengueTitle = (await page.getByRole('tabpanel').getByTestId('protocol-card').getByRole('heading').first().textContent())!.trim();
    await page.getByRole('tab', { name: dengueTitle, selected: true }).waitFor();

    await page.getByRole('button', { name: 'New tab' }).click();
    await page.getByRole('tab', { name: 'New Protocol', selected: true }).waitFor();
    await ask('CPR for cardiac arrest');
    expect(await tabs.count()).toBe(2);
    expect(await page.getByRole('tabpanel').getByText('CPR for cardiac arrest').count()).toBeGreaterThan(0);
    expect(await page.getByRole('tabpanel').getByText('dengue symptoms').count()).toBe(0);

    const recent = page.getByRole('region', { name: 'Recent Searches' });
    await recent.getByText('CPR for cardiac arrest').waitFor();
    await recent.getByText('dengue symptoms').waitFor();
    await page.getByRole('tab', { name: dengueTitle }).click();
    await page.getByRole('tabpanel').getByText('dengue symptoms').first().waitFor();
    await page.screenshot({ path: testOutputPath('tabs.png') });
    await page.waitForTimeout(400);
    await page.reload();
    await page.getByRole('tab', { name: dengueTitle, selected: true }).waitFor();
    expect(await tabs.count()).toBe(2);
    await page.getByRole('tabpanel').getByTestId('protocol-card').waitFor();
    expect(await page.getByRole('tabpanel').getByText('dengue symptoms').count()).toBeGreaterThan(0);
    await page.getByRole('tab', { name: /CPR/i }).click();
    await page.getByRole('tabpanel').getByText('CPR for cardiac arrest').first().waitFor();
    await page.screenshot({ path: testOutputPath('tabs-restored.png') });

    await page.getByRole('button', { name: 'Close All' }).click();
    const dialog = page.getByRole('dialog', { name: 'Close All Tabs?' });
    await dialog.getByText(/saved automatically/).waitFor();
    await page.screenshot({ path: testOutputPath('tabs-close-all.png') });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await tabs.count()).toBe(2);
    await page.getByRole('button', { name: 'Close All' }).click();
    await page.getByRole('dialog', { name: 'Close All Tabs?' }).getByRole('button', { name: 'Close All' }).click();
    await page.getByRole('tab', { name: 'New Protocol', selected: true }).waitFor();
    expect(await tabs.count()).toBe(1);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await page.getByRole('button', { name: 'New tab' }).click();
    expect(await tabs.count()).toBe(2);
    await page.screenshot({ path: testOutputPath('tabs-phone.png') });
    await page.close();
  }, 90_000);

  it("clears the last user's tabs when a different user signs in on the same browser", async () => {
    const context = await session.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signUpInBrowser(page, session.server.url, 'Gita Menon');
    await page.getByRole('button', { name: 'New tab' }).click();
    await page.getByRole('button', { name: 'New tab' }).click();
    expect(await page.getByRole('tab').count()).toBe(3);
    await page.waitForTimeout(400);
    await page.context().clearCookies();
    await page.reload();
    await page.waitForURL(/\/login$/);
    await signUpInBrowser(page, session.server.url, 'Hari Pillai');
    await page.getByRole('tab', { name: 'New Protocol', selected: true }).waitFor();
    await page.waitForTimeout(500);
    expect(await page.getByRole('tab').count()).toBe(1);
    expect(await page.getByTestId('slot-sidebar').getByText('Hari Pillai').count()).toBe(1);
    await context.close();
  }, 60_000);
});
