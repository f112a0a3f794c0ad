import { expect, it } from '@jest/globals';
import { testOutputPath } from '@cairn/testing';
import { describeInChromium, signUpInBrowser } from './browser-session.js';

/** A saved conversation holds a step thread opened by `question` and answered. */
const savedWithThread = (conversation: { messages?: { protocol_data?: { steps?: { thread?: { type: string; content: string }[] }[] } | null }[] }, question: string) =>
  (conversation.messages ?? []).some((message) =>
    (message.protocol_data?.steps ?? []).some((step) => step.thread?.[0]?.content === question && step.thread.some((entry) => entry.type === 'assistant')),
  );

describeInChromium('Follow-ups and new topics in Chromium', (session) => {
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

  it('discusses a step in its own thread, one thread at a time, and keeps the thread after a reload', async () => {
    const page = await session.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signUpInBrowser(page, session.server.url, 'Kiran Bose');
    const panel = page.getByRole('tabpanel');
    await panel.getByRole('textbox', { name: 'Message' }).fill('dengue symptoms');
    await panel.getByRole('textbox', { name: 'Message' }).press('Enter');
    const card = panel.getByTestId('protocol-card');
    await card.waitFor({ timeout: 20_000 });
    const steps = card.getByTestId('protocol-step');
    await steps.nth(0).getByRole('button').first().click();
    await steps.nth(0).getByRole('button', { name: 'Discuss this step' }).click();
    const discussion = steps.nth(0).getByRole('region', { name: 'Step Discussion' });
    const input = discussion.getByRole('textbox', { name: 'Ask about this step' });
    await input.fill('   ');
    expect(await discussion.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    await input.fill('x'.repeat(960));
    await discussion.getByText('40 characters left').waitFor();
    expect(await discussion.locator('.step-discussion__counter.is-warning').count()).toBe(1);
    await input.fill('why does this matter?');
    // The auto-save that carries the step's question and its answer.
    const threadSaved = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        new URL(response.url()).pathname.endsWith('/conversations/save') &&
        response.ok() &&
        savedWithThread(response.request().postDataJSON(), 'why does this matter?'),
    );
    await input.press('Enter');
    const thread = discussion.getByRole('list', { name: 'Step thread' });
    await thread.getByRole('listitem').nth(1).waitFor({ timeout: 20_000 });
    await thread.getByRole('status').waitFor({ state: 'detached', timeout: 20_000 });
    expect(await thread.getByRole('listitem').first().textContent()).toBe('why does this matter?');
    expect((await thread.getByRole('listitem').nth(1).textContent())?.trim()).toMatch(/\[\d+\]$/);
    await thread.getByRole('listitem').nth(1).scrollIntoViewIfNeeded();
    await page.screenshot({ path: testOutputPath('step-discussion.png') });

    await steps.nth(1).getByRole('button').first().click();
    await steps.nth(1).getByRole('button', { name: 'Discuss this step' }).click();
    expect(await card.getByRole('region', { name: 'Step Discussion' }).count()).toBe(1);

    await page.getByRole('region', { name: 'Recent Searches' }).getByText('dengue symptoms').waitFor();
    // A reload opens the tab's conversation again: the tab is saved too (300 ms after a change), with the conversation's id.
    const conversationId: string = (await threadSaved).request().postDataJSON().id;
    await page.waitForFunction(
      (id) => (JSON.parse(window.localStorage.getItem('cairn.tabs') ?? 'null')?.tabs ?? []).some((tab: { conversationId?: string }) => tab.conversationId === id),
      conversationId,
    );
    await page.reload();
    const restored = page.getByRole('tabpanel').getByTestId('protocol-card');
    await restored.waitFor({ timeout: 20_000 });
    const first = restored.getByTestId('protocol-step').nth(0);
    if ((await first.getByRole('button', { name: /Discuss this step/ }).count()) === 0) await first.getByRole('button').first().click();
    await first.getByRole('button', { name: 'Discuss this step (2)' }).click();
    await first.getByRole('region', { name: 'Step Discussion' }).getByText('why does this matter?').waitFor();
    await page.close();
  }, 120_000);

  it('refuses a message over 1000 characters with the message check text and keeps it to shorten', async () => {
    const page = await session.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signUpInBrowser(page, session.server.url, 'Maya Sen');
    const box = page.getByRole('tabpanel').getByRole('textbox', { name: 'Message' });
    const long = `dengue symptoms in pregnancy ${'with persistent vomiting '.repeat(60)}`.slice(0, 1500);
    await box.fill(long);
    await box.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'Message too long (max 1000 characters)' }).waitFor();
    expect(await box.inputValue()).toBe(long);
    expect(await page.getByTestId('user-message').count()).toBe(0);
    await box.fill('dengue symptoms in pregnancy');
    expect(await page.getByRole('alert').filter({ hasText: 'Message too long' }).count()).toBe(0);
    await page.close();
  }, 60_000);

  it("shows 'Showing results for …' when a misspelt question was read as other words", async () => {
    const page = await session.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signUpInBrowser(page, session.server.url, 'Tom Mathew');
    const panel = page.getByRole('tabpanel');
    await panel.getByRole('textbox', { name: 'Message' }).fill('denge fevr treatment');
    await panel.getByRole('textbox', { name: 'Message' }).press('Enter');
    await panel.getByText('Showing results for').waitFor({ timeout: 20_000 });
    expect(await panel.getByText('Showing results for').textContent()).toBe('Showing results for dengue fever treatment');
    expect(await panel.getByTestId('protocol-card').getByRole('heading').first().textContent()).toMatch(/dengue/i);
    await page.screenshot({ path: testOutputPath('typo-corrected.png') });
    await page.close();
  }, 60_000);
});
