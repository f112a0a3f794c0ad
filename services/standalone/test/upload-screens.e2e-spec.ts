import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { pagedPdf, testOutputPath } from '@cairn/testing';
import { repositoryRoot, signUpInBrowser, startBrowserSession, type BrowserSession } from './browser-session.js';
import { zip } from './uploads-fixtures.js';

const datasets = process.env.CAIRN_DATASETS_DIR ?? resolve(repositoryRoot, '../shared/datasets');
const nfcorpusPdfs = join(datasets, 'nfcorpus-pdfs.zip');
const describeWithPdfs = existsSync(nfcorpusPdfs) ? describe : describe.skip;

/** A three-page ward guideline: one chapter a page, each long enough to become a protocol. */
function wardGuideline(): Buffer {
  const chapter = (title: string, lines: string[]) => [{ text: title, size: 16 }, ...lines.map((text) => ({ text }))];
  return pagedPdf(
    [
      chapter('Snakebite first aid', [
        'Immobilise the bitten limb with a splint and keep the patient still and calm.',
        'Remove rings, watches and tight clothing from the bitten limb before swelling starts.',
        'Do not apply a tight tourniquet and do not cut or suck the wound.',
        'Transfer the patient to a hospital that stocks anti-snake venom as quickly as possible.',
      ]),
      chapter('Snakebite antivenom treatment', [
        'Perform the 20-minute whole blood clotting test on arrival and repeat it every 6 hours.',
        'Give anti-snake venom when the 20-minute whole blood clotting test shows unclotted blood.',
        'Give adrenaline 0.5 mg intramuscularly if anaphylaxis develops during the antivenom infusion.',
        'Monitor urine output, blood pressure and neurological signs every hour for 24 hours.',
      ]),
      chapter('Snakebite discharge advice', [
        'Keep the patient in hospital for at least 24 hours after the last dose of antivenom.',
        'Advise the patient to return at once if bleeding, swelling or weakness comes back.',
        'Arrange a review of kidney function within one week of discharge.',
      ]),
    ],
    'Snakebite ward guideline',
  );
}

/** Twenty PDFs of the NFCorpus PDF set plus the ward guideline, as a hospital would zip them. */
function guidelinesZip(dir: string): string {
  const all = unzipSync(readFileSync(nfcorpusPdfs), { filter: (file) => file.name.endsWith('.pdf') });
  const twenty = Object.keys(all).sort().slice(0, 20);
  const files: Record<string, Uint8Array> = Object.fromEntries(twenty.map((name) => [name.split('/').pop()!, all[name]]));
  files['snakebite-ward-guideline.pdf'] = wardGuideline();
  const path = join(dir, 'hospital-guidelines.zip');
  writeFileSync(path, zip(files));
  return path;
}

async function signUp(page: Page, baseUrl: string, name: string) {
  await signUpInBrowser(page, baseUrl, name);
  await page.getByTestId('remote-chat').waitFor();
}

async function openUploadOverlay(page: Page) {
  await page.getByRole('button', { name: /^Profile/ }).first().click();
  await page.getByRole('dialog', { name: 'Profile' }).getByRole('button', { name: 'Upload Medical Documents' }).click();
  const overlay = page.getByRole('dialog', { name: 'Upload Medical Documents' });
  await overlay.waitFor();
  return overlay;
}

