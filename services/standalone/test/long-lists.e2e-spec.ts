import { expect, it } from '@jest/globals';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { SqliteDocumentStore, write, type StoredDocument } from '@cairn/platform';
import { testOutputPath } from '@cairn/testing';
import { describeInChromium, signUpInBrowser } from './browser-session.js';
import { newestFirst, storedConversation, storedSavedProtocol } from './contract/list-fixtures.js';
import { indexedProtocol, indexOrder } from './uploads-fixtures.js';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

const uidOf = (page: Page) => page.evaluate(async () => (await (await fetch('/api/auth/refresh', { method: 'POST' })).json()).user.uid as string);

/** Writes documents straight into one collection of a service's SQLite store in the running server's DATA_DIR. */
async function seed(dataDir: string, service: string, collection: string, docs: StoredDocument[]): Promise<void> {
  const store = new SqliteDocumentStore(join(dataDir, `${service}.sqlite`));
  try {
    await store.commit(docs.map((doc) => write.put(store.collection(collection), doc)));
  } finally {
    await store.close();
  }
}

async function openProtocolIndex(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Profile/ }).first().click();
  const profile = page.getByRole('dialog', { name: 'Profile' });
  await profile.getByRole('tab', { name: /^My Protocols/ }).click();
  await profile.getByRole('button', { name: /Your Protocol Index/ }).click();
}

const titlesOf = (cards: Locator) => cards.evaluateAll((articles) => articles.map((article) => article.getAttribute('aria-label')));

/** Clicks 'Show more' until it is gone, waiting each time for the list to grow by a page (or to its end). */
async function showAll(list: Locator, pageSize: number, total: number): Promise<number> {
  const cards = list.getByRole('article');
  const showMore = list.getByRole('button', { name: 'Show more' });
  let clicks = 0;
  while ((await showMore.count()) > 0) {
    if (++clicks > Math.ceil(total / pageSize)) throw new Error('Show more never went away');
    const before = await cards.count();
    await showMore.click();
    await cards.nth(Math.min(before + pageSize, total) - 1).waitFor();
    await list.getByRole('button', { name: /Loading more/ }).waitFor({ state: 'detached' });
  }
  return clicks;
}

describeInChromium('Long lists in Chromium', (session) => {
  it('reaches every protocol of a 250-protocol index through Show more, keeping the shown ones when a page fails', async () => {
    const page = await session.browser.newPage({ viewport: DESKTOP });
    await signUpInBrowser(page, session.server.url, 'Meera Iyer');
    const uid = await uidOf(page);
    const seeded = Array.from({ length: 250 }, (_, i) => indexedProtocol(uid, i));
    await seed(session.server.dataDir, 'uploads', 'user_protocols', seeded);
    await page.reload();

    await openProtocolIndex(page);
    const index = page.getByRole('region', { name: /Your Protocol Index/ });
    const cards = index.getByRole('article');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(20);
    await index.getByText('Showing 20 of 250').waitFor();
    const showMore = index.getByRole('button', { name: 'Show more' });
    await showMore.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testOutputPath('protocol-index-show-more.png') });

    const pagesAfterTheFirst = (url: URL) => url.pathname.endsWith('/protocols') && url.searchParams.has('offset');
    await page.route(pagesAfterTheFirst, (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"detail":{"message":"store unavailable"}}' }));
    await showMore.click();
    const loading = index.getByRole('button', { name: 'Loading more…' });
    await loading.waitFor();
    expect(await loading.isDisabled()).toBe(true);
    const failure = index.getByRole('alert').filter({ hasText: 'Could not load more protocols.' });
    await failure.waitFor({ timeout: 20_000 });
    expect(await cards.count()).toBe(20);
    await failure.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testOutputPath('protocol-index-page-failed.png') });
    await page.unroute(pagesAfterTheFirst);
    await failure.getByRole('button', { name: 'Retry' }).click();
    await index.getByText('Showing 40 of 250').waitFor();

    expect(await showAll(index, 20, 250)).toBe(11);
    expect(await cards.count()).toBe(250);
    await index.getByText('Showing 250 of 250').waitFor();
    expect((await index.getByRole('heading', { level: 2 }).textContent())?.replace(/\D/g, '')).toBe('250');
    expect(await titlesOf(cards)).toEqual([...seeded].sort(indexOrder).map((protocol) => protocol.title));

    await page.setViewportSize(PHONE);
    await page.reload();
    if (!(await index.isVisible())) await openProtocolIndex(page);
    await showMore.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testOutputPath('protocol-index-show-more-phone.png') });
    await page.close();
  }, 120_000);

  it('pages the sidebar: 25 recent searches 10 at a time and 120 saved checklists 50 at a time', async () => {
    const page = await session.browser.newPage({ viewport: DESKTOP });
    await signUpInBrowser(page, session.server.url, 'Tara Menon');
    const uid = await uidOf(page);
    const conversations = Array.from({ length: 25 }, (_, i) => storedConversation(uid, i));
    const checklists = Array.from({ length: 120 }, (_, i) => storedSavedProtocol(uid, i));
    await seed(session.server.dataDir, 'conversations', 'conversations', conversations);
    await seed(session.server.dataDir, 'saved-protocols', 'saved_protocols', checklists);
    await page.reload();

    const recent = page.getByRole('region', { name: 'Recent Searches' });
    const saved = page.getByRole('region', { name: 'Saved Checklists' });
    await recent.getByRole('article').first().waitFor();
    await saved.getByRole('article').first().waitFor();
    expect(await recent.getByRole('article').count()).toBe(10);
    expect(await saved.getByRole('article').count()).toBe(50);
    await saved.getByRole('button', { name: 'Show more' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: testOutputPath('sidebar-show-more.png') });

    expect(await showAll(recent, 10, 25)).toBe(2);
    expect(await titlesOf(recent.getByRole('article'))).toEqual([...conversations].sort(newestFirst('updated_at', 'conversationId')).map((conversation) => conversation.title));
    await recent.getByRole('article').last().scrollIntoViewIfNeeded();
    await page.screenshot({ path: testOutputPath('sidebar-recent-all.png') });
    expect(await showAll(saved, 50, 120)).toBe(2);
    expect(await titlesOf(saved.getByRole('article'))).toEqual([...checklists].sort(newestFirst('saved_at', 'protocolId')).map((checklist) => checklist.title));

    await page.setViewportSize(PHONE);
    await page.reload();
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await recent.getByRole('button', { name: 'Show more' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: testOutputPath('sidebar-show-more-phone.png') });
    await page.close();
  }, 120_000);
});
