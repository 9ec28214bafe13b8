/**
 * Playlists in real Chromium against the built API, as a new user: start a playlist from the
 * sidebar and rename it in place, add songs from a library row's menu, from a library
 * multi-select and from Now Playing, reorder by dragging (a second tab sees it live), copy the
 * share link, and play it (the player bar shows its first song); then a new visitor opens a share
 * link, signs up, and gets the read-only page with only the songs shared with them. Saves a
 * screenshot of the page (PLAYLIST_SCREENSHOT, default the system temp folder).
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { DESKTOP_VIEWPORT } from './browser';
import { dragHandleTo, eventually, graphql, openSeededApp, playerOf, sidebarLink, type SeededApp } from './seededApp';
import type { TestSong } from './playbackSongs';
import type { RunningServer } from './server';

const SONGS: TestSong[] = [
  { id: 'pl-alpha', title: 'Alpha Tone', artist: 'Test Bench', genre: 'house', mood: 'happy', seconds: 12, frequency: 440, cover: true },
  { id: 'pl-beta', title: 'Beta Tone', artist: 'Test Bench', genre: 'ambient', mood: 'chill', seconds: 12, frequency: 523, cover: true },
  { id: 'pl-gamma', title: 'Gamma Tone', artist: 'Test Bench', genre: 'lo-fi', mood: 'dreamy', seconds: 12, frequency: 587, cover: true },
  { id: 'pl-delta', title: 'Delta Tone', artist: 'Test Bench', genre: 'techno', mood: 'energetic', seconds: 12, frequency: 659, cover: true },
];

const SCREENSHOT = process.env.PLAYLIST_SCREENSHOT ?? path.join(tmpdir(), 'songforge-playlist-page.png');

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' });
const songTitles = (list: Locator) => list.locator('.playlist-row__title').allTextContents();

/**
 * Opens a song's menu inside `scope` (its ⋯ button, or a right-click on its title) and adds the song
 * to the playlist named `playlist`. The submenu is walked with the keyboard: a pointer teleported
 * across the menu (as Playwright moves it) closes Radix's submenu, which a real hand moving towards
 * it keeps open.
 */
async function addWithSongMenu(page: Page, scope: Locator, title: string, playlist: string, open: 'button' | 'right-click' = 'button'): Promise<void> {
  if (open === 'button') await scope.getByRole('button', { name: `More options for ${title}` }).click();
  else {
    // The row becomes the menu's trigger once the menu's code has arrived.
    await scope.locator('li[data-state]', { hasText: title }).first().waitFor();
    await scope.getByText(title, { exact: true }).click({ button: 'right' });
  }
  await page.getByRole('menuitem', { name: 'Add to playlist' }).press('ArrowRight');
  await page.getByRole('menu', { name: 'Add to playlist' }).getByRole('menuitem', { name: playlist }).press('Enter');
  await page.getByText(`Added to ${playlist}`).first().waitFor();
}

