/**
 * The built app on a DATA_DIR seeded with test songs, headless Chromium allowed to autoplay, and
 * one registered user signed in to a browser context, for the playback, playlist and layout browser
 * tests, and small helpers they share.
 */
import { expect } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
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

/**
 * `prepare` runs on the seeded DATA_DIR before the API starts (e.g. copies its media into a bucket)
 * and answers more environment for the API.
 */
export async function openSeededApp(
  songs: readonly TestSong[],
  { usernamePrefix, viewport, initScript, prepare }: { usernamePrefix: string; viewport: { width: number; height: number }; initScript?: string; prepare?: (dataDir: string) => Promise<Record<string, string>> },
): Promise<SeededApp> {
  const data = await seedSongs(songs);
  let server: RunningServer;
  try {
    const env = (await prepare?.(data.dataDir)) ?? {};
    server = await startServer({ DATA_DIR: data.dataDir, DEMO_CATALOGUE: 'false', SEED: 'false', WORKER_CONCURRENCY: '0', ...env });
  } catch (error) {
    await data.remove();
    throw error;
  }
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

export async function graphql<T>(context: BrowserContext, baseUrl: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await context.request.post(`${baseUrl}/graphql`, { data: { query, variables } });
  const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (!body.data) throw new Error(`GraphQL failed: ${JSON.stringify(body.errors)}`);
  return body.data;
}

/** Reads until `check` passes (every 150 ms), failing with the last value after `timeoutMs`. */
export async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T = await read();
  while (!check(last)) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}; last value: ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
    last = await read();
  }
  return last;
}

export const playerOf = (page: Page) => page.getByRole('region', { name: 'Player' });
export const sidebarLink = (page: Page, name: string) => page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name, exact: true });

/** Drags a row's handle with the mouse (in steps, as a hand does) to the top edge of `target`. */
export async function dragHandleTo(page: Page, handle: Locator, target: Locator): Promise<void> {
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, to.y + 4, { steps: 12 });
  await page.mouse.up();
}
