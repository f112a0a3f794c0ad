import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { AuthMessages } from '@cairn/rules';
import { eventually, testOutputPath } from '@cairn/testing';
import { signUpInBrowser, startBrowserSession, type BrowserSession } from './browser-session.js';

describe('Cairn in Chromium', () => {
  let session: BrowserSession;
  let server: BrowserSession['server'];
  let browser: Browser;

  beforeAll(async () => {
    session = await startBrowserSession();
    ({ server, browser } = session);
  }, 60_000);
  afterAll(async () => {
    await session?.close();
  });

  it('renders the landing page with the first four sample queries', async () => {
    const page = await browser.newPage();
    await page.goto(server.url);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    for (const sample of ['dengue symptoms', 'malaria treatment', 'heart attack response', 'asthma attack emergency']) {
      await page.getByRole('button', { name: sample }).waitFor();
    }
    expect(await page.getByRole('button', { name: 'COVID-19 home management' }).count()).toBe(0);
    expect(await page.getByText(/professional use only/i).count()).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Human Phenotype Ontology' }).waitFor();
    await page.getByText(/Disease Ontology .* Symptom Ontology, DrugBank Open Data, Wikipedia's list of medical abbreviations .* WordNet/).waitFor();
    await page.screenshot({ path: testOutputPath('landing.png'), fullPage: true });
    await page.close();
  });

  it('shows sign-in and password-reset errors for blank fields and an unknown account', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText(AuthMessages.fillAllFields).waitFor();
    const email = `nobody-${randomUUID()}@ward.org`;
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Sup3rSecret');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText(AuthMessages.noAccount).waitFor();
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText(AuthMessages.noAccount).waitFor();
    expect(page.url()).toMatch(/\/forgot-password$/);
    await page.close();
  });

  it('signs up, lands on /dashboard with both remotes, and answers "dengue symptoms" with cited steps', async () => {
    const page = await browser.newPage();
    const policyViolations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) policyViolations.push(message.text());
    });
    await page.goto(`${server.url}/dashboard`);
    await page.waitForURL(/\/login$/);
    await page.getByRole('link', { name: /sign up|create/i }).first().click();
    await page.waitForURL(/\/signup$/);
    await page.getByLabel('Full Name').fill('Asha Rao');
    await page.getByLabel('Email').fill(`asha-${randomUUID()}@ward.org`);
    await page.getByLabel('Password', { exact: true }).fill('Sup3rSecret');
    await page.getByLabel('Confirm Password').fill('Sup3rSecret');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByTestId('remote-sidebar').waitFor();
    await page.getByTestId('remote-chat').waitFor();
    await page.getByTestId('slot-sidebar').getByText('No saved checklists yet').waitFor();
    expect(await page.getByTestId('slot-sidebar').getByText('No saved checklists yet').count()).toBe(1);
    expect(await page.getByText('Hybrid Search').count()).toBeGreaterThan(0);
    await page.screenshot({ path: testOutputPath('dashboard.png') });

    await page.getByRole('textbox', { name: 'Message' }).fill('dengue symptoms');
    await page.getByRole('textbox', { name: 'Message' }).press('Enter');
    await page.getByTestId('user-message').filter({ hasText: 'dengue symptoms' }).waitFor();
    const card = page.getByTestId('protocol-card');
    await card.waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('assistant-message').first().textContent()).toContain('Symptoms Guide - Key symptoms to monitor:');
    expect(await card.getByTestId('protocol-label').textContent()).toBe('SYMPTOMS GUIDE');
    expect(await card.getByRole('heading').first().textContent()).toMatch(/dengue/i);
    expect(await page.title()).toBe(`${await card.getByRole('heading').first().textContent()} · Cairn`);
    const steps = card.getByTestId('protocol-step');
    expect(await steps.count()).toBeGreaterThanOrEqual(5);
    for (let index = 0; index < (await steps.count()); index++) {
      expect(await steps.nth(index).getByTestId('citation-marker').count()).toBeGreaterThan(0);
    }
    await steps.first().getByTestId('citation-marker').first().click();
    await card.getByTestId('references').getByTestId('citation').first().waitFor();
    expect(await card.getByTestId('references').textContent()).toMatch(/View Source/);
    expect(await card.textContent()).toMatch(/Last updated/);
    await page.screenshot({ path: testOutputPath('dengue-answer.png'), fullPage: true });
    expect(policyViolations).toEqual([]);
    await page.close();
  });

  it('keeps no token where scripts can read it, finds the session again after a reload, and ends it on log out', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signUpInBrowser(page, server.url, 'Meera Shah');
    const stored = await page.evaluate(() => JSON.stringify({ ...window.localStorage }) + JSON.stringify({ ...window.sessionStorage }));
    expect(stored).not.toMatch(/eyJ|access_token|accessToken/);
    expect(await page.evaluate(() => document.cookie)).not.toContain('cairn_refresh');
    const [cookie] = (await context.cookies()).filter((entry) => entry.name === 'cairn_refresh');
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/api/auth' });

    await page.reload();
    await page.getByTestId('remote-chat').waitFor();
    expect(page.url()).toMatch(/\/dashboard$/);
    const second = await context.newPage();
    await second.goto(`${server.url}/dashboard`);
    await second.getByTestId('remote-chat').waitFor();

    await page.getByRole('button', { name: 'Profile', exact: true }).click();
    await page.getByRole('dialog', { name: 'Profile' }).getByRole('button', { name: 'Log Out' }).click();
    await page.getByRole('dialog', { name: 'Log Out' }).getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/dashboard'));
    await second.waitForURL((url) => !url.pathname.startsWith('/dashboard'));
    const refreshCookies = async () => (await context.cookies()).filter((entry) => entry.name === 'cairn_refresh');
    expect(await eventually(refreshCookies, (cookies) => cookies.length === 0, 5_000, 100)).toEqual([]);
    await context.close();
  });
});
