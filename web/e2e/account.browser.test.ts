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

  it('changes the password: the other session is signed out, this one stays', async () => {
    failureReport();
    const { page } = app;
    await page.goto(`${app.server.baseUrl}/account`);
    await page.getByRole('heading', { level: 1, name: 'Account' }).waitFor();
    const sessions = page.getByRole('table');
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
