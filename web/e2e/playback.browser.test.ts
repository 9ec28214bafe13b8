/**
 * Playback in real Chromium against the built API: play, seek, next/previous, like with its
 * toast, queue reorder (keyboard and pointer), a queue change seen live by a second browser
 * context of the same user, and a real crossfade in mixer mode (both decks' gains cross and the
 * server's queue advances).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { DESKTOP_VIEWPORT } from './browser';
import type { TestSong } from './playbackSongs';
import { dragHandleTo, eventually, graphql, openSeededApp, playerOf, sidebarLink, type SeededApp } from './seededApp';
import type { RunningServer } from './server';

const SONGS: TestSong[] = [
  {
    id: 'e2e-alpha',
    title: 'Alpha Tone',
    artist: 'Test Bench',
    genre: 'house',
    mood: 'happy',
    seconds: 20,
    frequency: 440,
    lrc: '[00:00.00]First line\n[00:04.00]Second line\n[00:08.00]Third line\n[00:15.00]Last line',
    waveform: [0.1, 0.5, 0.9, 0.4, 0.2, 0.7, 0.3, 0.8],
  },
  { id: 'e2e-beta', title: 'Beta Tone', artist: 'Test Bench', genre: 'house', mood: 'happy', seconds: 20, frequency: 523 },
  { id: 'e2e-gamma', title: 'Gamma Tone', artist: 'Test Bench', genre: 'house', mood: 'happy', seconds: 20, frequency: 587 },
  // Over 30 s: only such songs crossfade automatically (SPEC 4).
  { id: 'e2e-fade-out', title: 'Fade Out Tone', artist: 'Test Bench', genre: 'ambient', mood: 'chill', seconds: 34, frequency: 330 },
  { id: 'e2e-fade-in', title: 'Fade In Tone', artist: 'Test Bench', genre: 'ambient', mood: 'chill', seconds: 34, frequency: 392 },
];


// Records every GainNode the app creates and, on demand, samples their values every 40 ms.
const GAIN_PROBE = `(() => {
  const nodes = [];
  const createGain = AudioContext.prototype.createGain;
  AudioContext.prototype.createGain = function () {
    const node = createGain.call(this);
    nodes.push(node);
    return node;
  };
  window.__gainSamples = [];
  window.__startGainProbe = () => {
    setInterval(() => window.__gainSamples.push(nodes.map((node) => node.gain.value)), 40);
  };
})();`;

interface QueueView {
  currentSong: { id: string } | null;
  upcomingQueue: { id: string }[];
  playHistory: { id: string }[];
}

const readQueue = (context: BrowserContext, baseUrl: string) =>
  graphql<{ queue: QueueView }>(context, baseUrl, '{ queue { currentSong { id } upcomingQueue { id } playHistory { id } } }').then((d) => d.queue);

/**
 * A moment where two gain nodes are both part-way (0.15..0.85), one having come down from >= 0.9
 * and going on to <= 0.1 within the fade window, the other doing the reverse.
 */
function findCrossing(samples: number[][], window = 100): { falling: number; rising: number; at: number } | null {
  const value = (sample: number, node: number) => samples[sample]?.[node] ?? Number.NaN;
  const partWay = (v: number) => v > 0.15 && v < 0.85;
  const before = (at: number, node: number, test: (v: number) => boolean) =>
    samples.slice(Math.max(0, at - window), at).some((row) => test(row[node] ?? Number.NaN));
  const after = (at: number, node: number, test: (v: number) => boolean) => samples.slice(at, at + window).some((row) => test(row[node] ?? Number.NaN));
  for (let at = 0; at < samples.length; at++) {
    const nodes = samples[at]!.map((_, node) => node).filter((node) => partWay(value(at, node)));
    for (const falling of nodes) {
      if (!before(at, falling, (v) => v >= 0.9) || !after(at, falling, (v) => v <= 0.1)) continue;
      for (const rising of nodes) {
        if (rising !== falling && before(at, rising, (v) => v <= 0.1) && after(at, rising, (v) => v >= 0.9)) return { falling, rising, at };
      }
    }
  }
  return null;
}


