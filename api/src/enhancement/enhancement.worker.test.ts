/**
 * An enhancement batch survives a generation worker killed in the middle of a song: the song's job
 * is a BullMQ job of the generation queue, its lock lapses, and another `npm run worker` process
 * redoes the song and finishes the batch.
 */
import type { ChildProcess } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import supertest from 'supertest';
import type { EntityManager } from '@mikro-orm/postgresql';
import { postgresAvailable, redisAvailable, TEST_REDIS_URL } from '../test-support/services-available.js';
import { startTestApp } from '../test-support/test-app.js';
import { exited, startWorker, stopWorkers, workerEnv } from '../test-support/worker-process.js';
import { cookiePair } from '../test-support/ws-client.js';
import { insertSong } from '../library/test-fixtures.js';
import { Song } from '../songs/song.entity.js';
import { EnhancementItem } from './enhancement-item.entity.js';

describe.runIf(redisAvailable && postgresAvailable)('enhancement jobs on the generation workers (BullMQ)', () => {
  it('a worker killed in the middle of a song: another worker redoes it and the batch finishes', { timeout: 300_000 }, async () => {
    const t = await startTestApp({ target: 'postgres', redisUrl: TEST_REDIS_URL, config: { workerConcurrency: 0, seed: false, demoCatalogue: false, jobLockMs: 2000 } });
    const env = workerEnv(t);
    const workers: ChildProcess[] = [];
    try {
      const register = await supertest(t.baseUrl).post('/api/register').send({ username: 'batchadmin', password: 'password1' });
      const cookie = cookiePair(register.headers['set-cookie']);
      const em = () => t.app.database.orm.em.fork() as EntityManager;
      // An instrumental of the engine's: adding lyrics makes it again with a sung part (a full render: time to kill the worker).
      const song = await insertSong(em(), { title: 'Warehouse' });
      await em().nativeUpdate(Song, { id: song.id }, { settings: { prompt: 'driving techno in a warehouse', genres: ['techno'], moods: [], generateLyrics: false, generateAlbumArt: false, durationSeconds: 30, seed: 3 } });

      const first = startWorker(env);
      workers.push(first.process);
      await expect.poll(() => first.output(), { timeout: 150_000, interval: 200 }).toContain('Generation worker ready'); // tsx compiles the worker on start: slow on a loaded machine
      const created = await supertest(t.baseUrl)
        .post('/graphql')
        .set('cookie', cookie)
        .send({ query: 'mutation ($song: ID!) { createEnhancementBatch(input: { operations: ["lyrics"], songIds: [$song] }) { id } }', variables: { song: song.id } });
      expect(created.body.errors).toBeUndefined();
      const item = async () => em().findOneOrFail(EnhancementItem, { song: song.id });

      await expect.poll(async () => (await item()).status, { timeout: 60_000, interval: 100 }).toBe('processing');
      first.process.kill('SIGKILL');
      await exited(first.process);
      expect((await item()).status).toBe('processing');

      const second = startWorker(env);
      workers.push(second.process);
      await expect.poll(async () => (await item()).status, { timeout: 180_000, interval: 250 }).toBe('completed');
      const done = await item();
      expect(done.notes?.[0]).toMatch(/^Lyrics: written and sung/);
      const enhanced = await em().findOneOrFail(Song, { id: song.id });
      expect(enhanced.lyrics).toBeTruthy();
      expect(enhanced.audioUrl).toBe(`/media/songs/${song.id}-e${done.id}.mp3`);
      const audio = await supertest(t.baseUrl).get(enhanced.audioUrl!);
      expect(audio.status).toBe(200);
    } finally {
      await stopWorkers(workers);
      await t.close();
    }
  });
});
