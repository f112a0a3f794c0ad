import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, spawnService, type SpawnedService } from '@cairn/testing';

export const repositoryRoot = resolve(import.meta.dirname, '../../..');

export interface BrowserSession {
  server: SpawnedService;
  browser: Browser;
  close(): Promise<void>;
}

/** The built standalone server with every frontend, and Debian's Chromium to drive it. */
export async function startBrowserSession(env: NodeJS.ProcessEnv = {}): Promise<BrowserSession> {
  for (const app of ['shell', 'chat', 'sidebar', 'upload']) {
    if (!existsSync(resolve(repositoryRoot, 'frontends', app, 'dist'))) throw new Error(`frontends/${app} is not built; run \`npm run build\``);
  }
  const server = await spawnService(resolve(repositoryRoot, 'services/standalone/dist/main.js'), env);
  const browser = await launchChromium();
  return {
    server,
    browser,
    async close() {
      await browser.close();
      await server.stop();
    },
  };
}

/** Signs a new clinician up through the sign-up page and waits for the dashboard; the email's domain is their organisation. */
export async function signUpInBrowser(page: Page, baseUrl: string, name: string, domain = 'ward.org'): Promise<void> {
  await page.goto(`${baseUrl}/signup`);
  await page.getByLabel('Full Name').fill(name);
  await page.getByLabel('Email').fill(`${name.split(' ')[0].toLowerCase()}-${randomUUID()}@${domain}`);
  await page.getByLabel('Password', { exact: true }).fill('Sup3rSecret');
  await page.getByLabel('Confirm Password').fill('Sup3rSecret');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL(/\/dashboard$/);
}

/**
 * A describe block with the built server and Chromium started once for its tests; `session` is usable
 * inside the tests (not while they are declared).
 */
export function describeInChromium(name: string, tests: (session: Omit<BrowserSession, 'close'>) => void): void {
  describe(name, () => {
    let started: BrowserSession | undefined;
    beforeAll(async () => {
      started = await startBrowserSession();
    }, 60_000);
    afterAll(async () => {
      await started?.close();
    });
    tests({
      get server() {
        return started!.server;
      },
      get browser() {
        return started!.browser;
      },
    });
  });
}
