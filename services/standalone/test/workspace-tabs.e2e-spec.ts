import { expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { eventually, testOutputPath } from '@cairn/testing';
import { describeInChromium, signUpInBrowser } from './browser-session.js';

interface SavedTabs {
  tabs: { id: string; title: string; conversationId?: string }[];
  activeId: string;
}

/** The tabs as the page saved them for a reload to restore (the shell saves 300 ms after a change). */
const savedTabs = (page: Page): Promise<SavedTabs | null> => page.evaluate(() => JSON.parse(window.localStorage.getItem('cairn.tabs') ?? 'null'));

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
    // Reloaded once the shell has saved both tabs with their conversations, the dengue one active.
    const restorable = (saved: SavedTabs | null) =>
      saved?.tabs.length === 2 && saved.tabs.every((tab) => tab.conversationId) && saved.tabs.find((tab) => tab.id === saved.activeId)?.title === dengueTitle;
    expect(restorable(await eventually(() => savedTabs(page), restorable, 5_000, 50))).toBe(true);
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
    // The three tabs are saved, for the next user's sign-in to clear.
    expect((await eventually(() => savedTabs(page), (saved) => saved?.tabs.length === 3, 5_000, 50))?.tabs).toHaveLength(3);
    await page.context().clearCookies();
    await page.reload();
    await page.waitForURL(/\/login$/);
    await signUpInBrowser(page, session.server.url, 'Hari Pillai');
    // Another user signing in clears what the browser saved and reloads the page: the tabs it shows then are the ones that count.
    await page.waitForFunction(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.type === 'reload');
    await page.getByRole('tab', { name: 'New Protocol', selected: true }).waitFor();
    expect(await page.getByRole('tab').count()).toBe(1);
    await page.getByTestId('slot-sidebar').getByText('Hari Pillai').waitFor();
    await context.close();
  }, 60_000);
});
