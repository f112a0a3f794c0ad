import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { testOutputPath } from '@cairn/testing';
import { signUpInBrowser, startBrowserSession, type BrowserSession } from './browser-session.js';

describe('Follow-ups and new topics in Chromium', () => {
  let session: BrowserSession;

  beforeAll(async () => {
    session = await startBrowserSession();
  }, 60_000);
  afterAll(async () => {
    await session?.close();
  });

  it('answers a follow-up with citations and chips, and asks before a new topic: a new tab or here', async () => {
    const page = await session.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signUpInBrowser(page, session.server.url, 'Divya Nair');
    const panel = page.getByRole('tabpanel');
    const ask = async (question: string) => {
      await panel.getByRole('textbox', { name: 'Message' }).fill(question);
      await panel.getByRole('textbox', { name: 'Message' }).press('Enter');
    };
    await ask('dengue treatment');
    await panel.getByTestId('protocol-card').waitFor({ timeout: 20_000 });

    await ask('what dose for dengue in children?');
    const answer = panel.getByTestId('follow-up-answer').first();
    await answer.waitFor({ timeout: 20_000 });
    expect(await answer.getByTestId('message-citation').count()).toBeGreaterThan(0);
    expect(await answer.getByTestId('message-citation').first().textContent()).toMatch(/\d+% relevant/);
    const chips = answer.getByRole('group', { name: 'Follow-up questions' }).getByRole('button');
    expect(await chips.count()).toBeGreaterThan(0);
    expect(await chips.count()).toBeLessThanOrEqual(5);
    expect(await page.getByRole('dialog', { name: 'New Protocol Topic Detected' }).count()).toBe(0);
    await answer.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testOutputPath('follow-up-answer.png') });

    const chip = (await chips.first().textContent())!.trim();
    await chips.first().click();
    await panel.getByTestId('user-message').filter({ hasText: chip }).waitFor();
    await panel.getByTestId('follow-up-answer').nth(1).waitFor({ timeout: 20_000 });

    await ask('malaria treatment in pregnancy first trimester');
    const dialog = page.getByRole('dialog', { name: 'New Protocol Topic Detected' });
    await dialog.waitFor();
    await page.screenshot({ path: testOutputPath('new-topic-dialog.png') });
    await dialog.getByRole('button', { name: 'Open New Tab' }).click();
    const newTab = page.getByRole('tab', { name: /malaria/i, selected: true });
    await newTab.waitFor();
    await page.getByRole('tabpanel').getByTestId('user-message').filter({ hasText: 'malaria treatment in pregnancy first trimester' }).waitFor();
    await page.getByRole('tabpanel').getByTestId('protocol-card').waitFor({ timeout: 20_000 });

    await page.getByRole('tab').first().click();
    await ask('asthma attack emergency');
    await page.getByRole('dialog', { name: 'New Protocol Topic Detected' }).getByRole('button', { name: 'Continue Here' }).click();
    await panel.getByTestId('protocol-card').nth(1).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('tab').count()).toBe(2);
    expect(await panel.getByTestId('protocol-card').nth(1).getByRole('heading').first().textContent()).toMatch(/asthma/i);
    await page.close();
  }, 120_000);
});