async function playerSeconds(page: Page): Promise<number> {
  return Number(await playerOf(page).getByRole('slider', { name: 'Seek' }).inputValue());
}

async function waitForPlaying(page: Page, title: string, timeout = 30_000): Promise<void> {
  const player = playerOf(page);
  await player.getByText(title, { exact: true }).waitFor({ timeout });
  await player.getByRole('button', { name: 'Pause', exact: true }).waitFor({ timeout });
}

/** Presses a key with nothing focused, as a listener would. */
async function pressOnPage(page: Page, key: string): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press(key);
}

async function upcomingTitles(list: Locator): Promise<string[]> {
  return list.locator('.queue-row__title').allTextContents();
}

describe('playback in real Chromium', () => {
  let app: SeededApp;
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let username: string;
  let password: string;

  beforeAll(async () => {
    app = await openSeededApp(SONGS, { usernamePrefix: 'player', viewport: DESKTOP_VIEWPORT, initScript: GAIN_PROBE });
    ({ server, browser, context, page, errors, username, password } = app);
  }, 240_000);

  afterAll(async () => {
    await app?.close();
  });

  it('plays, seeks (shortcut and waveform), follows the lyrics, skips, mutes and likes with a toast', async () => {
    await page.goto(`${server.baseUrl}/library`);
    await page.getByRole('button', { name: 'Play Alpha Tone', exact: true }).click();
    await waitForPlaying(page, 'Alpha Tone');
    await eventually(() => playerSeconds(page), (s) => s >= 1, 'time to advance');

    // Arrow right: +5 s.
    const before = await playerSeconds(page);
    await pressOnPage(page, 'ArrowRight');
    await eventually(() => playerSeconds(page), (s) => s >= before + 4, 'the +5 s seek');

    // Now Playing: click the middle of the waveform (20 s song -> 10 s); the 8 s lyric line is current.
    await sidebarLink(page, 'Now Playing').click();
    const waveform = page.getByRole('main').getByRole('slider', { name: 'Seek' });
    await waveform.locator('.waveform__bar').first().waitFor();
    expect(await waveform.locator('.waveform__bar').count()).toBe(120);
    const box = (await waveform.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const afterClick = await eventually(() => playerSeconds(page), (s) => s >= 9 && s <= 12, 'the waveform seek');
    expect(afterClick).toBeLessThan(15);
    await page.locator('.lyrics__line[aria-current="true"]').getByText('Third line').waitFor();

    // M mutes and unmutes; space pauses and resumes.
    await pressOnPage(page, 'm');
    await playerOf(page).getByRole('button', { name: 'Unmute', exact: true }).waitFor();
    await pressOnPage(page, 'm');
    await playerOf(page).getByRole('button', { name: 'Mute', exact: true }).waitFor();
    await pressOnPage(page, ' ');
    await playerOf(page).getByRole('button', { name: 'Play', exact: true }).waitFor();
    await pressOnPage(page, ' ');
    await playerOf(page).getByRole('button', { name: 'Pause', exact: true }).waitFor();
    // Paused again well before its end: an end-of-song report still in flight when the next test
    // plays Alpha again would name the same song and move the server past the new play.
    await pressOnPage(page, ' ');
    await playerOf(page).getByRole('button', { name: 'Play', exact: true }).waitFor();

    // Like: the SPEC 8 toast, and the song on Liked Songs.
    await playerOf(page).getByRole('button', { name: 'Add to liked songs' }).click();
    await page.getByText('Song added to liked songs', { exact: true }).waitFor();
    await sidebarLink(page, 'Liked Songs').click();
    await page.getByRole('list', { name: 'Liked songs' }).getByText('Alpha Tone', { exact: true }).waitFor();
    expect(errors).toEqual([]);
  });

  it('keeps played audio in the service worker cache and answers ranges from it with 206', async () => {
    const swHeaders = (await context.request.get(`${server.baseUrl}/sw.js`)).headers();
    expect(swHeaders['cache-control']).toContain('no-cache');
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');

    // Alpha Tone was played above: the worker stored the whole file.
    const cached = await eventually(
      () => page.evaluate(async () => {
        await navigator.serviceWorker.ready;
        const response = await (await caches.open('songforge-audio-v1')).match('/media/songs/e2e-alpha.mp3');
        return response ? (await response.arrayBuffer()).byteLength : 0;
      }),
      (bytes) => bytes > 0,
      'the played song in the audio cache',
    );
    const answer = await page.evaluate(async () => {
      const response = await fetch('/media/songs/e2e-alpha.mp3', { headers: { Range: 'bytes=100-199' } });
      return { status: response.status, range: response.headers.get('Content-Range'), bytes: (await response.arrayBuffer()).byteLength, controlled: navigator.serviceWorker.controller !== null };
    });
    expect(answer).toEqual({ status: 206, range: `bytes 100-199/${cached}`, bytes: 100, controlled: true });
    // The API is never cached.
    const cacheNames = await page.evaluate(() => caches.keys());
    expect(cacheNames).toEqual(['songforge-audio-v1']);
  });

  // The queueChanged push of a nextSong/previousSong often arrives before the mutation's answer:
  // the new song must still start playing.
  it('next (button) and previous (P) move through the queue and keep playing', async () => {
    await sidebarLink(page, 'Your Library').click();
    await page.getByRole('button', { name: 'Play Alpha Tone', exact: true }).click();
    await waitForPlaying(page, 'Alpha Tone');
    await graphql(context, server.baseUrl, 'mutation { enqueue(songId: "e2e-beta") { version } }');
    await eventually(() => readQueue(context, server.baseUrl), (q) => q.upcomingQueue[0]?.id === 'e2e-beta', 'Beta queued');
    await playerOf(page).getByRole('button', { name: 'Next', exact: true }).click();
    await eventually(() => readQueue(context, server.baseUrl), (q) => q.currentSong?.id === 'e2e-beta', 'the server to move to Beta');
    await waitForPlaying(page, 'Beta Tone', 8000);
    await pressOnPage(page, 'p');
    await eventually(() => readQueue(context, server.baseUrl), (q) => q.currentSong?.id === 'e2e-alpha', 'the server to move back to Alpha');
    await waitForPlaying(page, 'Alpha Tone', 8000);
  });

  it('reorders the queue by keyboard and pointer, and a second device of the user sees it live', async () => {
    const second = await browser.newContext({ viewport: DESKTOP_VIEWPORT });
    try {
      const signedIn = await second.request.post(`${server.baseUrl}/api/login`, { data: { username, password } });
      expect(signedIn.ok()).toBe(true);
      const otherPage = await second.newPage();
      await otherPage.goto(`${server.baseUrl}/queue`);
      await otherPage.getByRole('heading', { name: 'Play Queue' }).waitFor();

      await sidebarLink(page, 'Play Queue').click();
      const clear = page.getByRole('button', { name: 'Clear queue' });
      if (await clear.isEnabled()) await clear.click();
      await sidebarLink(page, 'Your Library').click();
      await page.getByRole('button', { name: 'Add Beta Tone to queue' }).click();
      await page.getByRole('button', { name: 'Add Gamma Tone to queue' }).click();
      await eventually(() => readQueue(context, server.baseUrl), (q) => q.upcomingQueue.length === 2, 'two queued songs');

      // The other device's queue page follows without a reload.
      const otherList = otherPage.getByRole('list', { name: 'Upcoming songs' });
      await eventually(() => upcomingTitles(otherList), (t) => t.join() === 'Beta Tone,Gamma Tone', 'the live queue on the second device');

      // Keyboard: pick up Gamma, move it up, drop.
      await sidebarLink(page, 'Play Queue').click();
      const list = page.getByRole('list', { name: 'Upcoming songs' });
      await page.getByRole('button', { name: 'Reorder Gamma Tone, position 2' }).focus();
      const live = page.locator('[aria-live]');
      // Each step waits for the drag state or its screen-reader announcement: the sensor measures between keys.
      const gammaHandle = page.getByRole('button', { name: 'Reorder Gamma Tone, position 2' });
      await page.keyboard.press('Space');
      await eventually(() => gammaHandle.getAttribute('aria-pressed'), (pressed) => pressed === 'true', 'the keyboard pick-up');
      // dnd-kit's keyboard sensor starts listening on a timer after the pick-up, so on a busy
      // machine the first arrow can come too early and be lost; pressing it again is what a user
      // would do (with two songs, an extra press at the top cannot move Gamma any further).
      for (let attempt = 1; ; attempt++) {
        await page.keyboard.press('ArrowUp');
        const moved = await eventually(() => live.allTextContents(), (texts) => texts.join().includes('Moved to Beta Tone, position 1 of 2.'), 'the keyboard move', 2_000).then(
          () => true,
          (error: unknown) => (attempt < 3 ? false : Promise.reject(error)),
        );
        if (moved) break;
      }
      await page.keyboard.press('Space');
      await eventually(() => readQueue(context, server.baseUrl), (q) => q.upcomingQueue.map((s) => s.id).join() === 'e2e-gamma,e2e-beta', 'the keyboard move on the server');
      await eventually(() => upcomingTitles(otherList), (t) => t.join() === 'Gamma Tone,Beta Tone', 'the keyboard move on the second device');

      // Pointer: drag Beta (now second) above Gamma.
      await dragHandleTo(page, page.getByRole('button', { name: 'Reorder Beta Tone, position 2' }), list.locator('li').first());
      await eventually(() => readQueue(context, server.baseUrl), (q) => q.upcomingQueue.map((s) => s.id).join() === 'e2e-beta,e2e-gamma', 'the pointer move on the server');
      expect(await upcomingTitles(list)).toEqual(['Beta Tone', 'Gamma Tone']);

      // Remove, then the other device sees one song left.
      await page.getByRole('button', { name: 'Remove Gamma Tone from queue' }).click();
      await eventually(() => upcomingTitles(otherList), (t) => t.join() === 'Beta Tone', 'the removal on the second device');
    } finally {
      await second.close();
    }
    expect(errors).toEqual([]);
  });

  it('crossfades two songs in mixer mode: the decks cross and the server queue advances', async () => {
    await graphql(
      context,
      server.baseUrl,
      'mutation($input: MixerSettingsInput!) { saveMixerSettings(input: $input) { djModeEnabled } }',
      { input: { crossfadeEnabled: true, crossfadeDuration: 3000, mixTightness: 1, djModeEnabled: true, silenceEliminationEnabled: false, beatMatchedTransitions: false } },
    );
    await graphql(context, server.baseUrl, 'mutation { clearQueue { version } }');
    // Mixer mode is restored at start (settings load about 1 s after it).
    await page.goto(`${server.baseUrl}/library`);
    await playerOf(page).getByText('Mixer Mode', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Play Fade Out Tone', exact: true }).click();
    await waitForPlaying(page, 'Fade Out Tone');
    await page.getByRole('button', { name: 'Add Fade In Tone to queue' }).click();
    await eventually(() => readQueue(context, server.baseUrl), (q) => q.upcomingQueue.map((song) => song.id).join() === 'e2e-fade-in', 'the next song queued');

    // Seek to 27 s of 34: the 3 s fade starts about 3.5 s before the end.
    await sidebarLink(page, 'Now Playing').click();
    const waveform = page.getByRole('main').getByRole('slider', { name: 'Seek' });
    const box = (await waveform.boundingBox())!;
    await page.evaluate(() => (window as unknown as { __startGainProbe(): void }).__startGainProbe());
    await page.mouse.click(box.x + (box.width * 27) / 34, box.y + box.height / 2);

    await waitForPlaying(page, 'Fade In Tone');
    const queue = await eventually(() => readQueue(context, server.baseUrl), (q) => q.currentSong?.id === 'e2e-fade-in', 'the server queue to advance');
    expect(queue.playHistory[0]?.id).toBe('e2e-fade-out');

    // Two gain nodes crossed: one fell from ~1 to ~0 while the other rose from ~0 to ~1.
    const samples = await page.evaluate(() => (window as unknown as { __gainSamples: number[][] }).__gainSamples);
    const crossing = findCrossing(samples);
    expect(crossing, `gain samples (every 10th): ${JSON.stringify(samples.filter((_, i) => i % 10 === 0))}`).not.toBeNull();
    expect(errors).toEqual([]);
  });
});
