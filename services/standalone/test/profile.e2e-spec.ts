import { expect, it } from '@jest/globals';
import { AuthMessages } from '@cairn/rules';
import { testOutputPath } from '@cairn/testing';
import { describeInChromium, signUpInBrowser } from './browser-session.js';

describeInChromium('Profile and the header in Chromium', (session) => {
  it('shows Discussion Mode for the active protocol, renames the account, and logs out after asking', async () => {
    const page = await session.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signUpInBrowser(page, session.server.url, 'Nikhil Rao');
    expect(await page.getByText('Discussion Mode').count()).toBe(0);
    const panel = page.getByRole('tabpanel');
    await panel.getByRole('textbox', { name: 'Message' }).fill('malaria treatment');
    await panel.getByRole('textbox', { name: 'Message' }).press('Enter');
    await panel.getByTestId('protocol-card').waitFor({ timeout: 20_000 });
    const header = page.getByRole('banner');
    await header.getByText('Discussion Mode').waitFor();
    expect(await header.textContent()).toMatch(/malaria/i);
    await header.getByRole('button', { name: 'New Search' }).click();
    await page.getByRole('tab', { name: 'New Protocol', selected: true }).waitFor();
    expect(await header.getByText('Discussion Mode').count()).toBe(0);

    await page.getByRole('button', { name: /^Profile/ }).click();
    const profile = page.getByRole('dialog', { name: 'Profile' });
    await profile.getByRole('paragraph').filter({ hasText: 'Nikhil Rao' }).waitFor();
    await profile.getByText('NR').waitFor();
    await profile.getByRole('button', { name: 'Rename Account' }).click();
    await profile.getByLabel('Display name').fill('   ');
    await profile.getByLabel('Display name').press('Enter');
    expect(await page.getByRole('dialog', { name: 'Rename Account' }).count()).toBe(0);
    await profile.getByRole('button', { name: 'Rename Account' }).click();
    await profile.getByLabel('Display name').fill('Dr Nikhil Rao');
    await profile.getByLabel('Display name').press('Enter');
    const renamed = page.getByRole('dialog', { name: 'Rename Account' });
    await renamed.getByText('Name updated successfully!').waitFor();
    await renamed.getByRole('button', { name: 'OK' }).click();
    await profile.getByRole('paragraph').filter({ hasText: 'Dr Nikhil Rao' }).waitFor();
    await page.getByTestId('slot-sidebar').getByText('Dr Nikhil Rao').waitFor();
    await page.screenshot({ path: testOutputPath('profile.png') });

    await profile.getByRole('button', { name: 'Log Out' }).click();
    const confirm = page.getByRole('dialog', { name: 'Log Out' });
    await confirm.getByText('Are you sure you want to log out?').waitFor();
    await confirm.getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await page.evaluate(() => window.localStorage.length)).toBe(0);
    await page.close();
  }, 90_000);

  it('deletes the account only with DELETE typed and the right password, then the account is gone', async () => {
    const page = await session.browser.newPage({ viewport: { width: 390, height: 844 } });
    await signUpInBrowser(page, session.server.url, 'Leela Iyer');
    const email = await page.evaluate(async () => (await (await fetch('/api/auth/refresh', { method: 'POST' })).json()).user.email as string);
    await page.getByRole('button', { name: 'Profile', exact: true }).click();
    await page.getByRole('dialog', { name: 'Profile' }).getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Account' });
    await dialog.getByLabel('Password').fill('Sup3rSecret');
    await dialog.getByLabel('Type DELETE to confirm').fill('delete');
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await dialog.getByText('Please type DELETE to confirm account deletion.').waitFor();
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    await dialog.getByLabel('Password').fill('');
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await dialog.getByText('Please enter your password to confirm deletion.').waitFor();
    await dialog.getByLabel('Password').fill('WrongPass1');
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await dialog.getByText('Incorrect password. Please try again.').waitFor();
    await page.screenshot({ path: testOutputPath('delete-account-phone.png') });
    await dialog.getByLabel('Password').fill('Sup3rSecret');
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto(`${session.server.url}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Sup3rSecret');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText(AuthMessages.noAccount).waitFor();
    await page.close();
  }, 90_000);
});
