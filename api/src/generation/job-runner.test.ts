import { mkdtempSync, rmSync, existsSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js';
import { createMusicProvider, type MusicProvider } from '../music/index.js';
import { createPubSub } from '../pubsub/pubsub.js';
import { allUsersTopic, Topics } from '../pubsub/pubsub.js';
import { createLogger } from '../app/logger.js';
import { User } from '../users/user.entity.js';
import { Song } from '../songs/song.entity.js';
import { GeneratedMusic } from './generated-music.entity.js';
import { GeneratedLyrics } from './generated-lyrics.entity.js';
import { GenerationRequest } from './generation-request.entity.js';
import { GenerationEvents, type GenerationUpdatedEvent } from './events.js';
import { GenerationJobRunner, type IntermediateData } from './job-runner.js';
import { EmbeddedGenerationQueue } from './embedded-queue.js';
import { GenerationUsage } from '../usage/generation-usage.entity.js';
import { LocalMediaStorage } from '../storage/local-storage.js';
import { LocalSongStreams } from './song-stream.js';

type Step = 'plan' | 'writeLyrics' | 'compose' | 'render' | 'master' | 'encodeStream' | 'analyse' | 'paintCover';

/** The real engine, counting calls per step and failing the first call of one step. */
function countingProvider(failOnce: Step | null): { provider: MusicProvider; calls: Record<Step, number> } {
  const engine = createMusicProvider();
  const calls = { plan: 0, writeLyrics: 0, compose: 0, render: 0, master: 0, encodeStream: 0, analyse: 0, paintCover: 0 } as Record<Step, number>;
  let failed = false;
  const wrap = <K extends Step>(step: K) =>
    ((...args: unknown[]) => {
      calls[step] += 1;
      if (step === failOnce && !failed) {
        failed = true;
        throw new Error(`${step} ran out of memory`);
      }
      return (engine[step] as (...a: unknown[]) => unknown).apply(engine, args);
    }) as MusicProvider[K];
  const provider: MusicProvider = {
    id: 'counting',
    plan: wrap('plan'),
    writeLyrics: wrap('writeLyrics'),
    compose: wrap('compose'),
    render: wrap('render'),
    master: wrap('master'),
    encode: (...args) => engine.encode(...args),
    encodeStream: wrap('encodeStream'),
    analyse: wrap('analyse'),
    paintCover: wrap('paintCover'),
    generate: (...args) => engine.generate(...args),
  };
  return { provider, calls };
}

describe('generation job runner', () => {
  let db: TestDatabase;
  let dataDir: string;
  const coverBytes = (...urls: Array<string | null>) =>
    urls.reduce((sum, url) => sum + (url?.startsWith('/media/') ? statSync(path.join(dataDir, 'media', url.slice('/media/'.length))).size : 0), 0);
  beforeAll(async () => {
    db = await createTestDatabase('embedded');
    dataDir = mkdtempSync(path.join(tmpdir(), 'songforge-runner-'));
  });
  afterAll(async () => {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function makeRequest(settings: Record<string, unknown>): Promise<number> {
    const em = db.orm.em.fork();
    const user = em.create(User, { username: `runner${Date.now()}` });
    const request = em.create(GenerationRequest, { user, prompt: String(settings.prompt), genres: [], moods: [], settings, intermediateData: null });
    await em.flush();
    return request.id;
  }

  it('records the failed step, retries with backoff and resumes there without redoing earlier steps', async () => {
    const { provider, calls } = countingProvider('encodeStream');
    const pubsub = createPubSub(null);
    const events: GenerationUpdatedEvent[] = [];
    const iterator = pubsub.subscribe(allUsersTopic(Topics.generationUpdated))[Symbol.asyncIterator]();
    const pump = (async () => {
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        events.push(next.value as GenerationUpdatedEvent);
      }
    })();
    const runner = new GenerationJobRunner({ orm: db.orm, provider, events: new GenerationEvents(pubsub), dataDir, storage: new LocalMediaStorage(path.join(dataDir, 'media')), streams: new LocalSongStreams(), retryDelayMs: 60_000, logger: createLogger('silent') });
    const id = await makeRequest({ prompt: 'late night jazz trio', genres: ['jazz'], moods: ['romantic'], generateLyrics: true, generateAlbumArt: true, durationSeconds: 30, seed: 5, lyrics: null, title: null });

    const first = await runner.run(id);
    expect(first).toEqual({ kind: 'retry', delayMs: 60_000 });
    const em = db.orm.em.fork();
    const failed = await em.findOneOrFail(GenerationRequest, id);
    expect(failed).toMatchObject({ status: 'pending', failedAtStep: 'encode', retryCount: 1, error: 'Encoding failed: encodeStream ran out of memory' });
    expect(failed.runAfter.getTime()).toBeGreaterThan(Date.now() + 50_000);
    const done = failed.intermediateData as IntermediateData;
    expect(Object.keys(done).sort()).toEqual(['compose', 'lyrics', 'master', 'plan', 'render']);
    for (const file of ['plan.json', 'lyrics.json', 'composition.json', 'rendered.f32', 'mastered.f32']) expect(existsSync(path.join(dataDir, 'work', String(id), file))).toBe(true);

    // The embedded queue does not claim it before its backoff ends.
    const queue = new EmbeddedGenerationQueue(db.orm, createLogger('silent'));
    expect(await queue.claim()).toBeNull();
    await em.nativeUpdate(GenerationRequest, { id }, { runAfter: new Date(Date.now() - 1000) });
    expect(await queue.claim()).toBe(id);

    const second = await runner.run(id);
    expect(second).toMatchObject({ kind: 'completed' });
    expect(calls).toMatchObject({ plan: 1, writeLyrics: 1, compose: 1, render: 1, master: 1, encodeStream: 2, paintCover: 1 });

    const completed = await db.orm.em.fork().findOneOrFail(GenerationRequest, id, { populate: ['song'] });
    expect(completed).toMatchObject({ status: 'completed', percentage: 100, error: null, failedAtStep: 'encode', retryCount: 1 });
    const song = await db.orm.em.fork().findOneOrFail(Song, completed.song!.id, { populate: ['analysis'] });
    expect(song).toMatchObject({ genre: 'jazz', audioUrl: `/media/songs/${song.id}.mp3`, musicalKey: expect.stringMatching(/ /) });
    expect(song.lrc).toMatch(/^\[\d\d:\d\d\.\d\d\]/);
    expect(song.analysis?.durationSeconds).toBeGreaterThan(29);
    expect(existsSync(path.join(dataDir, 'media', 'songs', `${song.id}.mp3`))).toBe(true);
    expect(await db.orm.em.fork().count(GeneratedMusic, { request: id })).toBe(1);
    expect(await db.orm.em.fork().count(GeneratedLyrics, { request: id, status: 'completed' })).toBe(1);
    // Intermediate outputs are removed once the song is saved.
    expect(existsSync(path.join(dataDir, 'work', String(id)))).toBe(false);
    // Usage: CPU per step over both runs, the song's length and media bytes, timings and retries.
    const usage = await db.orm.em.fork().findOneOrFail(GenerationUsage, { requestId: id });
    expect(Object.keys(usage.stageCpuSeconds).sort()).toEqual(['art', 'compose', 'encode', 'lyrics', 'master', 'plan', 'render']);
    expect(usage.stageCpuSeconds.render).toBeGreaterThan(0);
    expect(usage.cpuSeconds).toBeCloseTo(Object.values(usage.stageCpuSeconds).reduce((a, b) => a + b, 0), 6);
    expect(usage).toMatchObject({ songId: song.id, genre: 'jazz', retries: 1, audioSeconds: song.analysis!.durationSeconds });
    expect(usage.storageBytes).toBe(statSync(path.join(dataDir, 'media', 'songs', `${song.id}.mp3`)).size + coverBytes(song.coverUrl, song.thumbnailUrl));
    expect(usage.wallSeconds).toBeGreaterThan(0);
    expect(usage.queueWaitSeconds).toBeGreaterThanOrEqual(0);

    const mine = events.filter((e) => e.item.requestId === String(id));
    expect(mine.map((e) => e.item.progress.stage)).toEqual([
      'Understanding prompt', 'Writing lyrics', 'Composing', 'Rendering audio', 'Mastering', 'Encoding', 'Encoding',
      // second run: only the failed step and the ones after it
      'Encoding', 'Painting cover art', 'Saving', 'Saving',
    ]);
    expect(mine.map((e) => e.item.status)).toEqual(['processing', 'processing', 'generating', 'generating', 'generating', 'generating', 'pending', 'generating', 'generating', 'generating', 'completed']);
    await iterator.return?.();
    await pump;
    await pubsub.close();
  });

  it('re-queues requests a dead process left running, keeping their finished steps', async () => {
    const id = await makeRequest({ prompt: 'interrupted', genres: ['house'], moods: [], generateLyrics: false, generateAlbumArt: false, durationSeconds: 30, seed: 4 });
    const em = db.orm.em.fork();
    await em.nativeUpdate(GenerationRequest, { id }, { status: 'generating', stage: 'Rendering audio', percentage: 10, intermediateData: { plan: { file: 'plan.json' } } });
    const queue = new EmbeddedGenerationQueue(db.orm, createLogger('silent'));
    expect(await queue.claim()).toBeNull();
    expect(await queue.requeueUnfinished()).toContain(id);
    expect(await db.orm.em.fork().findOneOrFail(GenerationRequest, id)).toMatchObject({ status: 'pending', percentage: 10, intermediateData: { plan: { file: 'plan.json' } } });
    expect(await queue.claim()).toBe(id);
  });

  it('claims again at once, without sleeping, when a request was enqueued while its claim was under way', async () => {
    const queue = new EmbeddedGenerationQueue(db.orm, createLogger('silent'));
    const happened: string[] = [];
    let secondClaim!: () => void;
    const claimedTwice = new Promise<void>((resolve) => (secondClaim = resolve));
    queue.claim = async () => {
      happened.push('claim');
      // The request is committed after this claim's select: it found nothing, but enqueue() has woken the loops.
      if (happened.length === 1) await queue.enqueue();
      else secondClaim();
      return null;
    };
    const sleeper = queue as unknown as { sleep: () => Promise<void> };
    const sleep = sleeper.sleep.bind(queue);
    sleeper.sleep = () => {
      happened.push('sleep');
      return sleep();
    };
    await queue.startWorkers({} as GenerationJobRunner, 1);
    await claimedTwice;
    await queue.close();
    expect(happened.slice(0, 2)).toEqual(['claim', 'claim']);
  });

  it('leaves a request whose step broke because the process is stopping active, with no failure recorded', async () => {
    const { provider, calls } = countingProvider(null);
    const runner = new GenerationJobRunner({ orm: db.orm, provider, events: new GenerationEvents(createPubSub(null)), dataDir, storage: new LocalMediaStorage(path.join(dataDir, 'media')), streams: new LocalSongStreams(), retryDelayMs: 0, logger: createLogger('silent') });
    const id = await makeRequest({ prompt: 'shutdown mid-render', genres: ['house'], moods: [], generateLyrics: false, generateAlbumArt: false, durationSeconds: 30, seed: 6 });
    const shutdown = new AbortController();
    // What closing the process does to a render in flight: the signal fires and the engine's workers go away.
    provider.render = async () => {
      shutdown.abort();
      throw new Error('Engine worker exited with code 1');
    };
    expect(await runner.run(id, shutdown.signal)).toEqual({ kind: 'interrupted' });
    expect(calls.compose).toBe(1);
    const row = await db.orm.em.fork().findOneOrFail(GenerationRequest, id);
    expect(row).toMatchObject({ status: 'generating', retryCount: 0, error: null, failedAtStep: null });
    expect(Object.keys(row.intermediateData as IntermediateData).sort()).toEqual(['compose', 'lyrics', 'plan']);
  });

  it('fails at once, without retries, on input the engine rejects', async () => {
    const { provider } = countingProvider(null);
    const runner = new GenerationJobRunner({ orm: db.orm, provider, events: new GenerationEvents(createPubSub(null)), dataDir, storage: new LocalMediaStorage(path.join(dataDir, 'media')), streams: new LocalSongStreams(), retryDelayMs: 0, logger: createLogger('silent') });
    const id = await makeRequest({ prompt: 'x', genres: ['no-such-genre'], moods: [], generateLyrics: false, generateAlbumArt: false, durationSeconds: 30, seed: 1 });
    expect(await runner.run(id)).toEqual({ kind: 'failed' });
    const row = await db.orm.em.fork().findOneOrFail(GenerationRequest, id);
    expect(row).toMatchObject({ status: 'failed', failedAtStep: 'plan', retryCount: 0 });
    expect(row.error).toMatch(/no-such-genre/);
    expect(row.completedAt).toBeInstanceOf(Date);
  });

  it('stops a cancelled request before its next step', async () => {
    const { provider, calls } = countingProvider(null);
    const runner = new GenerationJobRunner({ orm: db.orm, provider, events: new GenerationEvents(createPubSub(null)), dataDir, storage: new LocalMediaStorage(path.join(dataDir, 'media')), streams: new LocalSongStreams(), retryDelayMs: 0, logger: createLogger('silent') });
    const id = await makeRequest({ prompt: 'ambient drift', genres: ['ambient'], moods: [], generateLyrics: false, generateAlbumArt: false, durationSeconds: 30, seed: 2 });
    const original = provider.compose;
    provider.compose = (...args) => {
      void db.orm.em.fork().nativeUpdate(GenerationRequest, { id }, { status: 'failed', error: 'Cancelled' });
      return original(...args);
    };
    expect(await runner.run(id)).toEqual({ kind: 'cancelled' });
    expect(calls.render).toBe(0);
    expect(await db.orm.em.fork().findOneOrFail(GenerationRequest, id)).toMatchObject({ status: 'failed', error: 'Cancelled' });
  });
});
