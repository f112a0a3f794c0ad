import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Locator, Page } from 'playwright-core';
import { testOutputPath } from '@cairn/testing';
import { signUpInBrowser, startBrowserSession, type BrowserSession } from './browser-session.js';
import { wardSepsisPdf } from './uploads-fixtures.js';

const PAGE_HEADINGS = ['Sepsis recognition', 'Sepsis escalation'];

async function uploadForReview(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: /^Profile/ }).first().click();
  await page.getByRole('dialog', { name: 'Profile' }).getByRole('button', { name: 'Upload Medical Documents' }).click();
  const overlay = page.getByRole('dialog', { name: 'Upload Medical Documents' });
  await overlay.getByLabel('Choose ZIP/PDF File').setInputFiles({ name: 'ward-sepsis.pdf', mimeType: 'application/pdf', buffer: wardSepsisPdf() });
  await page.getByText('Protocols Ready').waitFor({ timeout: 60_000 });
  await overlay.getByRole('button', { name: 'Close' }).click();
  const generated = page.getByTestId('generated-protocols');
  await generated.getByRole('article').first().waitFor();
  return generated;
}

/** The viewer once it shows a page with the cited passage highlighted, and the page number it shows. */
async function shownSource(page: Page) {
  const viewer = page.getByRole('dialog').filter({ has: page.getByTestId('source-viewer-page') });
  const label = viewer.getByTestId('source-viewer-page').getByText(/^Page \d of 2 · cited passage highlighted$/);
  await label.waitFor({ timeout: 20_000 });
  const shown = Number(/Page (\d)/.exec((await label.textContent()) ?? '')?.[1]);
  return { viewer, shown, sheet: viewer.getByRole('document', { name: `Page ${shown} of the source` }) };
}

/** The page holds the heading of the cited page, not the other one's, and every highlight lies on it. */
async function expectCitedPage(viewer: Locator, sheet: Locator, shown: number) {
  const pageText = (await sheet.textContent()) ?? '';
  expect(pageText).toContain(PAGE_HEADINGS[shown - 1]);
  expect(pageText).not.toContain(PAGE_HEADINGS[2 - shown]);
  const marks = viewer.locator('.source-viewer__mark');
  expect(await marks.count()).toBeGreaterThan(0);
  const marked = (await marks.allTextContents()).join(' ');
  expect(marked.length).toBeGreaterThan(20);
  expect(pageText).toContain(marked.split(/(?<=\.)\s*/)[0]);
  const sheetBox = (await sheet.boundingBox())!;
  const markBox = (await marks.first().boundingBox())!;
  expect(markBox.y).toBeGreaterThanOrEqual(sheetBox.y);
  expect(markBox.y + markBox.height).toBeLessThanOrEqual(sheetBox.y + sheetBox.height);
  return sheetBox;
}

/** Waits until the layout stops moving: the sidebar collapses with a CSS transition, and every transition has ended. */
async function transitionsEnded(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((animation) => !(animation instanceof CSSTransition) || animation.playState === 'finished'), undefined, { timeout: 2_000 });
}

async function closeSource(viewer: Locator) {
  await viewer.getByRole('button', { name: 'Close source' }).click();
  await viewer.waitFor({ state: 'detached' });
}

describe('Your Protocol Index opens an approved upload\'s sources in the app (Chromium)', () => {
  let session: BrowserSession;

  beforeAll(async () => {
    session = await startBrowserSession();
  }, 60_000);
  afterAll(async () => {
    await session?.close();
  });

  it("opens a preview's source before approval, then a citation and a step of the approved protocol, at the cited page, highlighted", async () => {
    const page = await session.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signUpInBrowser(page, session.server.url, 'Ines Duarte');
    await page.getByTestId('remote-chat').waitFor();

    const generated = await uploadForReview(page);
    await page.getByRole('status').filter({ hasText: 'Protocols Ready' }).getByRole('button', { name: 'Dismiss' }).click();
    const previewSources = generated.getByRole('list', { name: 'Sources' }).first();
    expect(await generated.getByText('Source opens after approval').count()).toBe(0);
    await previewSources.getByRole('button', { name: 'View Source', exact: true }).first().waitFor();
    await page.screenshot({ path: testOutputPath('protocol-index-sources-preview-list.png') });
    await previewSources.getByRole('button', { name: 'View Source', exact: true }).first().click();
    const fromPreview = await shownSource(page);
    await expectCitedPage(fromPreview.viewer, fromPreview.sheet, fromPreview.shown);
    await page.screenshot({ path: testOutputPath('protocol-index-sources-preview.png') });
    await closeSource(fromPreview.viewer);

    await generated.getByRole('button', { name: 'Approve' }).click();
    await generated.getByText(/Successfully processed \d+ protocols/).waitFor({ timeout: 60_000 });
    await generated.getByRole('button', { name: 'Open Your Protocol Index' }).click();
    const index = page.getByTestId('protocol-index');
    const protocol = index.getByRole('article', { name: /sepsis escalation/i });
    await protocol.getByRole('button', { name: /sepsis escalation/i }).click();
    const sources = protocol.getByRole('list', { name: 'Sources' });
    const firstSource = sources.getByRole('listitem').first();
    const citedPage = Number(/page (\d)/.exec((await firstSource.textContent()) ?? '')?.[1]);
    expect(citedPage).toBe(2);
    expect(await sources.getByText('User defined').count()).toBe(0);
    await page.screenshot({ path: testOutputPath('protocol-index-sources-desktop.png') });

    await firstSource.getByRole('button', { name: 'View Source', exact: true }).click();
    const fromCitation = await shownSource(page);
    expect(fromCitation.shown).toBe(citedPage);
    const canvas = await fromCitation.sheet.locator('canvas').evaluate((element: HTMLCanvasElement) => ({ width: element.width, height: element.height }));
    expect(canvas.width).toBeGreaterThan(300);
    expect(canvas.height).toBeGreaterThan(300);
    await expectCitedPage(fromCitation.viewer, fromCitation.sheet, fromCitation.shown);
    await page.screenshot({ path: testOutputPath('protocol-index-source-desktop.png') });
    await closeSource(fromCitation.viewer);

    await protocol.getByRole('button', { name: 'View Source of step 1' }).click();
    const fromStep = await shownSource(page);
    expect(fromStep.shown).toBe(2);
    await expectCitedPage(fromStep.viewer, fromStep.sheet, fromStep.shown);
    const stepOne = (await protocol.getByRole('listitem').first().locator('span').first().textContent()) ?? '';
    expect((await fromStep.viewer.locator('.source-viewer__mark').allTextContents()).join(' ')).toBe(stepOne);
    await closeSource(fromStep.viewer);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await page.getByRole('button', { name: 'Expand sidebar' }).waitFor();
    await transitionsEnded(page);
    await protocol.getByRole('button', { name: 'View Source of step 1' }).scrollIntoViewIfNeeded();
    const card = (await protocol.boundingBox())!;
    expect(card.x).toBeGreaterThanOrEqual(0);
    expect(card.x + card.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: testOutputPath('protocol-index-sources-390.png') });
    await firstSource.getByRole('button', { name: 'View Source', exact: true }).click();
    const narrow = await shownSource(page);
    const narrowBox = await expectCitedPage(narrow.viewer, narrow.sheet, narrow.shown);
    expect(narrowBox.x).toBeGreaterThanOrEqual(0);
    expect(narrowBox.x + narrowBox.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: testOutputPath('protocol-index-source-390.png') });
    await page.close();
  }, 240_000);
});
