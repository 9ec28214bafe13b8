/**
 * DJ Studio in real Chromium against the built API, as a new user (the installation's first
 * account, so its admin, whose tier grants canAccessDJ): open /dj from the sidebar, turn the DJ
 * voice and DJ mode on, see the planned set (timeline, transitions, energy chart), and hear a
 * transition: the voice link is spoken over the outgoing song's outro and the next song of the
 * set takes over, on the server too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP_VIEWPORT } from './browser';
import { eventually, graphql, openSeededApp, playerOf, sidebarLink, type SeededApp } from './seededApp';
import type { TestSong } from './playbackSongs';

// Over 30 s (only such songs crossfade automatically, SPEC 4), all at 120 BPM in neighbouring keys.
const KEYS = ['A minor', 'E minor', 'B minor', 'F# minor', 'D minor', 'G minor'];
const SONGS: TestSong[] = KEYS.map((key, i) => ({
  id: `dj-song-${i + 1}`,
  title: `Deck Tone ${i + 1}`,
  artist: 'Test Bench',
  genre: 'house',
  mood: 'chill',
  seconds: 34,
  frequency: 330 + 40 * i,
  waveform: [0.4, 0.4, 0.4],
  bpm: 120,
  key,
  energy: 0.2 + 0.1 * i,
  cover: i === 0,
}));

interface ServerQueue {
  queue: { djActive: boolean; currentSong: { id: string; title: string } | null; upcomingQueue: Array<{ id: string; title: string }> };
}

describe('DJ Studio in real Chromium', () => {
  let session: SeededApp;
  let page: Page;

  beforeAll(async () => {
    session = await openSeededApp(SONGS, { usernamePrefix: 'dj', viewport: DESKTOP_VIEWPORT });
    ({ page } = session);
  }, 240_000);

  afterAll(async () => {
    await session?.close();
  });

  const queue = () => graphql<ServerQueue>(session.context, session.server.baseUrl, '{ queue { djActive currentSong { id title } upcomingQueue { id title } } }');

  it('enables DJ mode, shows the planned set and speaks the link into the next song over the crossfade', async () => {
    // A short, plain fade keeps the test quick; beat matching has its own tests.
    await graphql(session.context, session.server.baseUrl, 'mutation($input: MixerSettingsInput!) { saveMixerSettings(input: $input) { djModeEnabled } }', {
      input: { crossfadeEnabled: true, crossfadeDuration: 3000, mixTightness: 3, djModeEnabled: false, silenceEliminationEnabled: false, beatMatchedTransitions: false },
    });
    await page.goto(session.server.baseUrl);
    await sidebarLink(page, 'DJ Studio').click();
    await page.waitForURL(/\/dj$/);
    await page.getByRole('heading', { level: 1, name: 'DJ Studio' }).waitFor();
    await page.getByTestId('dj-explanation').getByText(/^Following: Schedule for every day/).waitFor();

    const voice = page.getByRole('switch', { name: 'DJ voice' });
    await voice.click();
    await expect.poll(() => voice.isChecked()).toBe(true);
    await page.getByRole('switch', { name: 'DJ mode' }).click();

    // The plan: every other song of the library, in compatible keys, with its transition and link.
    const planned = page.getByRole('list', { name: 'The planned set' });
    await planned.getByRole('listitem').first().waitFor();
    await playerOf(page).getByText('Mixer Mode', { exact: true }).waitFor();
    await playerOf(page).getByRole('button', { name: 'Pause', exact: true }).waitFor({ timeout: 30_000 });
    const server = await eventually(queue, (q) => q.queue.djActive && q.queue.upcomingQueue.length === SONGS.length - 1, 'the DJ set on the server');
    expect(await planned.getByRole('listitem').count()).toBe(SONGS.length - 1);
    const current = server.queue.currentSong!;
    const next = server.queue.upcomingQueue[0]!;
    await page.getByText(/% of transitions harmonic and in tempo/).waitFor();
    await page.getByRole('img', { name: "Target energy against the set's energy over the next hour" }).waitFor();
    expect(await page.getByTestId('dj-set-line').getAttribute('d')).toMatch(/^M/);
    const nowPlaying = page.locator('.dj-entry--current');
    await nowPlaying.getByText(current.title, { exact: true }).waitFor();
    // The kind and length follow the mixer settings the player saves (beat-matched or plain crossfade); what the plan promises is a harmonic, in-tempo mix.
    await nowPlaying.getByText(/(Crossfade|Beat-matched crossfade) \d\.\d s · harmonic · in tempo/).waitFor();
    await nowPlaying.getByText(new RegExp(`^🎙 That was ${current.title}\\. Next, .+ for your (morning|afternoon|evening|night): ${next.title}\\.$`)).waitFor();

    // Pin the second planned song: it says so.
    const second = server.queue.upcomingQueue[1]!;
    await planned.getByRole('button', { name: `Pin ${second.title}` }).click();
    await planned.getByRole('button', { name: `Unpin ${second.title}` }).waitFor();

    // Towards the end of the song: the voice speaks over its outro, then the next song takes over.
    const seek = playerOf(page).getByRole('slider', { name: 'Seek' });
    const box = (await seek.boundingBox())!;
    await page.mouse.click(box.x + (box.width * 22) / 34, box.y + box.height / 2);
    const onAir = page.getByRole('status', { name: 'DJ voice on air' });
    await onAir.getByText(`On air: That was ${current.title}. Next,`, { exact: false }).waitFor({ timeout: 30_000 });
    await expect.poll(() => onAir.textContent()).toContain(next.title);
    await playerOf(page).getByText(next.title, { exact: true }).waitFor({ timeout: 30_000 });
    const after = await eventually(queue, (q) => q.queue.currentSong?.id === next.id, 'the server queue to advance to the planned song');
    expect(after.queue.djActive).toBe(true);
    expect(session.errors).toEqual([]);
  });
});
