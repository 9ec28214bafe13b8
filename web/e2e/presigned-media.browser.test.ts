/// <reference path="../../api/src/test-support/s3rver.d.ts" />
/**
 * Presigned media in real Chromium (docs/storage.md, "Presigned URLs"): the API on the S3 backend
 * (s3rver, holding only what `media:migrate` copied into it) with MEDIA_URLS=presigned answers /media
 * with a redirect into the bucket. The player's <audio> (crossOrigin, routed through Web Audio) must
 * load and play the presigned URL and the cover must load, which takes the bucket CORS rule the doc
 * gives; without the rule the same song does not play.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { DeleteBucketCorsCommand, PutBucketCorsCommand, S3Client } from '@aws-sdk/client-s3';
import { startLocalS3, type LocalS3 } from '../../api/src/test-support/s3-server';
import { DESKTOP_VIEWPORT, mediaProbe } from './browser';
import { runNodeScript, type TestSong } from './playbackSongs';
import { eventually, openSeededApp, playerOf, type SeededApp } from './seededApp';

const SONG: TestSong = { id: 'presigned-tone', title: 'Presigned Tone', artist: 'Test Bench', genre: 'ambient', mood: 'chill', seconds: 20, frequency: 440, cover: true };

// Every media element the app plays: where from, how far, and its error.
const AUDIO_PROBE = mediaProbe(`window.__audioElements = () => [...elements].map((element) => ({
  src: element.currentSrc || element.src,
  time: element.currentTime,
  error: element.error ? element.error.code : null,
  crossOrigin: element.crossOrigin,
}));`);

interface AudioState {
  src: string;
  time: number;
  error: number | null;
  crossOrigin: string | null;
}
const audioOf = async (page: Page): Promise<AudioState[]> =>
  (await page.evaluate(() => (window as unknown as { __audioElements: () => AudioState[] }).__audioElements())).filter((audio) => audio.src.includes(`/media/songs/${SONG.id}.mp3`));

/** What the bucket answered the page: each response from the S3 endpoint, and the /media URL that redirected there. */
function bucketResponses(page: Page, endpoint: string) {
  const seen: Array<{ key: string; status: number; allowOrigin: string | null; redirectedFrom: string | null }> = [];
  page.on('response', (response) => {
    if (!response.url().startsWith(endpoint)) return;
    seen.push({
      key: new URL(response.url()).pathname,
      status: response.status(),
      allowOrigin: response.headers()['access-control-allow-origin'] ?? null,
      redirectedFrom: response.request().redirectedFrom()?.url() ?? null,
    });
  });
  return seen;
}

/** `npm run media:migrate` as an operator runs it: the seeded media folder into the bucket. */
const migrateInto = (s3: LocalS3, dataDir: string) => runNodeScript('api/dist/storage/migrate-media-cli.js', ['--from', path.join(dataDir, 'media')], { ...process.env, ...s3.env, DATA_DIR: dataDir });

