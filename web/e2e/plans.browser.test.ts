import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, type TestBrowser } from './browser';
import { startServer, type RunningServer } from './server';

async function register(page: Page, baseUrl: string, username: string): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.getByRole('tab', { name: 'Create account' }).click();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('plans-test-password');
  await page.getByRole('button', { name: 'Create account' }).click();
  // The auth page is at / too: signed in once the account menu shows.
  await page.getByRole('button', { name: /^Account menu: / }).waitFor();
}

describe('plans: pricing, plan codes and the usage page', () => {
  let server: RunningServer;
  let adminBrowser: TestBrowser;
  let userBrowser: TestBrowser;

  beforeAll(async () => {
    server = await startServer({ DEMO_CATALOGUE: 'false', WORKER_CONCURRENCY: '0' });
    adminBrowser = await launchBrowser();
    userBrowser = await launchBrowser();
  });

  afterAll(async () => {
    await adminBrowser?.close();
    await userBrowser?.close();
    await server?.stop();
  });

  it('an admin issues a Pro code; a new user finds Pro on /pricing, redeems the code and sees the Pro limits in the Studio', { timeout: 120_000 }, async () => {
    const admin = await adminBrowser.newPage();
    await register(admin.page, server.baseUrl, `boss_${Date.now().toString(36)}`);
    await admin.page.goto(`${server.baseUrl}/subscription`);
    const codes = admin.page.getByRole('region', { name: 'Plan codes' });
    await codes.getByLabel('Tier').selectOption('pro');
    await codes.getByRole('button', { name: 'Issue codes' }).click();
    const issued = codes.getByRole('status', { name: 'Issued codes' }).getByRole('listitem');
    await issued.first().waitFor();
    const code = (await issued.first().textContent())!.trim();
    expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
    await expect.poll(() => codes.getByRole('row').count()).toBe(2);

    const { page, errors } = await userBrowser.newPage();
    await register(page, server.baseUrl, `fan_${Date.now().toString(36)}`);
    await page.goto(`${server.baseUrl}/studio`);
    await expect.poll(() => page.locator('#studio-allowance').textContent()).toBe('5 of 5 generations left this month · Free Plan: songs up to 180 s');

    await page.goto(`${server.baseUrl}/pricing`);
    await page.getByRole('heading', { level: 1, name: 'Pricing' }).waitFor();
    const free = page.getByRole('listitem', { name: 'Free plan' });
    await expect.poll(() => free.getByText('Current plan').count()).toBe(1);
    const pro = page.getByRole('listitem', { name: 'Pro plan' });
    expect(await pro.textContent()).toMatch(/\$20\.00 \/ month.*150 generations a month.*Songs up to 480 s/);
    await pro.getByRole('link', { name: 'Upgrade to Pro' }).click();
    await page.waitForURL(`${server.baseUrl}/subscription?tier=pro`);
    // Plan codes are for admins: this user has no such section.
    expect(await page.getByRole('region', { name: 'Plan codes' }).count()).toBe(0);

    await page.getByLabel('Plan code').fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Redeem' }).click();
    const current = page.getByRole('region', { name: 'Current plan' });
    await expect.poll(() => current.getByRole('heading').textContent()).toBe('Pro plan');
    expect(await current.textContent()).toMatch(/Status: Active/);

    await page.goto(`${server.baseUrl}/studio`);
    await expect.poll(() => page.locator('#studio-allowance').textContent()).toBe('150 of 150 generations left this month · Pro Plan: songs up to 480 s');
    // The user menu shows the plan and what is left of it.
    await page.getByRole('button', { name: /^Account menu: .*Pro Plan$/ }).click();
    await expect.poll(() => page.getByTestId('remaining-quota').textContent()).toBe('150 of 150 generations left this month');
    expect(errors).toEqual([]);

    // The admin's list shows the code as redeemed by that user.
    await admin.page.reload();
    await expect.poll(() => admin.page.getByRole('region', { name: 'Plan codes' }).getByRole('row').nth(1).textContent()).toMatch(/Redeemed .* by fan_/);
  });

  it('opens the usage page with its lazily loaded chart, and the admin view with every user', { timeout: 60_000 }, async () => {
    const { page, errors } = await adminBrowser.newPage();
    await page.goto(`${server.baseUrl}/usage-breakdown`);
    await page.getByRole('heading', { level: 1, name: 'AI Usage & Costs' }).waitFor();
    const chart = page.getByRole('figure', { name: 'Generations and cost per day' });
    await chart.locator('svg.recharts-surface').first().waitFor();
    // One tick per day of the month.
    expect(await chart.locator('.recharts-xAxis .recharts-cartesian-axis-tick').count()).toBeGreaterThanOrEqual(10);
    expect(await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toMatch(/^\/api\/usage\/export\?month=\d{4}-\d{2}$/);
    await page.getByLabel('All users').check();
    await page.getByRole('region', { name: 'Per user' }).waitFor();
    expect(await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toMatch(/allUsers=true$/);
    expect(errors).toEqual([]);
  });
});
