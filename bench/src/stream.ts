import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { launchChromium, sourcedReply, spawnService, startOpenAiDouble } from '@cairn/testing';
import { repoRoot } from './datasets.js';
import { table } from './metrics.js';

const QUERIES = ['dengue treatment', 'asthma attack emergency', 'snake bite first aid', 'malaria treatment', 'heat stroke first aid'];
const TARGET_FIRST_MS = 1_000;
const TARGET_SHARE = 0.3;

/**
 * In the page, before Enter: from the keydown of Enter in the message box, the frame in which the new
 * card first shows a step and the frame in which its last step is shown (the card no longer streaming).
 */
const WATCH = `void (window.__streamTimes = new Promise((resolve) => {
  const frame = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const times = {};
  const box = document.querySelector('[role=tabpanel]:not([hidden]) textarea[aria-label=Message]');
  box.addEventListener('keydown', (event) => { if (event.key === 'Enter') times.enter = performance.now(); }, { capture: true, once: true });
  let lastCount = 0;
  const observer = new MutationObserver(async () => {
    const card = document.querySelector('[role=tabpanel]:not([hidden]) [data-testid=protocol-card]');
    if (!card || times.enter === undefined) return;
    const count = card.querySelectorAll('[data-testid=protocol-step]').length;
    if (count > lastCount) {
      lastCount = count;
      await frame();
      times.first ??= performance.now();
      times.last = performance.now();
    }
    if (count > 0 && card.getAttribute('aria-busy') !== 'true' && !times.done) {
      times.done = true;
      observer.disconnect();
      await frame();
      resolve({ first: times.first - times.enter, last: times.last - times.enter, steps: count });
    }
  });
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-busy'] });
}))`;

async function signUp(page: Page, baseUrl: string, run: number): Promise<void> {
  await page.goto(`${baseUrl}/signup`);
  await page.getByLabel('Full Name').fill('Bench Clinician');
  await page.getByLabel('Email').fill(`bench-stream-${run}-${Date.now()}@ward.org`);
  await page.getByLabel('Password', { exact: true }).fill('Sup3rSecret');
  await page.getByLabel('Confirm Password').fill('Sup3rSecret');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL(/\/dashboard$/);
}

/** In the page: the same query through the route that does not stream (`POST /protocols/generate`), until its answer is read. */
const WHOLE = `(async (query) => {
  const session = await (await fetch('/api/auth/refresh', { method: 'POST' })).json();
  const started = performance.now();
  const response = await fetch('/api/protocols/generate', {
    method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer ' + session.access_token },
    body: JSON.stringify({ title: query }),
  });
  const protocol = await response.json();
  return { ms: performance.now() - started, steps: protocol.checklist.length };
})`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * A checklist streamed from a stand-in OpenAI-compatible model at a set pace, in Chromium: the time
 * from Enter to the first step on screen and to the last.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'first-token-ms': { type: 'string', default: '250' },
      'tokens-per-second': { type: 'string', default: '80' },
      runs: { type: 'string', default: String(QUERIES.length) },
    },
  });
  const pace = { firstTokenMs: Number(values['first-token-ms']), tokensPerSecond: Number(values['tokens-per-second']) };
  let asked = 0;
  const model = await startOpenAiDouble({
    chat: (request) => {
      asked = Date.now();
      return sourcedReply(request);
    },
    streamPace: pace,
  });
  const server = await spawnService(resolve(repoRoot, 'services/standalone/dist/main.js'), { GENERATOR: 'openai', OPENAI_BASE_URL: model.url, GENERATION_MODEL: 'stand-in' });
  const browser = await launchChromium();
  try {
    const rows: (string | number)[][] = [];
    const firsts: number[] = [];
    const shares: number[] = [];
    for (let run = 0; run < Number(values.runs); run++) {
      const query = QUERIES[run % QUERIES.length];
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await signUp(page, server.url, run);
      const input = page.getByRole('tabpanel').getByRole('textbox', { name: 'Message' });
      await input.fill(query);
      await page.evaluate(WATCH);
      const pressed = Date.now();
      await input.press('Enter');
      const times = (await page.evaluate('window.__streamTimes')) as { first: number; last: number; steps: number };
      const call = model.requests.filter((request) => request.path === '/v1/chat/completions').at(-1)!;
      const replyTokens = Math.ceil(sourcedReply(call.body).length / 4);
      firsts.push(times.first);
      shares.push(times.first / times.last);
      const askedAfter = asked - pressed;
      const whole = (await page.evaluate(`${WHOLE}(${JSON.stringify(query)})`)) as { ms: number; steps: number };
      rows.push([run + 1, query, askedAfter, replyTokens, times.steps, times.first.toFixed(0), times.last.toFixed(0), `${((100 * times.first) / times.last).toFixed(0)} %`, whole.ms.toFixed(0)]);
      await page.close();
    }
    console.log(`Checklists streamed from a stand-in model at ${pace.firstTokenMs} ms to the first token and ${pace.tokensPerSecond} tokens a second (a token = 4 characters), in Chromium`);
    console.log(table(['run', 'query', 'Enter → model asked ms', 'reply tokens', 'steps', 'Enter → first step ms', 'Enter → last step ms', 'first / last', 'not streamed: whole checklist ms'], rows));
    const first = median(firsts);
    const share = median(shares);
    console.log(
      `median: first step ${first.toFixed(0)} ms (target ≤ ${TARGET_FIRST_MS} ms: ${first <= TARGET_FIRST_MS ? 'met' : 'missed'}), ` +
        `${(100 * share).toFixed(0)} % of the time to the last step (target ≤ ${100 * TARGET_SHARE} %: ${share <= TARGET_SHARE ? 'met' : 'missed'})`,
    );
  } finally {
    await browser.close();
    await server.stop();
    await model.stop();
  }
}

await main();
