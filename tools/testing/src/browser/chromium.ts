import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags for headless Chromium on a closed network, as root (docs/architecture.md, "Testing"). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: install it with \`apt-get install -y chromium\` (or set CHROMIUM_PATH).`);
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

/** Where browser tests put screenshots: `test-output/browser/` at the repository root. */
export function testOutputPath(name: string): string {
  const dir = resolve(fileURLToPath(new URL('../../../../test-output/browser', import.meta.url)));
  mkdirSync(dir, { recursive: true });
  return resolve(dir, name);
}
