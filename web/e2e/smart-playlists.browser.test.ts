/**
 * Smart playlists in real Chromium against the built API, as a new user: open the page from the
 * sidebar, build rules in the visual editor (a condition from genre chips, an operator change, a
 * nested group) and watch the live preview and its count follow, save the smart playlist, play it
 * (the player bar shows its song), and start from a preset.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DESKTOP_VIEWPORT } from './browser';
import { openSeededApp, playerOf, sidebarLink, type SeededApp } from './seededApp';
import type { TestSong } from './playbackSongs';

const SONGS: TestSong[] = [
  { id: 'sp-alpha', title: 'Alpha Tone', artist: 'Test Bench', genre: 'house', mood: 'happy', seconds: 12, frequency: 440, cover: true },
  { id: 'sp-beta', title: 'Beta Tone', artist: 'Test Bench', genre: 'ambient', mood: 'chill', seconds: 12, frequency: 523, cover: true },
  { id: 'sp-gamma', title: 'Gamma Tone', artist: 'Test Bench', genre: 'lo-fi', mood: 'happy', seconds: 12, frequency: 587, cover: true },
  { id: 'sp-delta', title: 'Delta Tone', artist: 'Test Bench', genre: 'techno', mood: 'energetic', seconds: 12, frequency: 659, cover: true },
];

const preview = (page: Page) => page.getByRole('region', { name: /^Preview/ });
const previewTitles = (page: Page) => preview(page).locator('.song-row__title').allTextContents();
async function expectPreview(page: Page, count: string, titles: string[]): Promise<void> {
  await preview(page).getByText(count, { exact: true }).waitFor();
  await expect.poll(() => previewTitles(page)).toEqual(titles);
}
const editor = (page: Page) => page.getByRole('region', { name: 'Rule editor' });
const combobox = (scope: Locator, name: string, index = 0) => scope.getByRole('combobox', { name, exact: true }).nth(index);

describe('smart playlists in real Chromium', () => {
  let session: SeededApp;
  let page: Page;

  beforeAll(async () => {
    session = await openSeededApp(SONGS, { usernamePrefix: 'smart', viewport: DESKTOP_VIEWPORT });
    ({ page } = session);
  }, 240_000);

  afterAll(async () => {
    await session?.close();
  });

  it('builds a smart playlist in the editor, sees the preview follow, saves and plays it', async () => {
    await page.goto(session.server.baseUrl);
    await sidebarLink(page, 'Smart Playlists').click();
    await page.getByRole('heading', { level: 1, name: 'Smart Playlists' }).waitFor();
    // A new user sees the presets and a fresh editor whose preview is every song.
    for (const preset of ['Recently added', 'Most played', 'Liked this month', 'Never played', 'High energy', 'Calm evening']) {
      await page.getByRole('button', { name: new RegExp(`^${preset}`) }).waitFor();
    }
    await expectPreview(page, '4 songs', ['Alpha Tone', 'Beta Tone', 'Delta Tone', 'Gamma Tone']);

    // Genre is Lo-Fi, picked from the chips.
    await editor(page).getByRole('button', { name: 'Add condition' }).click();
    await editor(page).getByRole('group', { name: 'Genre choices' }).getByRole('button', { name: 'Lo-Fi' }).click();
    await expectPreview(page, '1 song', ['Gamma Tone']);
    await combobox(editor(page), 'Operator').selectOption('isNot');
    await expectPreview(page, '3 songs', ['Alpha Tone', 'Beta Tone', 'Delta Tone']);

    // A nested "any" group: mood is happy.
    await editor(page).getByRole('button', { name: 'Add group' }).click();
    await combobox(editor(page), 'Field', 1).selectOption('mood');
    await editor(page).getByRole('group', { name: 'Mood choices' }).getByRole('button', { name: 'Happy' }).click();
    await expectPreview(page, '1 song', ['Alpha Tone']);

    // The sort order changes the order the preview shows.
    await combobox(editor(page), 'Operator', 1).selectOption('isNot');
    await expectPreview(page, '2 songs', ['Beta Tone', 'Delta Tone']);
    await combobox(editor(page), 'Sort 1 order').selectOption('desc');
    await expectPreview(page, '2 songs', ['Delta Tone', 'Beta Tone']);

    await page.getByRole('textbox', { name: 'Name' }).fill('Not lo-fi, not happy');
    await editor(page).getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Smart playlist saved').first().waitFor();
    const saved = page.getByRole('region', { name: 'Your smart playlists' });
    await saved.getByRole('button', { name: 'Not lo-fi, not happy', exact: true }).waitFor();

    await saved.getByRole('button', { name: 'Play Not lo-fi, not happy' }).click();
    await playerOf(page).getByText('Delta Tone', { exact: true }).waitFor();

    // A preset opens in the editor with its preview: every seeded song was added just now.
    await page.getByRole('button', { name: /^Recently added/ }).click();
    await expect.poll(() => page.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('Recently added');
    await preview(page).getByText('4 songs', { exact: true }).waitFor();

    // The saved one opens again as it was saved.
    await saved.getByRole('button', { name: 'Not lo-fi, not happy', exact: true }).click();
    await expectPreview(page, '2 songs', ['Delta Tone', 'Beta Tone']);
    expect(session.errors).toEqual([]);
  });
});
