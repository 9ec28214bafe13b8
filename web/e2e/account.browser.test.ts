/**
 * /profile, /settings and /account as a new user meets them, in real Chromium: upload an avatar,
 * change the theme and see it applied (on this device and, live, on another), change the password
 * and see the other session signed out.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { DESKTOP_VIEWPORT } from './browser';
import { openSeededApp, type SeededApp } from './seededApp';

/** An 8x8 orange PNG: the upload is decoded and re-encoded by the server, whatever its size. */
const AVATAR_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGM4EaCBFTEMLQkAaplQAc/OcKAAAAAASUVORK5CYII=', 'base64');

describe('profile, settings and account pages', () => {
  let app: SeededApp;
  let second: { context: BrowserContext; page: Page };

  beforeAll(async () => {
    app = await openSeededApp([], { usernamePrefix: 'acct', viewport: DESKTOP_VIEWPORT });
    // The same user signed in on a second device.
    const context = await app.browser.newContext({ viewport: DESKTOP_VIEWPORT });
    const signedIn = await context.request.post(`${app.server.baseUrl}/api/login`, { data: { username: app.username, password: app.password } });
    expect(signedIn.ok()).toBe(true);
    second = { context, page: await context.newPage() };
  });
  afterAll(async () => {
    await app?.close();
  });

  const failureReport = () =>
    onTestFailed(() => {
      console.error(`API output:\n${app.server.output()}\nBrowser errors:\n${app.errors.join('\n')}`);
    });

  it('uploads an avatar: the profile and the user menu show the re-encoded 256 px square', async () => {
    failureReport();
    const { page } = app;
    await page.goto(`${app.server.baseUrl}/profile`);
    await page.getByRole('heading', { level: 1, name: app.username }).waitFor();
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    expect(await sidebar.getByTestId('avatar-initial').textContent()).toBe('A');
    await page.getByLabel('Avatar image').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: AVATAR_PNG });
    await page.getByText('Avatar updated', { exact: true }).first().waitFor();
    const profileImage = page.locator('main .avatar__image');
    await profileImage.waitFor();
    expect(await profileImage.getAttribute('src')).toMatch(/^\/media\/avatars\/\d+-[0-9a-f]{16}-256\.webp$/);
    await expect.poll(() => profileImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);
    await sidebar.locator('.avatar__image').waitFor();

    // A file that is not an image is refused with the server's reason.
    await page.getByLabel('Avatar image').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just text') });
    await page.getByText('400: The avatar must be a PNG, JPEG or WebP image').first().waitFor();
  });

  it('changes the theme: the page turns light at once, and so does the other device', async () => {
    failureReport();
    const { page } = app;
    await second.page.goto(`${app.server.baseUrl}/`);
    await second.page.getByRole('heading', { level: 1 }).waitFor();
    const background = (p: Page) => p.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const themeOf = (p: Page) => p.evaluate(() => document.documentElement.dataset.theme);
    expect(await themeOf(second.page)).toBe('dark');
    const darkBackground = await background(second.page);

    await page.goto(`${app.server.baseUrl}/settings`);
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    expect(await page.getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true);
    await page.getByRole('radio', { name: 'Light' }).check();
    await expect.poll(() => themeOf(page)).toBe('light');
    expect(await background(page)).toBe('rgb(247, 247, 251)');
    await expect.poll(() => themeOf(second.page), { timeout: 10_000 }).toBe('light');
    expect(await background(second.page)).not.toBe(darkBackground);
    // Saved on the server: a reload keeps it.
    await page.reload();
    await page.getByRole('radio', { name: 'Light' }).waitFor();
    expect(await page.getByRole('radio', { name: 'Light' }).isChecked()).toBe(true);
    await expect.poll(() => themeOf(page)).toBe('light');
  });

  it('creates a Subsonic app password and an access token, shown once, that work until revoked', async () => {
    failureReport();
    const { page } = app;
    const base = app.server.baseUrl;
    await page.goto(`${base}/account`);
    await page.getByRole('heading', { level: 2, name: 'Subsonic app passwords' }).waitFor();
    const apps = page.getByRole('region', { name: 'Subsonic app passwords' });
    await apps.getByLabel('Name').fill('My phone');
    await apps.getByRole('button', { name: 'Create app password' }).click();
    const password = await apps.getByLabel('New app password').inputValue();
    expect(password).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){4}$/);
    await apps.getByRole('cell', { name: 'My phone', exact: true }).waitFor();
    const ping = async () => {
      const res = await page.request.get(`${base}/rest/ping.view?u=${encodeURIComponent(app.username)}&p=${encodeURIComponent(password)}&v=1.16.1&c=e2e&f=json`);
      return (await res.json())['subsonic-response'];
    };
    expect(await ping()).toMatchObject({ status: 'ok' });
    // Shown once: after Done, and after a reload, only the name is there.
    await apps.getByRole('button', { name: 'Done' }).click();
    await page.reload();
    await apps.getByRole('cell', { name: 'My phone', exact: true }).waitFor();
    expect(await page.getByText(password).count()).toBe(0);
    await apps.getByRole('button', { name: 'Revoke My phone' }).click();
    await page.getByText('App password revoked', { exact: true }).first().waitFor();
    expect(await ping()).toMatchObject({ status: 'failed', error: { code: 40 } });

    const tokens = page.getByRole('region', { name: 'Personal access tokens' });
    await tokens.getByLabel('Name').fill('Backup script');
    await tokens.getByRole('button', { name: 'Create access token' }).click();
    const token = await tokens.getByLabel('New access token').inputValue();
    expect(token).toMatch(/^sfpat_/);
    await tokens.getByRole('cell', { name: `Backup script (…${token.slice(-4)})`, exact: true }).waitFor();
    const me = () => app.browser.newContext().then(async (anonymous) => {
      const res = await anonymous.request.get(`${base}/api/user`, { headers: { authorization: `Bearer ${token}` } });
      await anonymous.close();
      return res.status();
    });
    expect(await me()).toBe(200);
    await tokens.getByRole('button', { name: `Revoke Backup script` }).click();
    await page.getByText('Access token revoked', { exact: true }).first().waitFor();
    expect(await me()).toBe(401);
  });

  it('changes the password: the other session is signed out, this one stays', async () => {
    failureReport();
    const { page } = app;
    await page.goto(`${app.server.baseUrl}/account`);
    await page.getByRole('heading', { level: 1, name: 'Account' }).waitFor();
    const sessions = page.getByRole('region', { name: 'Active sessions' }).getByRole('table');
    await expect.poll(() => sessions.getByRole('row').count()).toBe(3);
    await page.getByLabel('Current password').first().fill('not-my-password');
    await page.getByLabel('New password').fill('a-brand-new-password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Current password is incorrect').first().waitFor();

    await page.getByLabel('Current password').first().fill(app.password);
    await page.getByLabel('New password').fill('a-brand-new-password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed; 1 other session signed out', { exact: true }).first().waitFor();
    await expect.poll(() => sessions.getByRole('row').count()).toBe(2);

    // The other device is signed out: on its next load it is shown the sign-in page.
    await second.page.reload();
    await second.page.getByRole('tab', { name: 'Sign in' }).waitFor();
    // This device carries on.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Account' }).waitFor();
    const old = await second.context.request.post(`${app.server.baseUrl}/api/login`, { data: { username: app.username, password: app.password } });
    expect(old.status()).toBe(401);
  });
});
