import { expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { testOutputPath } from '@cairn/testing';
import { describeInChromium, signUpInBrowser } from './browser-session.js';

/** Saves a conversation of `pairs` questions and answers for the signed-in user, as the chat's auto-save would. */
export async function seedConversation(page: Page, pairs: number, title: string): Promise<string> {
  return page.evaluate(
    async ({ pairs, title }) => {
      const session = await (await fetch('/api/auth/refresh', { method: 'POST' })).json();
      const uid = session.user.uid as string;
      const start = Date.now() - pairs * 60_000;
      const messages = Array.from({ length: pairs }, (_, i) => [
        { id: `msg_q${i}`, type: 'user', content: `question ${i} about dengue fluids`, timestamp: new Date(start + i * 60_000).toISOString(), protocol_data: null, citations: [], follow_up_questions: [], uncertainty_note: null, used_new_sources: false, is_follow_up: false },
        { id: `msg_a${i}`, type: 'assistant', content: `answer ${i}: give oral fluids and watch for warning signs`, timestamp: new Date(start + i * 60_000 + 1_000).toISOString(), protocol_data: null, citations: [], follow_up_questions: [], uncertainty_note: null, used_new_sources: false, is_follow_up: true },
      ]).flat();
      const id = `conv_seed${Date.now()}`;
      const response = await fetch(`/api/conversations/save?user_id=${uid}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${session.access_token}` },
        body: JSON.stringify({ id, title, messages, last_query: messages.at(-2)!.content, tags: ['medical-protocol'], created_at: new Date(start).toISOString(), updated_at: new Date().toISOString() }),
      });
      if (!response.ok) throw new Error(`seeding failed: ${response.status} ${await response.text()}`);
      return id;
    },
    { pairs, title },
  );
}

describeInChromium('Long conversations in Chromium', (session) => {
  it('opens a 60-message conversation with its count bar, lazy loading, Jump to Top and in-chat search', async () => {
    const page = await session.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signUpInBrowser(page, session.server.url, 'Rohan Das');
    await seedConversation(page, 30, 'Dengue fluids ward round');
    await page.reload();
    await page.getByRole('region', { name: 'Recent Searches' }).getByRole('button', { name: 'Dengue fluids ward round', exact: true }).click();
    const panel = page.getByRole('tabpanel');
    const bar = panel.getByTestId('conversation-bar');
    await bar.waitFor();
    expect(await bar.textContent()).toContain('60 messages');
    await bar.getByText('Lazy loading enabled').waitFor();
    expect(await panel.locator('.message-placeholder').count()).toBeGreaterThan(0);
    await panel.getByText('answer 29: give oral fluids').waitFor();
    await page.screenshot({ path: testOutputPath('long-conversation.png') });

    await bar.getByRole('button', { name: 'Jump to Top' }).click();
    await panel.getByText('answer 0: give oral fluids').waitFor();

    await panel.getByRole('textbox', { name: 'Message' }).click();
    await page.keyboard.press('Control+f');
    const search = panel.getByRole('search');
    await search.getByRole('textbox', { name: 'Search in conversation' }).fill('QUESTION 1');
    await search.getByText('1 of 11').waitFor();
    await search.getByRole('button', { name: 'Next match' }).click();
    await search.getByText('2 of 11').waitFor();
    await panel.locator('.message-list__item.is-found').waitFor();
    await page.screenshot({ path: testOutputPath('long-conversation-search.png') });
    await search.getByRole('textbox', { name: 'Search in conversation' }).press('Escape');
    expect(await panel.getByRole('search').count()).toBe(0);
    await page.close();
  }, 90_000);
});