describe('presigned media from an S3 bucket in real Chromium', () => {
  let s3: LocalS3;
  let bucket: S3Client;
  let app: SeededApp;

  beforeAll(async () => {
    s3 = await startLocalS3();
    bucket = new S3Client({ endpoint: s3.endpoint, region: s3.storage.region, credentials: s3.storage.credentials ?? undefined, forcePathStyle: true });
    app = await openSeededApp([SONG], {
      usernamePrefix: 'presigned',
      viewport: DESKTOP_VIEWPORT,
      initScript: AUDIO_PROBE,
      prepare: async (dataDir) => {
        await migrateInto(s3, dataDir);
        // The bucket is the only copy: nothing can come from this machine's disk.
        await rm(path.join(dataDir, 'media'), { recursive: true, force: true });
        return { ...s3.env, MEDIA_URLS: 'presigned', MEDIA_URL_TTL: '60' };
      },
    });
  }, 240_000);

  afterAll(async () => {
    await app?.close();
    bucket?.destroy();
    await s3?.close();
  });

  /** The song's /media redirect (as `context`'s user), and the bucket's answer to a range of it asked from `origin`. */
  async function bucketAnswer(context: BrowserContext, origin: string) {
    const redirect = await context.request.get(`${app.server.baseUrl}/media/songs/${SONG.id}.mp3`, { maxRedirects: 0 });
    const location = redirect.headers().location ?? '';
    expect(location.startsWith(`${s3.endpoint}/${s3.storage.bucket}/songs/${SONG.id}.mp3?`)).toBe(true);
    const answer = await fetch(location, { headers: { Origin: origin, Range: 'bytes=0-99' } });
    return { redirect: redirect.status(), status: answer.status, allowOrigin: answer.headers.get('access-control-allow-origin') };
  }

  /** Signs `context` in as the test user and opens the library. */
  async function openLibrary(context: BrowserContext): Promise<{ page: Page; responses: ReturnType<typeof bucketResponses> }> {
    const page = await context.newPage();
    const responses = bucketResponses(page, s3.endpoint);
    await page.goto(`${app.server.baseUrl}/library`);
    await page.getByRole('button', { name: `Play ${SONG.title}`, exact: true }).waitFor();
    return { page, responses };
  }

  it('plays the song and shows its cover through presigned URLs, with the CORS rule of docs/storage.md on the bucket', { timeout: 120_000 }, async () => {
    const origin = app.server.baseUrl;
    await bucket.send(
      new PutBucketCorsCommand({
        Bucket: s3.storage.bucket,
        CORSConfiguration: { CORSRules: [{ AllowedOrigins: [origin], AllowedMethods: ['GET', 'HEAD'], AllowedHeaders: ['Range'], ExposeHeaders: ['Content-Length', 'Content-Range', 'Accept-Ranges', 'ETag'], MaxAgeSeconds: 3600 }] },
      }),
    );
    const { page, responses } = await openLibrary(app.context);

    // The cover: /media redirects into the bucket, and the image decodes.
    const cover = page.locator(`img[src="/media/covers/${SONG.id}.png"]`).first();
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(responses).toContainEqual(expect.objectContaining({ key: `/${s3.storage.bucket}/covers/${SONG.id}.png`, status: 200, redirectedFrom: `${origin}/media/covers/${SONG.id}.png` }));

    await page.getByRole('button', { name: `Play ${SONG.title}`, exact: true }).click();
    await playerOf(page).getByRole('button', { name: 'Pause', exact: true }).waitFor({ timeout: 30_000 });
    const audios = await eventually(() => audioOf(page), (states) => states.some((audio) => audio.time >= 1.5), 'the presigned song to play for 1.5 s', 20_000);
    expect(audios.find((audio) => audio.time >= 1.5)).toMatchObject({ error: null, crossOrigin: 'anonymous' });
    // Chromium does not report the media element's own requests to the page: ask as it does. /media
    // redirects into the bucket, which answers a range with CORS allowing the app's origin.
    expect(await bucketAnswer(app.context, origin)).toEqual({ redirect: 302, status: 206, allowOrigin: origin });
    expect(app.errors).toEqual([]);
    await page.close();
  });

  it('does not play without the bucket CORS rule: the player reads audio through Web Audio, as a CORS request', { timeout: 120_000 }, async () => {
    await bucket.send(new DeleteBucketCorsCommand({ Bucket: s3.storage.bucket }));
    // A fresh context: nothing from the first test's cache.
    const context = await app.browser.newContext({ viewport: DESKTOP_VIEWPORT });
    await context.addInitScript(AUDIO_PROBE);
    expect((await context.request.post(`${app.server.baseUrl}/api/login`, { data: { username: app.username, password: app.password } })).ok()).toBe(true);
    const { page } = await openLibrary(context);
    await page.getByRole('button', { name: `Play ${SONG.title}`, exact: true }).click();
    const audios = await eventually(() => audioOf(page), (states) => states.some((audio) => audio.error !== null), 'the audio element to fail', 20_000);
    expect(audios.every((audio) => audio.time === 0)).toBe(true);
    expect(await bucketAnswer(context, app.server.baseUrl)).toEqual({ redirect: 302, status: 206, allowOrigin: null });
    await context.close();
  });
});
