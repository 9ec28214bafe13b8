import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { redisAvailable, TEST_REDIS_URL } from '../test-support/services-available.js';
import { LocalSongStreams, RedisSongStreams, type SongStreams } from './song-stream.js';

/** Listens to `requestId` in the background; `received` fills as chunks arrive, `ended` resolves when the listen ends. */
function listener(streams: SongStreams, requestId: number, stillGenerating = async () => true) {
  const received: number[] = [];
  const abort = new AbortController();
  const ended = (async () => {
    for await (const bytes of streams.listen(requestId, { stillGenerating, signal: abort.signal })) received.push(...bytes);
  })();
  return { received, ended, abort: () => abort.abort() };
}

const eventually = (check: () => void) => expect.poll(() => (check(), true), { timeout: 5000, interval: 10 }).toBe(true);

function behavesAsASongStream(name: string, make: () => SongStreams) {
  describe(name, () => {
    it('hands a listener waiting since before the encode each chunk as it comes, then ends with the stream', async () => {
      const streams = make();
      const early = listener(streams, 1);
      const writer = await streams.open(1);
      writer.append(new Uint8Array([1, 2]));
      await eventually(() => expect(early.received).toEqual([1, 2]));
      writer.append(new Uint8Array([3]));
      await writer.complete();
      await early.ended;
      expect(early.received).toEqual([1, 2, 3]);
      // Arriving after the end (the song not yet saved): the whole stream at once.
      const late = listener(streams, 1);
      await late.ended;
      expect(late.received).toEqual([1, 2, 3]);
    });

    it('ends the listeners of a run a retried encode replaces, and of an abandoned one', async () => {
      const streams = make();
      const first = await streams.open(2);
      first.append(new Uint8Array([9]));
      const old = listener(streams, 2);
      await eventually(() => expect(old.received).toEqual([9]));
      const second = await streams.open(2);
      await old.ended;
      const current = listener(streams, 2);
      second.append(new Uint8Array([4]));
      await eventually(() => expect(current.received).toEqual([4]));
      await second.abandon();
      await current.ended;
      expect(current.received).toEqual([4]);
    });

    it('answers nothing when the request stops being generated without a stream, and stops when the listener leaves', async () => {
      const streams = make();
      let generating = true;
      const waiting = listener(streams, 3, async () => generating);
      generating = false;
      await waiting.ended;
      expect(waiting.received).toEqual([]);

      const leaving = listener(streams, 4);
      (await streams.open(4)).append(new Uint8Array([7]));
      await eventually(() => expect(leaving.received).toEqual([7]));
      leaving.abort();
      await leaving.ended;
    });
  });
}

behavesAsASongStream('song stream in one process', () => new LocalSongStreams());

describe.runIf(redisAvailable)('song stream through Redis', () => {
  const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
  const namespace = `test-${randomUUID()}`;
  afterAll(async () => {
    const keys = await redis.keys(`songforge:${namespace}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  behavesAsASongStream('writer and listeners on their own connections', () => new RedisSongStreams(redis, namespace));

  it('keeps installations sharing a Redis apart, and lets a finished stream expire', async () => {
    const other = new RedisSongStreams(redis, `${namespace}-other`);
    const writer = await new RedisSongStreams(redis, namespace).open(5);
    writer.append(new Uint8Array([1]));
    await writer.complete();
    const elsewhere = listener(other, 5, async () => false);
    await elsewhere.ended;
    expect(elsewhere.received).toEqual([]);
    const ttl = await redis.ttl(`songforge:${namespace}:stream:5`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(600);
  });
});
