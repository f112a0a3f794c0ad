import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { minimalPdf, testOutputPath } from '@cairn/testing';
import { signUpInBrowser, startBrowserSession, type BrowserSession } from './browser-session.js';

const ORGANISATION = "St Mary's Hospital";
const QUERY = 'lithium toxicity haemodialysis';

/** A ward protocol no starter document holds, so only the library can answer it. */
const lithiumPdf = () =>
  minimalPdf(
    [
      { text: 'Lithium toxicity ward protocol', size: 20 },
      { text: 'Lithium toxicity management', size: 16 },
      { text: 'Stop lithium at once when the serum lithium level is above 1.5 mmol/L or toxicity is suspected.' },
      { text: 'Measure serum lithium, creatinine and electrolytes every 6 hours until the level falls.' },
      { text: 'Give intravenous sodium chloride 0.9 per cent to keep the urine output above 1 ml/kg/h.' },
      { text: 'Refer for haemodialysis when the lithium level is above 4 mmol/L or there is confusion or seizures.' },
      { text: 'Monitor the ECG continuously for QT prolongation and bradycardia during lithium toxicity.' },
    ],
    'Lithium toxicity ward protocol',
  );

const pdfText = (path: string) => execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });

async function ask(page: Page, query: string, scope?: string) {
  await page.getByRole('button', { name: 'New Protocol Search' }).click();
  await page.getByRole('tab', { name: 'New Protocol', selected: true }).waitFor();
  if (scope) await page.getByRole('group', { name: 'Search scope' }).getByRole('button', { name: scope }).click();
  await page.getByRole('textbox', { name: 'Message' }).fill(query);
  await page.getByRole('textbox', { name: 'Message' }).press('Enter');
}

describe('Hospital library in Chromium', () => {
  let session: BrowserSession;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cairn-library-'));
    session = await startBrowserSession({ ORGANISATION_NAMES: `stmarys.org=${ORGANISATION};riverside.org=Riverside Clinic` });
  }, 60_000);

  afterAll(async () => {
    await session?.close();
  });

  it('an editor publishes, a colleague finds it in All with its badge and exports it, another hospital does not, the trail shows it', async () => {
    const { browser, server } = session;
    const editor = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signUpInBrowser(editor, server.url, 'Priya Shah', 'stmarys.org');
    await editor.getByRole('button', { name: /^Profile/ }).first().click();
    await editor.getByRole('dialog', { name: 'Profile' }).getByRole('button', { name: 'Upload Medical Documents' }).click();
    const overlay = editor.getByRole('dialog', { name: 'Upload Medical Documents' });
    const pdf = join(dir, 'lithium-toxicity.pdf');
    writeFileSync(pdf, lithiumPdf());
    await overlay.getByLabel('Choose ZIP/PDF File').setInputFiles(pdf);
    await editor.getByText('Protocols Ready').waitFor({ timeout: 60_000 });
    await overlay.getByRole('button', { name: 'Close' }).click();
    const generated = editor.getByTestId('generated-protocols');
    await generated.getByRole('button', { name: 'Approve' }).click();
    await generated.getByText(/Successfully processed \d+ protocols?/).waitFor({ timeout: 60_000 });
    await generated.getByRole('button', { name: 'Open Your Protocol Index' }).click();

    const index = editor.getByTestId('protocol-index');
    const protocol = index.getByRole('article', { name: /lithium/i }).first();
    await protocol.getByRole('button', { name: 'Publish to Hospital' }).click();
    await protocol.getByText('Hospital', { exact: true }).waitFor();
    await protocol.getByRole('button', { name: 'Unpublish' }).waitFor();
    await protocol.getByRole('button', { name: 'Rename Hospital Copy' }).click();
    await protocol.getByLabel('Hospital copy title').fill('Lithium toxicity: ward 7 pathway');
    await protocol.getByLabel('Hospital copy title').press('Enter');
    await protocol.getByText("as 'Lithium toxicity: ward 7 pathway'").waitFor();
    await editor.screenshot({ path: testOutputPath('library-published.png'), fullPage: true });

    const colleague = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signUpInBrowser(colleague, server.url, 'Tom Reid', 'stmarys.org');
    await ask(colleague, QUERY);
    const card = colleague.getByRole('tabpanel').getByTestId('protocol-card');
    await card.waitFor({ timeout: 30_000 });
    await card.getByText('Hospital', { exact: true }).first().waitFor();
    expect(await card.textContent()).toContain(ORGANISATION);
    await colleague.screenshot({ path: testOutputPath('library-colleague-answer.png'), fullPage: true });

    const [download] = await Promise.all([colleague.waitForEvent('download'), card.getByRole('button', { name: 'Export PDF' }).click()]);
    const exported = join(dir, download.suggestedFilename());
    await download.saveAs(exported);
    const text = pdfText(exported).replace(/\s+/g, ' ');
    expect(text).toMatch(/haemodialysis/i);
    expect(text).toMatch(/serum lithium/i);
    expect(text).toContain('lithium-toxicity.pdf');
    expect(text).toMatch(/Generated by Cairn/);
    expect(await card.getByRole('button', { name: 'Print' }).count()).toBe(1);

    const stranger = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signUpInBrowser(stranger, server.url, 'Ana Costa', 'riverside.org');
    await ask(stranger, QUERY);
    await stranger.getByRole('tabpanel').getByTestId('assistant-message').first().waitFor({ timeout: 30_000 });
    await stranger.getByRole('tabpanel').getByTestId('typing-indicator').waitFor({ state: 'detached' });
    const answer = stranger.getByRole('tabpanel').getByTestId('message-list');
    expect(await answer.getByText(ORGANISATION).count()).toBe(0);
    expect(await answer.getByText('Hospital', { exact: true }).count()).toBe(0);
    expect(await answer.textContent()).not.toMatch(/haemodialysis when the lithium level/i);
    await stranger.screenshot({ path: testOutputPath('library-other-hospital.png') });

    await editor.getByRole('button', { name: /^Profile/ }).first().click();
    await editor.getByRole('dialog', { name: 'Profile' }).getByRole('button', { name: 'Approval Trail' }).click();
    const trail = editor.getByRole('dialog', { name: 'Approval Trail' });
    const publication = trail.getByRole('row').filter({ hasText: /publish/i }).filter({ hasText: /lithium/i });
    await publication.first().waitFor();
    expect(await publication.first().textContent()).toContain('Priya Shah');
    expect(await trail.getByRole('row').filter({ hasText: /approve/i }).count()).toBeGreaterThan(0);
    expect(await trail.getByRole('row').filter({ hasText: /rename/i }).filter({ hasText: 'ward 7 pathway' }).count()).toBe(1);
    await editor.screenshot({ path: testOutputPath('library-approval-trail.png') });
  }, 240_000);
});