describeWithPdfs('Upload screens in Chromium', () => {
  let session: BrowserSession;
  let server: BrowserSession['server'];
  let browser: BrowserSession['browser'];
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cairn-upload-screens-'));
    session = await startBrowserSession();
    ({ server, browser } = session);
  }, 60_000);
  afterAll(async () => {
    await session?.close();
  });

  it('uploads a ZIP of guidelines, reviews, regenerates and approves them, answers from them in My Protocols, then deletes them all', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signUp(page, server.url, 'Meera Nair');
    const overlay = await openUploadOverlay(page);
    await overlay.getByText('No files uploaded yet').waitFor();
    for (const requirement of ['ZIP containing PDF documents only', 'Maximum 100MB', 'PDFs should contain medical protocols or guidelines', 'Processing takes about 2-5 minutes.']) {
      await overlay.getByText(requirement).waitFor();
    }
    await page.screenshot({ path: testOutputPath('upload-overlay.png') });

    await overlay.getByLabel('Custom processing instructions (optional)').fill('Focus on emergency management');
    await overlay.getByLabel('Choose ZIP/PDF File').setInputFiles(guidelinesZip(dir));
    await overlay.getByRole('progressbar').first().waitFor();
    await overlay.getByText(/Uploading|Processing/).first().waitFor();
    await page.screenshot({ path: testOutputPath('upload-processing.png') });

    await page.getByText('Protocols Ready').waitFor({ timeout: 60_000 });
    await overlay.getByText('Ready for Review').waitFor();
    const generatedCount = Number(/(\d+) protocols generated/.exec((await overlay.getByTestId('upload-job').textContent()) ?? '')?.[1]);
    expect(generatedCount).toBeGreaterThanOrEqual(21);
    await page.screenshot({ path: testOutputPath('upload-ready.png') });
    await overlay.getByRole('button', { name: 'Close' }).click();

    const generated = page.getByTestId('generated-protocols');
    await generated.waitFor();
    const reviewed = generated.getByRole('article');
    await reviewed.first().waitFor();
    expect(await reviewed.count()).toBe(20);
    await generated.getByText(`Showing 20 of ${generatedCount}`).waitFor();
    expect(await generated.getByRole('heading', { name: /Generated Protocols/ }).textContent()).toContain(String(generatedCount));
    await generated.getByRole('button', { name: 'Show more' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: testOutputPath('upload-generated-first-page.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await page.getByRole('status').filter({ hasText: 'Protocols Ready' }).getByRole('button', { name: 'Dismiss' }).click();
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
    await generated.getByRole('button', { name: 'Show more' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: testOutputPath('upload-generated-first-page-phone.png') });
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await page.setViewportSize({ width: 1280, height: 900 });
    await generated.getByRole('button', { name: 'Show more' }).click();
    await generated.getByText(`Showing ${generatedCount} of ${generatedCount}`).waitFor();
    expect(await reviewed.count()).toBe(generatedCount);
    expect(await generated.getByRole('button', { name: 'Show more' }).count()).toBe(0);
    for (let index = 0; index < Math.min(5, generatedCount); index++) {
      expect(await reviewed.nth(index).locator('.protocol-summary__steps > li').count()).toBeLessThanOrEqual(5);
      expect(await reviewed.nth(index).getByRole('listitem').filter({ has: page.locator('.protocol-summary__source') }).count()).toBeLessThanOrEqual(3);
    }
    await generated.getByRole('article', { name: /snakebite first aid/i }).waitFor();
    await page.screenshot({ path: testOutputPath('upload-generated.png'), fullPage: true });

    await generated.getByRole('button', { name: 'Regenerate' }).click();
    const regenerate = page.getByRole('dialog', { name: 'Regenerate Protocols' });
    await regenerate.waitFor();
    const instructions = regenerate.getByLabel('Custom Instructions');
    expect(await instructions.getAttribute('rows')).toBe('4');
    expect(await instructions.getAttribute('placeholder')).toBe('Focus on specific aspects like pediatric considerations, emergency protocols, or detailed contraindications');
    expect(await regenerate.getByRole('button', { name: 'Regenerate' }).isDisabled()).toBe(true);
    await instructions.fill('Focus on antivenom and monitoring');
    await page.screenshot({ path: testOutputPath('upload-regenerate-dialog.png') });
    await regenerate.getByRole('button', { name: 'Regenerate' }).click();
    await regenerate.waitFor({ state: 'detached' });
    const regeneratedCount = Number(/Showing \d+ of (\d+)/.exec((await generated.getByText(/Showing \d+ of \d+/).textContent({ timeout: 40_000 })) ?? '')?.[1]);
    expect(regeneratedCount).toBeGreaterThanOrEqual(21);
    await generated.getByRole('button', { name: 'Show more' }).click();
    await generated.getByRole('article', { name: /snakebite antivenom/i }).waitFor();
    expect(await reviewed.count()).toBe(regeneratedCount);

    await generated.getByRole('button', { name: 'Approve' }).click();
    await generated.getByText(/Successfully processed \d+ protocols/).waitFor({ timeout: 60_000 });
    await generated.getByRole('button', { name: 'Open Your Protocol Index' }).click();

    const index = page.getByTestId('protocol-index');
    await index.getByRole('article').first().waitFor();
    expect(await index.getByRole('article').count()).toBe(20);
    await index.getByRole('button', { name: 'Show more' }).click();
    await index.getByRole('article', { name: /snakebite antivenom/i }).waitFor();
    expect(await index.getByRole('article').count()).toBe(regeneratedCount);
    const antivenom = index.getByRole('article', { name: /snakebite antivenom/i });
    await antivenom.getByRole('button', { name: /snakebite antivenom/i }).click();
    await antivenom.getByText(/clotting test/i).first().waitFor();
    await page.screenshot({ path: testOutputPath('upload-index.png'), fullPage: true });

    await antivenom.getByRole('button', { name: 'Regenerate' }).click();
    const regenerateOne = page.getByRole('dialog', { name: 'Regenerate Protocol' });
    await regenerateOne.getByLabel('Custom Instructions').fill('Put the monitoring steps first');
    await regenerateOne.getByRole('button', { name: 'Regenerate' }).click();
    await regenerateOne.waitFor({ state: 'detached' });

    const fistula = index.getByRole('article', { name: /Sigmoidocutaneous Fistula/ });
    await fistula.getByRole('button', { name: 'Rename' }).click();
    await fistula.getByLabel('Protocol title').fill('Fistula case report');
    await fistula.getByLabel('Protocol title').press('Enter');
    await index.getByRole('article', { name: 'Fistula case report' }).waitFor();
    const renamed = index.getByRole('article', { name: 'Fistula case report' });
    await renamed.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete Protocol' }).getByRole('button', { name: 'Delete' }).click();
    await renamed.waitFor({ state: 'detached' });
    expect(await index.getByRole('article').count()).toBe(regeneratedCount - 1);

    await page.getByRole('button', { name: 'New Protocol Search' }).click();
    await page.getByRole('tab', { name: 'New Protocol', selected: true }).waitFor();
    await page.getByRole('tabpanel').getByTestId('remote-chat').waitFor();
    await page.getByRole('group', { name: 'Search scope' }).getByRole('button', { name: 'My Protocols' }).click();
    await page.getByRole('textbox', { name: 'Message' }).fill('snakebite antivenom clotting test');
    await page.getByRole('textbox', { name: 'Message' }).press('Enter');
    const card = page.getByRole('tabpanel').getByTestId('protocol-card');
    await card.waitFor({ timeout: 20_000 });
    await card.getByTestId('citation-marker').first().click();
    const references = card.getByTestId('references');
    await references.getByTestId('citation').first().waitFor();
    expect(await references.textContent()).toContain('snakebite-ward-guideline.pdf');
    expect(await references.getByRole('button', { name: 'View Source' }).count()).toBeGreaterThan(0);
    await page.screenshot({ path: testOutputPath('upload-my-protocols-answer.png'), fullPage: true });

    await page.getByRole('button', { name: /^Profile/ }).first().click();
    const profile = page.getByRole('dialog', { name: 'Profile' });
    await profile.getByRole('tab', { name: `My Protocols (${regeneratedCount - 1})` }).click();
    await profile.getByRole('button', { name: new RegExp(`${regeneratedCount - 1}\\s*Your Protocol Index`) }).waitFor();
    await profile.getByLabel('Generated Protocols: 0').waitFor();
    await page.screenshot({ path: testOutputPath('upload-profile-my-protocols.png') });
    await profile.getByRole('button', { name: /Your Protocol Index/ }).click();
    await page.getByRole('tab', { name: 'Your Protocol Index', selected: true }).waitFor();
    await page.screenshot({ path: testOutputPath('upload-tabs.png') });
    await index.getByRole('button', { name: 'Delete All' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete All Protocols' });
    await confirm.getByRole('button', { name: 'Delete All' }).click();
    await index.getByText('No protocols yet').waitFor();
    expect(await index.getByRole('article').count()).toBe(0);
    await page.screenshot({ path: testOutputPath('upload-index-empty.png') });
    await page.close();
  }, 240_000);

  it('shows the spec messages for a fake PDF, a 101 MB file and a cancel while processing', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signUp(page, server.url, 'Ravi Menon');
    const overlay = await openUploadOverlay(page);
    const chooser = overlay.getByLabel('Choose ZIP/PDF File');

    const big = join(dir, 'huge-guidelines.zip');
    writeFileSync(big, Buffer.alloc(101 * 1024 * 1024));
    await chooser.setInputFiles(big);
    await overlay.getByText('File too large (101.0 MB). Maximum size is 100MB.').waitFor();
    await page.screenshot({ path: testOutputPath('upload-too-large-phone.png') });
    await overlay.getByText('File too large (101.0 MB). Maximum size is 100MB.').waitFor({ state: 'detached', timeout: 5_000 });

    await chooser.setInputFiles({ name: 'notes.docx', mimeType: 'application/octet-stream', buffer: Buffer.from('not a guideline') });
    await overlay.getByText('Please upload a ZIP or PDF file.').waitFor();

    await chooser.setInputFiles({ name: 'protocol.pdf', mimeType: 'application/pdf', buffer: Buffer.from('This is a text file renamed to look like a PDF.') });
    await overlay.getByText(/^Error: /).waitFor({ timeout: 20_000 });
    await page.getByText('Processing failed').first().waitFor();
    await page.screenshot({ path: testOutputPath('upload-fake-pdf-phone.png') });

    await chooser.setInputFiles(nfcorpusPdfs);
    await overlay.getByText('Processing', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await overlay.getByRole('button', { name: 'Upload in Progress...' }).isDisabled()).toBe(true);
    await overlay.getByRole('button', { name: 'Cancel' }).click();
    await overlay.getByText('Upload cancelled by user').waitFor();
    await page.getByText('Upload Cancelled').first().waitFor();
    expect(await overlay.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
    await page.screenshot({ path: testOutputPath('upload-cancelled-phone.png') });
    await page.close();
  }, 180_000);
});
