/**
 * Song management in real Chromium against the built API, as the installation's first user (an
 * admin, so song management is open and 'All songs' shows the seeded catalogue): edit a song's
 * title and lyrics (the .lrc download follows), make it private, and delete another song (its row
 * and its audio file are gone).
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
