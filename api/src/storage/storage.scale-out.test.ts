import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import supertest from 'supertest';
import { postgresAvailable, redisAvailable, TEST_REDIS_URL } from '../test-support/services-available.js';
import { startTestApp, signUpMember } from '../test-support/test-app.js';
import { startWorker, stopWorkers, workerEnv } from '../test-support/worker-process.js';
import { startLocalS3 } from '../test-support/s3-server.js';
import { GenerationRequest } from '../generation/generation-request.entity.js';
import { Song } from '../songs/song.entity.js';
import { parseMp3Frames } from '../music/encode/mp3-frames.js';

const bytesOf = (res: supertest.Response, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  const stream = res as unknown as NodeJS.ReadableStream;
  stream.on('data', (c: Buffer) => chunks.push(c));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
};

describe.runIf(redisAvailable && postgresAvailable)('an API and a worker on different machines, sharing only PostgreSQL, Redis and a bucket', () => {
  it('generates a song on the worker, streams it through the API while it is encoded (via Redis) and after it from S3', async () => {
    const s3 = await startLocalS3();
    const t = await startTestApp({ target: 'postgres', redisUrl: TEST_REDIS_URL, config: { storage: s3.storage, workerConcurrency: 0, seed: false, demoCatalogue: false } });
    // The worker's own data folder: nothing on disk is shared with the API.
    const workerDataDir = mkdtempSync(path.join(tmpdir(), 'songforge-worker-'));
    const workers: ChildProcess[] = [];
    try {
      const worker = startWorker({ ...workerEnv(t), ...s3.env, DATA_DIR: workerDataDir, MEDIA_DIR: path.join(workerDataDir, 'media') });
      workers.push(worker.process);
      const owner = await signUpMember(t, 'scaleout');
      await expect.poll(() => worker.output(), { timeout: 60_000, interval: 200 }).toContain('Generation worker ready');
      const created = await supertest(t.baseUrl)
        .post('/api/generations')
        .set('cookie', owner.cookie)
        .send({ prompt: 'a short calm piano piece', genres: ['lo-fi'], durationSeconds: 30, generateAlbumArt: true, seed: 5 });
      expect(created.status).toBe(201);
      // What the player does at once: the API answers the stream from the chunks the worker puts in Redis.
      const listening = fetch(`${t.baseUrl}/api/generations/${created.body.id}/stream`, { headers: { cookie: owner.cookie }, redirect: 'manual' }).then(async (res) => ({
        status: res.status,
        type: res.headers.get('content-type'),
        bytes: new Uint8Array(await res.arrayBuffer()),
      }));
      const em = () => t.app.database.orm.em.fork();
      await expect.poll(async () => (await em().findOneOrFail(GenerationRequest, Number(created.body.id))).status, { timeout: 120_000, interval: 250 }).toBe('completed');
      const { song } = await em().findOneOrFail(GenerationRequest, Number(created.body.id), { populate: ['song'] });
      const row = await em().findOneOrFail(Song, { id: song!.id });
      await em().nativeUpdate(Song, { id: row.id }, { isPublic: false });

      // The bytes are in the bucket, not in either process's folder.
      const stored = await t.app.services.media.storage.read(`songs/${row.id}.mp3`);
      expect(stored!.length).toBeGreaterThan(10_000);
      for (const dir of [t.config.mediaDir, path.join(workerDataDir, 'media')]) expect(existsSync(path.join(dir, 'songs', `${row.id}.mp3`)), dir).toBe(false);
      // The streamed song is the stored file's frames without its VBR header frame.
      const streamed = await listening;
      expect(streamed).toMatchObject({ status: 200, type: 'audio/mpeg' });
      expect(parseMp3Frames(streamed.bytes).length).toBeGreaterThan(1000);
      expect(Buffer.from(stored!.subarray(stored!.length - streamed.bytes.length)).equals(Buffer.from(streamed.bytes))).toBe(true);

      const whole = await supertest(t.baseUrl).get(row.audioUrl!).set('cookie', owner.cookie).buffer(true).parse(bytesOf);
      expect(whole.status).toBe(200);
      expect(whole.headers['content-type']).toBe('audio/mpeg');
      expect((whole.body as Buffer).equals(stored!)).toBe(true);
      const part = await supertest(t.baseUrl).get(row.audioUrl!).set('cookie', owner.cookie).set('Range', 'bytes=1000-4999').buffer(true).parse(bytesOf);
      expect(part.status).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 1000-4999/${stored!.length}`);
      expect((part.body as Buffer).equals(stored!.subarray(1000, 5000))).toBe(true);
      expect((await supertest(t.baseUrl).get(row.audioUrl!).set('If-None-Match', whole.headers.etag!).set('cookie', owner.cookie)).status).toBe(304);
      expect((await supertest(t.baseUrl).get(row.thumbnailUrl!).set('cookie', owner.cookie)).headers['content-type']).toBe('image/png');
      // Private now: nobody else gets it, from the API or by guessing.
      expect((await supertest(t.baseUrl).get(row.audioUrl!)).status).toBe(404);

      // A second API replica answering with presigned URLs: the same check, then a redirect into the bucket.
      const replica = await startTestApp({ target: 'postgres', redisUrl: TEST_REDIS_URL, database: t.database, config: { storage: s3.storage, mediaUrls: 'presigned', mediaUrlTtlSeconds: 60 } });
      try {
        expect((await supertest(replica.baseUrl).get(row.audioUrl!)).status).toBe(404);
        const redirect = await supertest(replica.baseUrl).get(row.audioUrl!).set('cookie', owner.cookie);
        expect(redirect.status).toBe(302);
        expect(redirect.headers['cache-control']).toBe('no-store');
        expect(redirect.headers.location).toMatch(new RegExp(`^${s3.endpoint}/.+X-Amz-Expires=60`));
        const direct = await fetch(redirect.headers.location!);
        expect(Buffer.from(await direct.arrayBuffer()).equals(stored!)).toBe(true);
        // The page may load media from the bucket's address.
        expect(redirect.headers['content-security-policy']).toContain(`media-src 'self' blob: ${s3.endpoint}`);
      } finally {
        await replica.close();
      }
    } finally {
      await stopWorkers(workers);
      await t.close();
      await s3.close();
      rmSync(workerDataDir, { recursive: true, force: true });
    }
    // 39 s on the loaded 2-core machine; the bound leaves room for a slower CI run.
  }, 180_000);
});
