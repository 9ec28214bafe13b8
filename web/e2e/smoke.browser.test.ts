import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { normalizeTier, TIER_DISPLAY } from '../src/shell/tiers';
import { DESKTOP_VIEWPORT, launchBrowser, MOBILE_VIEWPORT, TABLET_VIEWPORT, type TestBrowser } from './browser';
import { REPO_ROOT, startServer, type RunningServer } from './server';

const SCREENSHOT_DIR = path.join(REPO_ROOT, 'web/test-results');

describe('smoke: register, home, 404, sign out, sign in', () => {
  let server: RunningServer;
  let browser: TestBrowser;

  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    // The shell needs no songs; skipping the demo catalogue keeps its background renders off the CPU.
    server = await startServer({ DEMO_CATALOGUE: 'false' });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('walks the signed-out and signed-in shell in real Chromium', async () => {
    const { page, errors } = await browser.newPage();
    onTestFailed(() => {
      console.error(`API output:\n${server.output()}\nBrowser errors:\n${errors.join('\n')}`);
    });
    const shot = (name: string) => page.screenshot({ path: path.join(SCREENSHOT_DIR, `smoke-${name}.png`), animations: 'disabled' });
    const username = `smoke_${Date.now().toString(36)}`;
    const password = 'smoke-test-password';

    // Signed out: the auth page shows at any path.
    await page.goto(`${server.baseUrl}/library`);
    await page.getByRole('tab', { name: 'Sign in' }).waitFor();
    await shot('auth');

    // Register: the page reloads to / and greets the new user.
    await page.getByRole('tab', { name: 'Create account' }).click();
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    await page.getByRole('heading', { level: 1, name: new RegExp(`Good (morning|afternoon|evening), ${username}`) }).waitFor();
    await page.getByText('Registration successful', { exact: true }).waitFor();
    // F8 moves focus to the notifications (SPEC 9).
    await page.keyboard.press('F8');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('toast-viewport'))).toBe(true);

    // Sidebar: the user's initial and tier.
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    expect(await sidebar.getByTestId('avatar-initial').textContent()).toBe('S');
    const me = (await page.evaluate(() => fetch('/api/user').then((response) => response.json()))) as { userTier: string };
    expect(await sidebar.getByTestId('user-plan').textContent()).toBe(`${TIER_DISPLAY[normalizeTier(me.userTier)].label} Plan`);
    expect(await sidebar.getByRole('link', { name: 'Home', exact: true }).getAttribute('aria-current')).toBe('page');
    await shot('home');

    // Collapsed sidebar: icons only, Library section hidden, remembered across a reload.
    await sidebar.getByRole('button', { name: 'Collapse sidebar' }).click();
    expect(await sidebar.getByRole('region', { name: 'Library' }).count()).toBe(0);
    await page.reload();
    await sidebar.getByRole('button', { name: 'Expand sidebar' }).waitFor();
    await sidebar.getByRole('link', { name: 'Play Queue', exact: true }).hover();
    await page.getByRole('tooltip', { name: 'Play Queue' }).waitFor();
    await shot('collapsed');
    await sidebar.getByRole('button', { name: 'Expand sidebar' }).click();

    // An unknown path shows the 404 inside the shell.
    await page.goto(`${server.baseUrl}/this-page-does-not-exist`);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    expect(await sidebar.getByTestId('avatar-initial').textContent()).toBe('S');
    await shot('404');

    // Mobile: the sidebar becomes a menu button and drawer.
    await page.setViewportSize(MOBILE_VIEWPORT);
    await page.goto(`${server.baseUrl}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await shot('mobile-home');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Liked Songs', exact: true }).waitFor();
    await shot('mobile-menu');
    await page.keyboard.press('Escape');
    await page.setViewportSize(TABLET_VIEWPORT);
    await sidebar.getByRole('link', { name: 'Home', exact: true }).waitFor();
    await shot('tablet');
    await page.setViewportSize(DESKTOP_VIEWPORT);

    // Sign out: back to /auth, and the session is really gone after a reload.
    await sidebar.getByRole('button', { name: new RegExp(`Account menu: ${username}`) }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).waitFor();
    await shot('user-menu');
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL(`${server.baseUrl}/auth`);
    await page.getByRole('tab', { name: 'Sign in' }).waitFor();
    await page.getByText('Logout successful', { exact: true }).waitFor();
    await page.reload();
    await page.getByRole('tab', { name: 'Sign in' }).waitFor();

    // Wrong password: a destructive toast with the server's reason.
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Login failed', { exact: true }).waitFor();
    expect(await page.getByRole('alert').textContent()).toBe('401: Invalid username or password');
    await shot('login-failed');

    // Sign in again: reload to / with the welcome toast.
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    await page.getByText('Welcome back!', { exact: true }).waitFor();
    await sidebar.getByTestId('avatar-initial').waitFor();

    // The failed login's 401 is the only error the browser may log.
    expect(errors.filter((error) => !error.includes('401'))).toEqual([]);
  });
});
