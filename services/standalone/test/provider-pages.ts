import type { Page } from 'playwright-core';

/**
 * Signs in on the test provider's own pages in the popup: its sign-in form (any password), then its
 * consent page. Neither shows when the provider remembers the user; the popup then closes by itself.
 */
export async function signInAtProvider(popup: Page, login: string): Promise<void> {
  const closed = new Promise<'closed'>((resolve) => {
    if (popup.isClosed()) resolve('closed');
    popup.once('close', () => resolve('closed'));
  });
  const form = popup.locator('input[name=login]');
  if ((await Promise.race([form.waitFor({ timeout: 20_000 }).then(() => 'form' as const), closed])) === 'closed') return;
  await form.fill(login);
  await popup.locator('input[name=password]').fill('directory-password');
  await popup.getByRole('button', { name: 'Sign-in' }).click();
  const consent = popup.getByRole('button', { name: 'Continue' });
  if ((await Promise.race([consent.waitFor({ timeout: 20_000 }).then(() => 'consent' as const), closed])) === 'consent') {
    await consent.click().catch(() => undefined);
  }
  await closed;
}
