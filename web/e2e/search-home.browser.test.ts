/**
 * Search and the home page in real Chromium against the built API, as a new user: the empty home
 * leads to the Studio; '/' focuses the search box, Enter plays the first song found, an artist
 * result plays the artist's songs; then home shows the rows that playing filled (continue
 * listening, recently played, made for you) and a card plays its song.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP_VIEWPORT } from './browser';
import { eventually, graphql, openSeededApp, playerOf, type SeededApp } from './seededApp';
import type { TestSong } from './playbackSongs';

const SONGS: TestSong[] = [
  { id: 'sh-alpha', title: 'Alpha Tone', artist: 'Neon Bench', genre: 'house', mood: 'happy', seconds: 12, frequency: 440, cover: true },
  { id: 'sh-beta', title: 'Beta Tone', artist: 'Neon Bench', genre: 'house', mood: 'chill', seconds: 12, frequency: 523, cover: true },
  { id: 'sh-gamma', title: 'Gamma Tone', artist: 'Tape Bench', genre: 'lo-fi', mood: 'dreamy', seconds: 12, frequency: 587, cover: true },
  { id: 'sh-delta', title: 'Delta Tone', artist: 'Tape Bench', genre: 'lo-fi', mood: 'happy', seconds: 12, frequency: 659, cover: true },
];

type QueueTitles = { queue: { currentSong: { title: string } | null; upcomingQueue: { title: string }[] } };
const QUEUE = '{ queue { currentSong { title } upcomingQueue { title } } }';

describe('search and home in real Chromium', () => {
  let session: SeededApp;
  let page: Page;
  const queue = () => graphql<QueueTitles>(session.context, session.server.baseUrl, QUEUE);
  const searchBox = () => page.getByRole('combobox', { name: 'Search songs, playlists and artists' });
  const results = () => page.getByRole('listbox', { name: 'Search results' });

  beforeAll(async () => {
    session = await openSeededApp(SONGS, { usernamePrefix: 'seeker', viewport: DESKTOP_VIEWPORT });
    page = session.page;
  }, 240_000);

  afterAll(async () => {
    await session?.close();
  });

  it('leads a new user to the Studio from an empty home', async () => {
    await page.goto(`${session.server.baseUrl}/`);
    const start = page.getByRole('region', { name: 'Start here' });
    await start.getByRole('heading', { name: 'Make your first song' }).waitFor();
    expect(await start.getByRole('link', { name: 'Open the AI Studio' }).getAttribute('href')).toBe('/studio');
  });

  it("finds songs and artists as typed ('/' to focus), plays a result with Enter and an artist by a click", async () => {
    await page.getByRole('heading', { level: 1 }).click();
    await page.keyboard.press('/');
    expect(await searchBox().evaluate((input) => input === document.activeElement)).toBe(true);

    await page.keyboard.type('gam');
    const songs = results().getByRole('group', { name: 'Songs' });
    await songs.getByRole('option', { name: /Gamma Tone/ }).waitFor();
    expect(await songs.getByRole('option').count()).toBe(1);
    await page.keyboard.press('Enter');
    await playerOf(page).getByText('Gamma Tone', { exact: true }).waitFor();
    await playerOf(page).getByRole('button', { name: 'Pause', exact: true }).waitFor({ timeout: 30_000 });
    expect((await queue()).queue.currentSong?.title).toBe('Gamma Tone');

    // An artist plays their songs the user may see.
    await searchBox().fill('neon');
    const artist = results().getByRole('group', { name: 'Artists' }).getByRole('option', { name: /Neon Bench/ });
    await artist.waitFor();
    await artist.click();
    await eventually(queue, (q) => q.queue.currentSong?.title === 'Alpha Tone' || q.queue.currentSong?.title === 'Beta Tone', 'the artist playing');
    const played = await queue();
    expect([played.queue.currentSong?.title, ...played.queue.upcomingQueue.map((s) => s.title)].sort()).toEqual(['Alpha Tone', 'Beta Tone']);
    await playerOf(page).getByText(played.queue.currentSong!.title, { exact: true }).waitFor();

    await searchBox().press('Escape');
    await results().waitFor({ state: 'detached' });
    expect(session.errors).toEqual([]);
  });

  it('shows the rows playing filled (updated while it was open), and a card plays its song', async () => {
    const rows = await graphql<{ home: Record<string, { title: string }[]> }>(session.context, session.server.baseUrl, '{ home { recentlyPlayed { title } madeForYou { title } } }');
    expect(rows.home).toEqual({ recentlyPlayed: [{ title: 'Gamma Tone' }], madeForYou: [{ title: 'Delta Tone' }] });
    // Home has been open since the first test: the plays since then updated it in place.
    expect(new URL(page.url()).pathname).toBe('/');
    const continueRow = page.getByRole('region', { name: 'Continue listening' });
    await continueRow.waitFor();
    expect(await continueRow.getByRole('listitem').count()).toBe(2);

    const recent = page.getByRole('region', { name: 'Recently played' });
    await recent.getByRole('button', { name: 'Play Gamma Tone' }).waitFor();
    // Played lo-fi / dreamy: the other lo-fi song is made for this user; the one played is not.
    const madeForYou = page.getByRole('region', { name: 'Made for you' });
    await madeForYou.getByRole('button', { name: 'Play Delta Tone' }).waitFor();
    expect(await madeForYou.getByRole('button', { name: 'Play Gamma Tone' }).count()).toBe(0);
    // Nothing made yet: the creations row is the way into the Studio.
    await page.getByRole('region', { name: 'Your latest creations' }).getByRole('link', { name: 'Create a song in the AI Studio' }).waitFor();

    await recent.getByRole('button', { name: 'Play Gamma Tone' }).click();
    await playerOf(page).getByText('Gamma Tone', { exact: true }).waitFor();
    await eventually(queue, (q) => q.queue.currentSong?.title === 'Gamma Tone', 'Gamma Tone playing on the server');
    await recent.getByRole('button', { name: 'Pause Gamma Tone' }).waitFor({ timeout: 30_000 });

    // A card's song menu: Delta Tone plays next.
    await madeForYou.getByRole('button', { name: 'More options for Delta Tone' }).click();
    await page.getByRole('menuitem', { name: 'Play next' }).click();
    await page.getByText('Playing next').first().waitFor();
    await eventually(queue, (q) => q.queue.upcomingQueue[0]?.title === 'Delta Tone', 'Delta Tone next on the server');
    expect(session.errors).toEqual([]);
  });
});
