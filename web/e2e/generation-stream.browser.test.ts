/**
 * Listening while a song is generated, in real Chromium against the built API: with 'Play while
 * it is made' on, the player starts the song from its stream once it is being encoded, the stream
 * plays on, and when the song is stored the player goes on with the stored file from the same
 * moment (no restart), as a library song the server's queue knows. And the first load's assets
 * come precompressed and cacheable for good.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page, Response } from 'playwright-core';
import { mediaProbe } from './browser';
import { SCREENSHOT_DIR, signUpAt, useGeneratingApp } from './generatingApp';
import { graphql, playerOf } from './seededApp';

interface AudioSample {
  at: number;
  src: string;
  time: number;
  paused: boolean;
}

// Every audio element the app plays, sampled every 50 ms: which one sounds, from where, at what time.
const AUDIO_PROBE = mediaProbe(`window.__audioSamples = [];
setInterval(() => {
  const at = performance.now();
  for (const element of elements) {
    window.__audioSamples.push({ at, src: element.currentSrc || element.src, time: element.currentTime, paused: element.paused });
  }
}, 50);`);

const samplesOf = (page: Page) => page.evaluate(() => (window as unknown as { __audioSamples: AudioSample[] }).__audioSamples);
const sounding = (samples: AudioSample[], part: string) => samples.filter((sample) => !sample.paused && sample.src.includes(part));

describe('AI Studio: listening while the song is made', () => {
  const app = useGeneratingApp();

  it('plays the stream while encoding, then continues as the stored song from the same moment', { timeout: 300_000 }, async () => {
    const server = app.server();
    const { page, errors } = await app.browser().newPage();
    await page.addInitScript(AUDIO_PROBE);
    const shot = (name: string) => page.screenshot({ path: path.join(SCREENSHOT_DIR, `generation-stream-${name}.png`), animations: 'disabled' });
    await signUpAt(page, server.baseUrl, '/studio', `stream_${Date.now().toString(36)}`);
    await page.goto(`${server.baseUrl}/studio`);
    await page.getByRole('heading', { level: 1, name: 'AI Studio' }).waitFor();

    await page.getByLabel('Prompt').fill('slow ambient pads at dawn');
    await page.getByRole('button', { name: 'Ambient', exact: true }).click();
    // A long song: its encoding lasts long enough to be heard from the stream.
    await page.getByRole('slider', { name: 'Duration' }).fill('180');
    await page.getByRole('switch', { name: 'Play while it is made' }).check();
    await page.getByRole('switch', { name: 'Album art' }).uncheck();
    const planned = page.getByRole('region', { name: 'Understood plan' });
    await expect.poll(() => planned.textContent(), { timeout: 15_000 }).toMatch(/ambient/i);
    const title = ((await planned.locator('.studio__plan-title').textContent()) ?? '').replace(/[“”]/g, '');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();

    // Encoding: the player plays the stream and says the song is still being made.
    const player = playerOf(page);
    await player
      .getByText('Still being made')
      .waitFor({ timeout: 180_000 })
      .catch((error: Error) => {
        throw new Error(`${error.message}\nPage errors: ${errors.join('\n')}\nServer output:\n${server.output()}`);
      });
    expect(await player.getByText(title, { exact: true }).count()).toBe(1);
    expect(await player.getByRole('button', { name: 'Add to liked songs' }).count()).toBe(0);
    await expect.poll(async () => sounding(await samplesOf(page), '/stream').length, { timeout: 30_000 }).toBeGreaterThan(0);
    await shot('streaming');

    // Stored: the player goes on with the stored file, as a library song.
    await player.getByText('Still being made').waitFor({ state: 'detached', timeout: 180_000 });
    await expect.poll(async () => sounding(await samplesOf(page), '/media/').length, { timeout: 30_000 }).toBeGreaterThan(3);
    await player.getByRole('button', { name: 'Pause', exact: true }).waitFor();
    expect(await player.getByText(title, { exact: true }).count()).toBe(1);
    await player.getByRole('button', { name: 'Add to liked songs' }).waitFor();
    await shot('stored');

    const samples = await samplesOf(page);
    const fromStream = sounding(samples, '/stream');
    const fromFile = sounding(samples, '/media/');
    const lastStream = fromStream.at(-1)!;
    const firstFile = fromFile[0]!;
    // The stream played, and for a while: its time moved on.
    expect(lastStream.time - fromStream[0]!.time).toBeGreaterThan(0.5);
    // The stored file took over where the stream was (within the sampling interval and the short
    // fade), not from the start, and then played on.
    expect(firstFile.time).toBeGreaterThan(lastStream.time - 0.5);
    expect(firstFile.time).toBeLessThan(lastStream.time + (firstFile.at - lastStream.at) / 1000 + 0.5);
    expect(fromFile.at(-1)!.time).toBeGreaterThan(firstFile.time);
    // The server's queue has the stored song as its current one.
    const { queue } = await graphql<{ queue: { currentSong: { title: string; audioUrl: string } | null } }>(
      page.context(),
      server.baseUrl,
      '{ queue { currentSong { title audioUrl } } }',
    );
    expect(queue.currentSong?.title).toBe(title);
    expect(firstFile.src).toContain(queue.currentSong!.audioUrl);
    expect(errors).toEqual([]);
  });

  it('sends the app’s scripts and styles precompressed, varying on Accept-Encoding, cached for good', async () => {
    const { page } = await app.browser().newPage();
    const assets: Response[] = [];
    page.on('response', (response) => {
      if (/\/assets\/[^/]+\.(js|css)$/.test(new URL(response.url()).pathname)) assets.push(response);
    });
    await page.goto(`${app.server().baseUrl}/`);
    await playerOf(page).waitFor();
    expect(assets.length).toBeGreaterThan(5);
    for (const response of assets) {
      const headers = await response.allHeaders();
      expect({ url: response.url(), encoding: headers['content-encoding'], vary: headers.vary, cache: headers['cache-control'] }).toEqual({
        url: response.url(),
        encoding: 'br',
        vary: 'Accept-Encoding',
        cache: 'public, max-age=31536000, immutable',
      });
    }
  });
});
