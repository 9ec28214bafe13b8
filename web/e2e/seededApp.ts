/**
 * The built app on a DATA_DIR seeded with test songs, headless Chromium allowed to autoplay, and
 * one registered user signed in to a browser context, for the playback and layout browser tests.
 */
import { expect } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_PATH } from './browser';
import { seedSongs, type TestSong } from './playbackSongs';
import { startServer, type RunningServer } from './server';

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--autoplay-policy=no-user-gesture-required'];

export interface SeededApp {
  server: RunningServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors of `page`. */
  errors: string[];
  username: string;
  password: string;
  close(): Promise<void>;
}

export async function openSeededApp(
  songs: readonly TestSong[],
  { usernamePrefix, viewport, initScript }: { usernamePrefix: string; viewport: { width: number; height: number }; initScript?: string },
): Promise<SeededApp> {
  const data = await seedSongs(songs);
  const server = await startServer({ DATA_DIR: data.dataDir, DEMO_CATALOGUE: 'false', SEED: 'false', WORKER_CONCURRENCY: '0' });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  const close = async () => {
    await browser.close();
    await server.stop();
    await data.remove();
  };
  const context = await browser.newContext({ viewport });
  if (initScript) await context.addInitScript(initScript);
  const username = `${usernamePrefix}_${Date.now().toString(36)}`;
  const password = `${usernamePrefix}-test-password`;
  const registered = await context.request.post(`${server.baseUrl}/api/register`, { data: { username, password } });
  expect(registered.ok()).toBe(true);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return { server, browser, context, page, errors, username, password, close };
}
