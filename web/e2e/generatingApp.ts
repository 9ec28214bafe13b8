import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, type TestBrowser } from './browser';
import { REPO_ROOT, startServer, type RunningServer } from './server';

export const SCREENSHOT_DIR = path.join(REPO_ROOT, 'web/test-results');

/**
 * A server with one generation worker (and no demo catalogue competing for it) and a browser, for
 * the suite that calls this; read them inside tests, after beforeAll has run.
 */
export function useGeneratingApp(): { server: () => RunningServer; browser: () => TestBrowser } {
  let server: RunningServer;
  let browser: TestBrowser;
  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    server = await startServer({ DEMO_CATALOGUE: 'false', WORKER_CONCURRENCY: '1' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  return { server: () => server, browser: () => browser };
}

/** Opens `path` signed out, creates an account there and waits for the home page it lands on. */
export async function signUpAt(page: Page, baseUrl: string, at: string, username: string): Promise<void> {
  await page.goto(`${baseUrl}${at}`);
  await page.getByRole('tab', { name: 'Create account' }).click();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(`${username}-password`);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(`${baseUrl}/`);
}
