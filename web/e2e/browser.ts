import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Quiet, deterministic headless Chromium: no GPU, no QUIC, no background updates or sync.
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * A page script that keeps every media element the app plays in a set `elements`, then runs `probe`
 * (a script reading that set), for tests that check what the player really plays.
 */
export function mediaProbe(probe: string): string {
  return `(() => {
  const elements = new Set();
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function () {
    elements.add(this);
    return play.call(this);
  };
  ${probe}
})();`;
}

export const DESKTOP_VIEWPORT = { width: 1280, height: 800 };
export const TABLET_VIEWPORT = { width: 900, height: 1000 };
export const MOBILE_VIEWPORT = { width: 390, height: 844 };

export interface TestBrowser {
  context: BrowserContext;
  /** A new tab that records uncaught page errors and console errors. */
  newPage(): Promise<TrackedPage>;
  close(): Promise<void>;
}

export interface TrackedPage {
  page: Page;
  errors: string[];
}

/** Headless Chromium with a fresh temporary profile, removed again on close. */
export async function launchBrowser(): Promise<TestBrowser> {
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'songforge-chromium-'));
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: DESKTOP_VIEWPORT,
    });
  } catch (error) {
    await rm(userDataDir, { recursive: true, force: true });
    throw error;
  }

  return {
    context,
    async newPage() {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`console: ${message.text()}`);
      });
      return { page, errors };
    },
    async close() {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}