describe('playlists in real Chromium', () => {
  let session: SeededApp;
  let server: RunningServer;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    session = await openSeededApp(SONGS, { usernamePrefix: 'lister', viewport: DESKTOP_VIEWPORT });
    ({ server, context, page } = session);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
  }, 240_000);

  afterAll(async () => {
    await session?.close();
  });

  it('creates a playlist, fills it from the library and Now Playing, reorders it by drag and plays it', async () => {
    await page.goto(`${server.baseUrl}/library`);
    const songs = page.getByRole('list', { name: 'Songs' });
    await songs.getByText('Delta Tone').waitFor();

    // A new playlist from the sidebar opens at once; its name is edited in place.
    await sidebar(page).getByRole('button', { name: 'New playlist' }).click();
    await page.waitForURL(/\/playlists\/\d+$/);
    const playlistUrl = page.url();
    await page.getByRole('button', { name: 'Playlist name: My Playlist #1' }).click();
    const nameInput = page.getByRole('textbox', { name: 'Playlist name' });
    await nameInput.fill('Road Trip');
    await nameInput.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Road Trip' }).waitFor();
    await sidebar(page).getByRole('link', { name: 'Road Trip' }).waitFor();
    await page.getByText('This playlist is empty.').waitFor();

    // From a library row's menu (a right-click on the row opens it), then two at once with the multi-select.
    await sidebarLink(page, 'Your Library').click();
    await addWithSongMenu(page, songs, 'Alpha Tone', 'Road Trip', 'right-click');
    await songs.getByRole('checkbox', { name: 'Select Beta Tone' }).check();
    await songs.getByRole('checkbox', { name: 'Select Delta Tone' }).check();
    const selection = page.getByRole('toolbar', { name: 'Selected songs' });
    await selection.getByText('2 selected').waitFor();
    await selection.getByRole('button', { name: 'Add to playlist' }).click();
    await page.getByRole('menu', { name: 'Add to playlist' }).getByRole('menuitem', { name: 'Road Trip' }).click();
    await page.getByText('Added to Road Trip').first().waitFor();

    // From Now Playing.
    await songs.getByRole('button', { name: 'Play Gamma Tone', exact: true }).click();
    await playerOf(page).getByText('Gamma Tone', { exact: true }).waitFor();
    await sidebarLink(page, 'Now Playing').click();
    await addWithSongMenu(page, page.getByRole('main'), 'Gamma Tone', 'Road Trip');

    // The playlist page, with a second tab on it that should follow the edits live.
    const other = await context.newPage();
    await other.goto(playlistUrl);
    await sidebar(page).getByRole('link', { name: 'Road Trip' }).click();
    const list = page.getByRole('list', { name: 'Playlist songs' });
    const otherList = other.getByRole('list', { name: 'Playlist songs' });
    await eventually(() => songTitles(list), (t) => t.length === 4, 'four songs on the page');
    expect(await songTitles(list)).toEqual(['Alpha Tone', 'Beta Tone', 'Delta Tone', 'Gamma Tone']);
    await page.getByText('4 songs').waitFor();
    await page.getByText('48 sec').waitFor();
    expect(await page.getByRole('main').getByTestId('playlist-cover').locator('img').count()).toBe(4);

    // Drag Gamma (fourth) to the top with the pointer.
    await dragHandleTo(page, page.getByRole('button', { name: 'Reorder Gamma Tone, position 4' }), list.locator('li').first());
    const order = ['Gamma Tone', 'Alpha Tone', 'Beta Tone', 'Delta Tone'];
    const id = playlistUrl.split('/').pop()!;
    await eventually(
      () => graphql<{ playlist: { songs: { song: { title: string } }[] } }>(context, server.baseUrl, 'query ($id: ID!) { playlist(id: $id) { songs { song { title } } } }', { id }),
      (d) => d.playlist.songs.map((e) => e.song.title).join() === order.join(),
      'the move on the server',
    );
    expect(await songTitles(list)).toEqual(order);
    await eventually(() => songTitles(otherList), (t) => t.join() === order.join(), 'the move in the second tab');
    await other.close();

    // Public, and the share link is the page's address.
    await page.getByRole('switch', { name: 'Public' }).click();
    await page.getByText('Public playlist').waitFor();
    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByText('Link copied', { exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(playlistUrl);

    // Play it: the player bar shows its first song, the rest is up next.
    await page.getByRole('button', { name: 'Play Road Trip' }).click();
    await playerOf(page).getByText('Gamma Tone', { exact: true }).waitFor();
    await playerOf(page).getByRole('button', { name: 'Pause', exact: true }).waitFor({ timeout: 30_000 });
    const queue = await graphql<{ queue: { currentSong: { title: string }; upcomingQueue: { title: string }[] } }>(
      context,
      server.baseUrl,
      '{ queue { currentSong { title } upcomingQueue { title } } }',
    );
    expect(queue.queue.currentSong.title).toBe('Gamma Tone');
    expect(queue.queue.upcomingQueue.map((s) => s.title)).toEqual(['Alpha Tone', 'Beta Tone', 'Delta Tone']);

    await page.screenshot({ path: SCREENSHOT, fullPage: true });
    expect(session.errors).toEqual([]);
  });

  it('opens a share link read-only for another user, after signing in, with only the songs shared with them', async () => {
    // The lister (the first account, so an admin) shares a playlist holding a song its owner keeps
    // from sharing and a private one.
    const shared = await graphql<{ createPlaylist: { id: string } }>(
      context,
      server.baseUrl,
      'mutation ($songs: [ID!]!) { createPlaylist(name: "Shared Mix", description: "For the car", isPublic: true, songIds: $songs) { id } }',
      { songs: ['pl-alpha', 'pl-beta', 'pl-gamma', 'pl-delta'] },
    );
    await graphql(context, server.baseUrl, 'mutation { setSongsVisibility(songIds: ["pl-beta"], canBeShared: false) { id } setPrivate: setSongsVisibility(songIds: ["pl-gamma"], isPublic: false) { id } }');
    const shareUrl = `${server.baseUrl}/playlists/${shared.createPlaylist.id}`;

    // A visitor without an account opens the link, signs up, and lands on the playlist.
    const guestContext = await session.browser.newContext({ viewport: DESKTOP_VIEWPORT });
    const guest = await guestContext.newPage();
    const guestErrors: string[] = [];
    guest.on('pageerror', (error) => guestErrors.push(error.message));
    await guest.goto(shareUrl);
    await guest.getByRole('tab', { name: 'Create account' }).click();
    await guest.getByLabel('Username').fill(`guest_${Date.now().toString(36)}`);
    await guest.getByLabel('Password').fill('guest-test-password');
    await guest.getByRole('button', { name: 'Create account' }).click();
    await guest.getByRole('heading', { level: 1, name: 'Shared Mix' }).waitFor();
    expect(guest.url()).toBe(shareUrl);

    // Read-only: no name editing, reordering, removing, public switch or delete; 'Save a copy' instead.
    const list = guest.getByRole('list', { name: 'Playlist songs' });
    await eventually(() => songTitles(list), (t) => t.length === 2, 'the shared songs');
    expect(await songTitles(list)).toEqual(['Alpha Tone', 'Delta Tone']);
    await guest.getByText('2 songs').waitFor();
    await guest.getByText('For the car').waitFor();
    expect(await guest.getByRole('button', { name: /^Playlist name/ }).count()).toBe(0);
    expect(await guest.getByRole('button', { name: /^Reorder / }).count()).toBe(0);
    expect(await guest.getByRole('button', { name: /from playlist$/ }).count()).toBe(0);
    expect(await guest.getByRole('switch', { name: 'Public' }).count()).toBe(0);
    expect(await guest.getByRole('button', { name: 'Delete Shared Mix' }).count()).toBe(0);

    // It plays for them, and a copy becomes their own (with the songs they saw).
    await guest.getByRole('button', { name: 'Play Shared Mix' }).click();
    await playerOf(guest).getByText('Alpha Tone', { exact: true }).waitFor();
    await guest.getByRole('button', { name: 'Save a copy' }).click();
    await guest.getByRole('heading', { level: 1, name: 'Shared Mix (copy)' }).waitFor();
    await guest.getByRole('switch', { name: 'Public' }).waitFor();
    expect(await songTitles(guest.getByRole('list', { name: 'Playlist songs' }))).toEqual(['Alpha Tone', 'Delta Tone']);

    // The owner still sees every song.
    await page.goto(shareUrl);
    await eventually(() => songTitles(page.getByRole('list', { name: 'Playlist songs' })), (t) => t.length === 4, 'the owner sees all four');
    await guestContext.close();
    expect(guestErrors).toEqual([]);
    expect(session.errors).toEqual([]);
  });
});
