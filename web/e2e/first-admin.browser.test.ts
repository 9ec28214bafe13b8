import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { launchBrowser, type TestBrowser } from './browser';
import { startServer, type RunningServer } from './server';

describe('first account on a default install (demo catalogue on)', () => {
  let server: RunningServer;
  let browser: TestBrowser;

  beforeAll(async () => {
    // Defaults, demo catalogue included; one generation job at a time keeps the test machine responsive.
    server = await startServer({ WORKER_CONCURRENCY: '1' });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('makes the first person who registers the admin, although the demo catalogue owner exists already', async () => {
    const { page, errors } = await browser.newPage();
    onTestFailed(() => {
      console.error(`API output:\n${server.output()}\nBrowser errors:\n${errors.join('\n')}`);
    });
    // The catalogue (and its owner account) is queued just after the server starts listening.
    await expect.poll(() => server.output(), { timeout: 30_000, interval: 200 }).toMatch(/Demo catalogue: generating \d+ songs/);

    await page.goto(`${server.baseUrl}/`);
    await page.getByRole('tab', { name: 'Create account' }).click();
    await page.getByLabel('Username').fill('first_person');
    await page.getByLabel('Password').fill('first-person-password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${server.baseUrl}/`);

    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    expect(await sidebar.getByTestId('user-plan').textContent()).toBe('Admin Plan');
    await sidebar.getByRole('link', { name: 'DJ Studio', exact: true }).waitFor();
    await sidebar.getByRole('button', { name: /Account menu: first_person/ }).click();
    await page.getByRole('menuitem', { name: 'Admin Panel' }).waitFor();
    expect(errors).toEqual([]);
  });
});
