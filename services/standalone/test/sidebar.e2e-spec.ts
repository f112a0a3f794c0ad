import { expect, it } from '@jest/globals';
import { testOutputPath } from '@cairn/testing';
import { describeInChromium, signUpInBrowser } from './browser-session.js';

describeInChromium('Sidebar actions in Chromium', (session) => {
  it('renames, opens and deletes a recent search, rolls back a failed rename, and renames and unstars a saved checklist', async () => {
    const page = await session.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signUpInBrowser(page, session.server.url, 'Anil Kumar');
    const panel = page.getByRole('tabpanel');
    await panel.getByRole('textbox', { name: 'Message' }).fill('dengue symptoms');
    await panel.getByRole('textbox', { name: 'Message' }).press('Enter');
    await panel.getByTestId('protocol-card').waitFor({ timeout: 20_000 });
    await panel.getByTestId('save-protocol').click();

    const recent = page.getByRole('region', { name: 'Recent Searches' });
    const saved = page.getByRole('region', { name: 'Saved Checklists' });
    await recent.getByRole('article', { name: 'dengue symptoms' }).waitFor();
    const savedCard = saved.getByRole('article').first();
    await savedCard.waitFor();
    const savedTitle = (await savedCard.getAttribute('aria-label'))!;

    const menu = (region: typeof recent, title: string) => region.getByRole('button', { name: `Actions for ${title}` });
    await menu(recent, 'dengue symptoms').click();
    await page.screenshot({ path: testOutputPath('sidebar-menu.png') });
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    await recent.getByLabel('New title').fill('   ');
    await recent.getByLabel('New title').press('Enter');
    await recent.getByRole('article', { name: 'dengue symptoms' }).waitFor();
    await menu(recent, 'dengue symptoms').click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    await recent.getByLabel('New title').fill('Dengue ward round');
    await recent.getByLabel('New title').press('Escape');
    await recent.getByRole('article', { name: 'dengue symptoms' }).waitFor();

    await page.route('**/api/conversations/*/*/title', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":{"message":"store unavailable"}}' }));
    await menu(recent, 'dengue symptoms').click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    await recent.getByLabel('New title').fill('Dengue ward round');
    await recent.getByLabel('New title').press('Enter');
    const alert = page.getByRole('dialog').filter({ hasText: 'Failed to rename conversation' });
    await alert.waitFor();
    expect(await recent.getByRole('article', { name: 'dengue symptoms' }).count()).toBe(1);
    await alert.getByRole('button', { name: 'OK' }).click();
    await page.unroute('**/api/conversations/*/*/title');

    await menu(recent, 'dengue symptoms').click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    await recent.getByLabel('New title').fill('Dengue ward round');
    await recent.getByLabel('New title').press('Enter');
    await recent.getByRole('article', { name: 'Dengue ward round' }).waitFor();

    const dengueTab = page.getByRole('tab', { selected: true });
    const dengueTabTitle = (await dengueTab.textContent())!.trim();
    await page.getByRole('button', { name: 'New tab' }).click();
    await recent.getByRole('button', { name: 'Dengue ward round', exact: true }).click();
    await page.getByRole('tab', { name: dengueTabTitle, selected: true }).waitFor();
    expect(await page.getByRole('tab').count()).toBe(2);
    await page.getByRole('button', { name: `Close ${dengueTabTitle}` }).click();
    expect(await page.getByRole('tab').count()).toBe(1);
    await recent.getByRole('button', { name: 'Dengue ward round', exact: true }).click();
    await page.getByRole('tab', { name: 'Dengue ward round', selected: true }).waitFor();
    await page.getByRole('tabpanel').getByTestId('protocol-card').waitFor();
    expect(await page.getByRole('tab').count()).toBe(2);
    await page.screenshot({ path: testOutputPath('sidebar-opened-conversation.png') });

    await menu(recent, 'Dengue ward round').click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await recent.getByText('No recent searches yet').waitFor();
    await page.getByRole('tab', { name: 'Dengue ward round' }).waitFor({ state: 'detached' });
    expect(await page.getByRole('tab').count()).toBe(1);

    await menu(saved, savedTitle).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    await saved.getByLabel('New title').fill('Dengue checklist');
    await saved.getByLabel('New title').press('Enter');
    await saved.getByRole('article', { name: 'Dengue checklist' }).waitFor();
    await page.reload();
    await saved.getByRole('article', { name: 'Dengue checklist' }).waitFor();
    await saved.getByRole('button', { name: 'Dengue checklist', exact: true }).click();
    await page.getByRole('tab', { name: 'Saved: Dengue checklist', selected: true }).waitFor();
    await page.getByRole('tabpanel').getByTestId('protocol-card').waitFor();
    expect(await page.getByRole('tabpanel').getByRole('textbox', { name: 'Message' }).count()).toBe(0);
    await page.screenshot({ path: testOutputPath('sidebar-saved-tab.png') });
    await menu(saved, 'Dengue checklist').click();
    await page.getByRole('menuitem', { name: 'Unstar' }).click();
    await saved.getByText('No saved checklists yet').waitFor();
    await page.getByRole('tab', { name: 'Saved: Dengue checklist' }).waitFor({ state: 'detached' });
    await page.close();
  }, 120_000);
});
