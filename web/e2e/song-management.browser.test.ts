/**
 * Song management in real Chromium against the built API, as the installation's first user (an
 * admin, so song management is open and 'All songs' shows the seeded catalogue): edit a song's
 * title and lyrics (the .lrc download follows), make it private, give it another song's cover and
 * then an uploaded one, make two songs private at once, and delete another song (its row and its
 * audio file are gone).
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP_VIEWPORT } from './browser';
import { openSeededApp, type SeededApp } from './seededApp';
import type { TestSong } from './playbackSongs';

const SONGS: TestSong[] = [
  { id: 'sm-alpha', title: 'Alpha Tone', artist: 'Test Bench', genre: 'house', mood: 'happy', seconds: 12, frequency: 440, cover: true },
  { id: 'sm-beta', title: 'Beta Tone', artist: 'Test Bench', genre: 'ambient', mood: 'chill', seconds: 12, frequency: 523, cover: true },
  { id: 'sm-gamma', title: 'Gamma Tone', artist: 'Test Bench', genre: 'lo-fi', mood: 'happy', seconds: 12, frequency: 587, cover: true },
];

/** A 1x1 PNG, as a user's picked image file. */
const ONE_PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const table = (page: Page) => page.getByRole('table', { name: 'Songs' });
const rowTitles = (page: Page) => table(page).locator('.manage__title').allTextContents();

describe('song management in real Chromium', () => {
  let session: SeededApp;
  let page: Page;

  beforeAll(async () => {
    session = await openSeededApp(SONGS, { usernamePrefix: 'manager', viewport: DESKTOP_VIEWPORT });
    ({ page } = session);
  }, 240_000);

  afterAll(async () => {
    await session?.close();
  });

  it('edits a song and deletes another', async () => {
    const base = session.server.baseUrl;
    await page.goto(`${base}/song-management`);
    await page.getByRole('heading', { level: 1, name: 'Song Management' }).waitFor();
    await page.getByText('You have no songs yet.').waitFor();
    await page.getByRole('checkbox', { name: 'All songs' }).check();
    await expect.poll(() => rowTitles(page)).toEqual(expect.arrayContaining(['Alpha Tone', 'Beta Tone', 'Gamma Tone']));

    // Edit: title, lyrics (re-synced LRC), private.
    await table(page).getByRole('button', { name: 'Edit Alpha Tone' }).click();
    const form = page.getByRole('form', { name: 'Edit Alpha Tone' });
    await form.getByRole('textbox', { name: 'Title' }).fill('Alpha Renamed');
    await form.getByRole('textbox', { name: /^Lyrics/ }).fill('[Verse]\nhello there\nsecond line');
    await form.getByRole('checkbox', { name: 'Public' }).uncheck();
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Song saved').first().waitFor();
    await expect.poll(() => rowTitles(page)).toContain('Alpha Renamed');
    await table(page).getByRole('button', { name: 'Alpha Renamed is private: make it public' }).waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), table(page).getByRole('button', { name: 'Download Alpha Renamed lyrics (.lrc)' }).click()]);
    expect(download.suggestedFilename()).toBe('Alpha Renamed.lrc');
    const lrc = await readFile((await download.path())!, 'utf8');
    expect(lrc).toMatch(/^\[00:00\.00\]hello there\n\[00:\d\d\.\d\d\]second line$/);
    const mp3 = table(page).getByRole('link', { name: 'Download Beta Tone MP3' });
    expect(await mp3.getAttribute('href')).toBe('/media/songs/sm-beta.mp3');
    expect((await page.request.get(`${base}/media/songs/sm-beta.mp3`)).status()).toBe(200);

    // Cover: another song's generated cover, then an uploaded image (resized on the server).
    const coverOf = async (title: string) => (await table(page).getByRole('row', { name: new RegExp(title) }).locator('img').first().getAttribute('src'))!;
    const firstCover = await coverOf('Alpha Renamed');
    await table(page).getByRole('button', { name: 'Edit Alpha Renamed' }).click();
    const coverForm = page.getByRole('form', { name: 'Edit Alpha Renamed' });
    await coverForm.getByRole('button', { name: 'Cover of Gamma Tone' }).click();
    await coverForm.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => coverOf('Alpha Renamed')).not.toBe(firstCover);
    const chosenCover = await coverOf('Alpha Renamed');
    expect(chosenCover).toMatch(/^\/media\/covers\/sm-alpha/);
    await table(page).getByRole('button', { name: 'Edit Alpha Renamed' }).click();
    await page.getByRole('form', { name: 'Edit Alpha Renamed' }).getByLabel('Or upload an image').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: Buffer.from(ONE_PIXEL_PNG, 'base64') });
    await page.getByText('Cover uploaded').first().waitFor();
    await expect.poll(() => coverOf('Alpha Renamed')).not.toBe(chosenCover);
    const uploaded = await page.request.get(`${base}${await coverOf('Alpha Renamed')}`);
    expect([uploaded.status(), uploaded.headers()['content-type']]).toEqual([200, 'image/png']);
    await page.getByRole('form', { name: 'Edit Alpha Renamed' }).getByRole('button', { name: 'Cancel' }).click();

    // Visibility in bulk: two songs selected, made private at once.
    await table(page).getByRole('checkbox', { name: 'Select Gamma Tone' }).check();
    await table(page).getByRole('checkbox', { name: 'Select Beta Tone' }).check();
    const bulk = page.getByRole('toolbar', { name: 'Selected songs' });
    await bulk.getByText('2 selected').waitFor();
    await bulk.getByRole('button', { name: 'Make private' }).click();
    await table(page).getByRole('button', { name: 'Gamma Tone is private: make it public' }).waitFor();
    await table(page).getByRole('button', { name: 'Beta Tone is private: make it public' }).waitFor();
    await table(page).getByRole('checkbox', { name: 'Select Gamma Tone' }).uncheck();
    await table(page).getByRole('checkbox', { name: 'Select Beta Tone' }).uncheck();

    // Delete: confirmed, the row and the audio file go.
    page.once('dialog', (dialog) => void dialog.accept());
    await table(page).getByRole('button', { name: 'Delete Beta Tone' }).click();
    await page.getByText('Deleted Beta Tone').first().waitFor();
    await expect.poll(() => rowTitles(page)).not.toContain('Beta Tone');
    expect((await page.request.get(`${base}/media/songs/sm-beta.mp3`)).status()).toBe(404);
    await page.reload();
    await page.getByRole('checkbox', { name: 'All songs' }).check();
    await expect.poll(() => rowTitles(page)).toEqual(expect.arrayContaining(['Alpha Renamed', 'Gamma Tone']));
    expect(await rowTitles(page)).not.toContain('Beta Tone');
    expect(session.errors).toEqual([]);
  });
});
