import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { testOutputPath } from '@cairn/testing';
import { signUpInBrowser, startBrowserSession, type BrowserSession } from './browser-session.js';
import { wardSepsisPdf } from './uploads-fixtures.js';

async function uploadAndApprove(page: Page) {
  await page.getByRole('button', { name: /^Profile/ }).first().click();
  await page.getByRole('dialog', { name: 'Profile' }).getByRole('button', { name: 'Upload Medical Documents' }).click();
  const overlay = page.getByRole('dialog', { name: 'Upload Medical Documents' });
  await overlay.getByLabel('Choose ZIP/PDF File').setInputFiles({ name: 'ward-sepsis.pdf', mimeType: 'application/pdf', buffer: wardSepsisPdf() });
  await page.getByText('Protocols Ready').waitFor({ timeout: 60_000 });
  await overlay.getByRole('button', { name: 'Close' }).click();
  const generated = page.getByTestId('generated-protocols');
  await generated.getByRole('button', { name: 'Approve' }).click();
  await generated.getByText(/Successfully processed \d+ protocols/).waitFor({ timeout: 60_000 });
}

const PAGE_HEADINGS = ['Sepsis recognition', 'Sepsis escalation'];

/** Opens the first uploaded citation of the answer and returns the viewer with the page it shows. */
async function openCitedSource(page: Page) {
  const card = page.getByRole('tabpanel').getByTestId('protocol-card');
  const toggle = card.getByTestId('references').getByRole('button', { name: /^References/ });
  await toggle.waitFor();
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await card.getByTestId('references').getByRole('button', { name: 'View Source' }).first().click();
  const viewer = page.getByRole('dialog').filter({ has: page.getByTestId('source-viewer-page') });
  const label = viewer.getByTestId('source-viewer-page').getByText(/^Page \d of 2 · cited passage highlighted$/);
  await label.waitFor({ timeout: 20_000 });
  const shown = Number(/Page (\d)/.exec((await label.textContent()) ?? '')?.[1]);
  return { viewer, shown };
}

describe('View Source opens an uploaded guideline inside the app at the cited page (Chromium)', () => {
  let session: BrowserSession;

  beforeAll(async () => {
    session = await startBrowserSession();
  }, 60_000);
  afterAll(async () => {
    await session?.close();
  });

  it('answers from the upload in My Protocols and shows the cited page with the passage highlighted, to its owner', async () => {
    const page = await session.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signUpInBrowser(page, session.server.url, 'Asha Pillai');
    await page.getByTestId('remote-chat').waitFor();
    await uploadAndApprove(page);

    await page.getByRole('button', { name: 'New Protocol Search' }).click();
    await page.getByRole('tabpanel').getByTestId('remote-chat').waitFor();
    await page.getByRole('group', { name: 'Search scope' }).getByRole('button', { name: 'My Protocols' }).click();
    await page.getByRole('textbox', { name: 'Message' }).fill('sepsis escalation lactate critical care team');
    await page.getByRole('textbox', { name: 'Message' }).press('Enter');
    await page.getByRole('tabpanel').getByTestId('protocol-card').waitFor({ timeout: 30_000 });

    const { viewer, shown } = await openCitedSource(page);
    const sheet = viewer.getByRole('document', { name: `Page ${shown} of the source` });
    const canvas = await sheet.locator('canvas').evaluate((element: HTMLCanvasElement) => ({ width: element.width, height: element.height }));
    expect(canvas.width).toBeGreaterThan(300);
    expect(canvas.height).toBeGreaterThan(300);
    const pageText = await sheet.textContent();
    expect(pageText).toContain(PAGE_HEADINGS[shown - 1]);
    expect(pageText).not.toContain(PAGE_HEADINGS[2 - shown]);
    const marked = (await viewer.locator('.source-viewer__mark').allTextContents()).join(' ');
    expect(marked.length).toBeGreaterThan(20);
    expect(pageText).toContain(marked.split(/(?<=\.)\s*/)[0]);
    const markBox = await viewer.locator('.source-viewer__mark').first().boundingBox();
    const sheetBox = await sheet.boundingBox();
    expect(markBox!.y).toBeGreaterThanOrEqual(sheetBox!.y);
    expect(markBox!.y + markBox!.height).toBeLessThanOrEqual(sheetBox!.y + sheetBox!.height);
    await page.screenshot({ path: testOutputPath('source-viewer-desktop.png') });

    await viewer.getByRole('button', { name: 'Close source' }).click();
    await viewer.waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    const { viewer: narrow, shown: narrowShown } = await openCitedSource(page);
    const narrowBox = await narrow.getByRole('document', { name: `Page ${narrowShown} of the source` }).boundingBox();
    expect(narrowBox!.width).toBeLessThanOrEqual(390);
    expect(await narrow.locator('.source-viewer__mark').count()).toBeGreaterThan(0);
    await page.screenshot({ path: testOutputPath('source-viewer-390.png') });

    const sourceUrl = await page.evaluate(async () => {
      const refreshed = await (await fetch('/api/auth/refresh', { method: 'POST' })).json();
      return { uid: refreshed.user.uid as string, token: refreshed.access_token as string };
    });
    const stranger = await session.browser.newPage();
    await signUpInBrowser(stranger, session.server.url, 'Tomas Berg');
    const strangerToken = await stranger.evaluate(async () => (await (await fetch('/api/auth/refresh', { method: 'POST' })).json()).access_token as string);
    const protocols = await (await fetch(`${session.server.url}/api/users/${sourceUrl.uid}/protocols`, { headers: { authorization: `Bearer ${sourceUrl.token}` } })).json();
    const path = `/api/users/${sourceUrl.uid}/protocols/${protocols.protocols[0].id}/source`;
    expect((await fetch(`${session.server.url}${path}`, { headers: { authorization: `Bearer ${sourceUrl.token}` } })).status).toBe(200);
    expect((await fetch(`${session.server.url}${path}`, { headers: { authorization: `Bearer ${strangerToken}` } })).status).toBe(403);
    await stranger.close();
    await page.close();
  }, 240_000);
});
