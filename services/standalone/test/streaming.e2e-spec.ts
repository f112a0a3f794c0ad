import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { eventually, sourcedReply, startOpenAiDouble, testOutputPath, type OpenAiDouble } from '@cairn/testing';
import { signUpInBrowser, startBrowserSession, type BrowserSession } from './browser-session.js';

/** A realistic pace: 250 ms to the first token, then 80 tokens a second. */
const PACE = { firstTokenMs: 250, tokensPerSecond: 80 };
/**
 * How long a stopped card is watched for steps arriving after all: at PACE a stream that went on
 * would deliver 120 more tokens in this time, a few steps.
 */
const AFTER_STOP_WATCH_MS = 1_500;

describe('Checklists streamed from an OpenAI-compatible model, in Chromium', () => {
  let model: OpenAiDouble;
  let session: BrowserSession;

  beforeAll(async () => {
    model = await startOpenAiDouble({ chat: (request) => sourcedReply(request), streamPace: PACE });
    session = await startBrowserSession({ GENERATOR: 'openai', OPENAI_BASE_URL: model.url, GENERATION_MODEL: 'clinical-model' });
  }, 60_000);
  afterAll(async () => {
    await session?.close();
    await model?.stop();
  });

  const lastCall = () => model.requests.filter((request) => request.path === '/v1/chat/completions').at(-1)!;
  const ask = async (page: Page, question: string) => {
    const input = page.getByRole('tabpanel').getByRole('textbox', { name: 'Message' });
    await input.fill(question);
    await input.press('Enter');
  };

  it('fills the card step by step before the model has finished, and completes it', async () => {
    const page = await session.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signUpInBrowser(page, session.server.url, 'Meera Pillai');
    await ask(page, 'dengue treatment');
    const card = page.getByRole('tabpanel').getByTestId('protocol-card');
    await card.getByTestId('protocol-step').first().waitFor({ timeout: 20_000 });
    expect(lastCall().body.stream).toBe(true);
    expect(lastCall().streamEnded).not.toBe(true);
    expect(await card.getByRole('status').textContent()).toMatch(/Writing the checklist/);
    await card.getByRole('button', { name: 'Stop' }).waitFor();
    await page.screenshot({ path: testOutputPath('streaming-card.png') });

    await card.getByRole('button', { name: 'Stop' }).waitFor({ state: 'detached', timeout: 30_000 });
    expect(lastCall().streamEnded).toBe(true);
    expect(await card.getByTestId('protocol-step').count()).toBeGreaterThan(2);
    await page.screenshot({ path: testOutputPath('streamed-card.png') });

    await ask(page, 'what dose of paracetamol for dengue fever?');
    const answer = page.getByRole('tabpanel').getByTestId('follow-up-answer').first();
    await answer.waitFor({ timeout: 20_000 });
    expect(lastCall().body.stream).toBe(true);
    await page.getByRole('tabpanel').getByRole('button', { name: 'Stop' }).waitFor({ state: 'detached', timeout: 30_000 });
    expect((await answer.textContent())?.length).toBeGreaterThan(20);
    await page.close();
  }, 120_000);

  it('Stop ends the stream where it is and cancels the model request, on a 390 px screen', async () => {
    const page = await session.browser.newPage({ viewport: { width: 390, height: 844 } });
    await signUpInBrowser(page, session.server.url, 'Tomas Reyes');
    await ask(page, 'malaria treatment');
    const card = page.getByRole('tabpanel').getByTestId('protocol-card');
    await card.getByTestId('protocol-step').first().waitFor({ timeout: 20_000 });
    await card.getByRole('button', { name: 'Stop' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: testOutputPath('streaming-card-390.png') });
    const call = lastCall();
    await card.getByRole('button', { name: 'Stop' }).click();
    const shown = await card.getByTestId('protocol-step').count();
    expect(await eventually(async () => call.closedEarly, (closed) => closed === true, 5_000, 50)).toBe(true);
    expect(call.streamEnded).not.toBe(true);
    expect(await card.getByRole('button', { name: 'Stop' }).count()).toBe(0);
    await page.waitForTimeout(AFTER_STOP_WATCH_MS);
    expect(await card.getByTestId('protocol-step').count()).toBe(shown);
    expect(await page.getByRole('tabpanel').getByRole('textbox', { name: 'Message' }).isEnabled()).toBe(true);
    await page.close();
  }, 120_000);

  it('keeps the steps shown when the model breaks off, completes the card from the sources and says so', async () => {
    const page = await session.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signUpInBrowser(page, session.server.url, 'Lena Ortiz');
    model.fault({ path: '/v1/chat/completions', breakAfterTokens: 90 });
    await ask(page, 'dengue treatment');
    const panel = page.getByRole('tabpanel');
    const card = panel.getByTestId('protocol-card');
    await card.getByTestId('protocol-step').first().waitFor({ timeout: 20_000 });
    const first = await card.getByTestId('protocol-step').first().textContent();
    const notice = panel.getByRole('note').filter({ hasText: 'The model stopped answering. The remaining steps were taken directly from the sources.' });
    await notice.waitFor({ timeout: 20_000 });
    await card.getByRole('button', { name: 'Stop' }).waitFor({ state: 'detached', timeout: 20_000 });
    expect(await card.getByTestId('protocol-step').first().textContent()).toBe(first);
    expect(await card.getByTestId('protocol-step').count()).toBeGreaterThan(2);
    await notice.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testOutputPath('streamed-card-fallback.png') });
    await page.close();
  }, 120_000);

  it('a new query while a checklist streams cancels it all the way to the model', async () => {
    const page = await session.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signUpInBrowser(page, session.server.url, 'Asha Kumar');
    await ask(page, 'dengue treatment');
    const panel = page.getByRole('tabpanel');
    await panel.getByTestId('protocol-card').getByTestId('protocol-step').first().waitFor({ timeout: 20_000 });
    const first = lastCall();
    await ask(page, 'snake bite first aid');
    expect(await eventually(async () => first.closedEarly, (closed) => closed === true, 5_000, 50)).toBe(true);
    await page.getByRole('dialog', { name: 'New Protocol Topic Detected' }).getByRole('button', { name: 'Continue Here' }).click();
    await panel.getByTestId('user-message').filter({ hasText: 'snake bite first aid' }).waitFor();
    await panel.getByTestId('protocol-card').nth(1).getByTestId('protocol-step').first().waitFor({ timeout: 20_000 });
    expect(lastCall()).not.toBe(first);
    await page.close();
  }, 120_000);
});
