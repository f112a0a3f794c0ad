import { resolve } from 'node:path';
import { launchChromium, spawnService } from '@cairn/testing';
import { repoRoot } from './datasets.js';
import { table } from './metrics.js';

const PAIRS = 100;
const KEYSTROKES = 40;
const TARGET_MS = 100;

/** In the page: saves a conversation of PAIRS questions and answers, every fifth answer a 12-step protocol card. */
const SEED = `(async (pairs) => {
  const session = await (await fetch('/api/auth/refresh', { method: 'POST' })).json();
  const start = Date.now() - pairs * 60000;
  const protocol = (i) => ({
    title: 'Dengue Fluids ' + i, region: 'Global', year: 2026, organization: 'WHO', intent: 'treatment', lastUpdated: '2026-11-01',
    checklist: Array.from({ length: 12 }, (_, s) => ({ step: s + 1, text: 'Step ' + (s + 1) + ': give oral fluids and recheck the haematocrit every 4 hours', explanation: 'Why it matters for step ' + (s + 1), citation: 1, citations: [1] })),
    citations: [{ id: 1, source: 'Dengue guideline', organization: 'WHO', year: 2024, region: 'Global', url: 'https://www.who.int', excerpt: 'Give oral fluids.' }],
  });
  const messages = Array.from({ length: pairs }, (_, i) => [
    { id: 'msg_q' + i, type: 'user', content: 'question ' + i + ' about dengue fluids', timestamp: new Date(start + i * 60000).toISOString(), protocol_data: null, citations: [], follow_up_questions: [], uncertainty_note: null, used_new_sources: false, is_follow_up: false },
    { id: 'msg_a' + i, type: 'assistant', content: (i % 5 === 0 ? 'Dengue Fluids ' + i + '\\n' : '') + 'answer ' + i + ': give oral fluids and watch for warning signs', timestamp: new Date(start + i * 60000 + 1000).toISOString(), protocol_data: i % 5 === 0 ? protocol(i) : null, citations: [], follow_up_questions: [], uncertainty_note: null, used_new_sources: false, is_follow_up: i % 5 !== 0 },
  ]).flat();
  const response = await fetch('/api/conversations/save?user_id=' + session.user.uid, {
    method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer ' + session.access_token },
    body: JSON.stringify({ id: 'conv_bench' + Date.now(), title: 'Bench conversation', messages, last_query: 'question', tags: ['medical-protocol'], created_at: new Date(start).toISOString(), updated_at: new Date().toISOString() }),
  });
  if (!response.ok) throw new Error('seeding failed: ' + response.status);
})(${PAIRS})`;

/** In the page: from the click on the Recent Searches card until the newest answer is on screen, after two frames. */
const OPEN = `(async () => {
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
  const card = [...document.querySelectorAll('.side-card__open')].find((button) => button.textContent === 'Bench conversation');
  const started = performance.now();
  card.click();
  for (;;) {
    const panel = document.querySelector('[role=tabpanel]:not([hidden])');
    if (panel && panel.textContent.includes('answer ${PAIRS - 1}:')) break;
    await frame();
  }
  await frame();
  await frame();
  return performance.now() - started;
})()`;

/** In the page: each keystroke typed into the message box, until the frame after React has painted it. */
const TYPE = `(async (keys) => {
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
  const box = document.querySelector('[role=tabpanel]:not([hidden]) textarea[aria-label=Message]');
  box.focus();
  const times = [];
  for (let i = 0; i < keys; i++) {
    const started = performance.now();
    document.execCommand('insertText', false, 'a');
    await frame();
    await frame();
    times.push(performance.now() - started);
  }
  return times;
})(${KEYSTROKES})`;

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];

/** A 200-message conversation in Chromium: the time to open it and to type in the input (docs/product-spec.md §4 long conversations). */
async function main(): Promise<void> {
  const server = await spawnService(resolve(repoRoot, 'services/standalone/dist/main.js'));
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${server.url}/signup`);
    await page.getByLabel('Full Name').fill('Bench Clinician');
    await page.getByLabel('Email').fill(`bench-${Date.now()}@ward.org`);
    await page.getByLabel('Password', { exact: true }).fill('Sup3rSecret');
    await page.getByLabel('Confirm Password').fill('Sup3rSecret');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('tab', { name: 'New Protocol' }).waitFor();
    await page.evaluate(SEED);
    const rows: (string | number)[][] = [];
    for (let run = 1; run <= 3; run++) {
      await page.evaluate("localStorage.removeItem('cairn.tabs')");
      await page.reload();
      await page.getByRole('region', { name: 'Recent Searches' }).getByRole('button', { name: 'Bench conversation', exact: true }).waitFor();
      const openMs = (await page.evaluate(OPEN)) as number;
      const typing = (await page.evaluate(TYPE)) as number[];
      rows.push([run, PAIRS * 2, openMs.toFixed(1), percentile(typing, 50).toFixed(1), percentile(typing, 95).toFixed(1), Math.max(...typing).toFixed(1)]);
    }
    console.log(`A ${PAIRS * 2}-message conversation (every fifth answer a 12-step protocol card) in Chromium; target under ${TARGET_MS} ms`);
    console.log(table(['run', 'messages', 'open ms', 'keystroke p50 ms', 'keystroke p95 ms', 'keystroke max ms'], rows));
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
