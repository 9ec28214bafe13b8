import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DATABASE_TARGETS, postgresAvailable, redisAvailable, TEST_REDIS_URL } from '../test-support/services-available.js';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js';
import { createPubSub, Topics, type AppPubSub } from '../pubsub/pubsub.js';
import { QueueService } from './queue.service.js';
import { LikesService } from './likes.service.js';
import { insertSong, insertUser } from './test-fixtures.js';
import type { QueueView } from './queue.view.js';
import { QueueReadCache, type CachedQueue, type QueueSongRow } from './queue-read-cache.js';
import { DEFAULT_TUNING } from '../radio/tuning.js';
import { until } from '../test-support/pubsub-events.js';

let users = 0;
const titles = (q: QueueView) => [q.currentSong?.title ?? null, ...q.upcomingQueue.map((s) => s.title), ...q.playHistory.map((s) => s.title)];

/** A queue service that caches its reads (as the server runs it), its likes service and the stop function. */
function started(pubsub: AppPubSub) {
  const queue = new QueueService(pubsub);
  const stop = queue.reads.start((e) => {
    throw e;
  });
  return { queue, likes: new LikesService(queue.reads), stop };
}

describe.each(DATABASE_TARGETS)('queue read cache on %s PostgreSQL', (target) => {
  let db: TestDatabase;
  const em = () => db.orm.em.fork() as EntityManager;
  beforeAll(async () => {
    db = await createTestDatabase(target);
  });
  afterAll(async () => {
    await db.close();
  });

  async function listenerWithQueue(queue: QueueService) {
    const user = await insertUser(em(), `cached-queue${++users}`);
    const songs = [];
    for (let i = 0; i < 3; i++) songs.push(await insertSong(em(), { title: `Cached ${users}.${i}` }));
    await queue.playSongs(em(), user, { songIds: songs.map((s) => s.id) });
    return { user, songs };
  }

  it('answers an unchanged queue from memory, with counts up to QUEUE_READ_CACHE_MS old', async () => {
    const pubsub = createPubSub(null);
    const { queue, stop } = started(pubsub);
    try {
      const { user, songs } = await listenerWithQueue(queue);
      const first = await queue.getQueue(em(), user);
      // Another listener's play, which the cached read does not see yet.
      await em().execute('update songs set play_count = play_count + 5 where id = ?', [songs[1].id]);
      const second = await queue.getQueue(em(), user);
      expect(second.upcomingQueue[0]?.playCount).toBe(first.upcomingQueue[0]?.playCount);
      // Each read gets views of its own: a caller changing one cannot change the next answer.
      expect(second.upcomingQueue[0]).not.toBe(first.upcomingQueue[0]);
    } finally {
      await stop();
      await pubsub.close();
    }
  });

  it('answers a change made in this process at once, and one made in another as soon as its version event arrives', async () => {
    const pubsub = createPubSub(null);
    const { queue, stop } = started(pubsub);
    try {
      const { user, songs } = await listenerWithQueue(queue);
      expect(titles(await queue.getQueue(em(), user))).toEqual([songs[0].title, songs[1].title, songs[2].title]);
      await queue.nextSong(em(), user);
      expect(titles(await queue.getQueue(em(), user))).toEqual([songs[1].title, songs[2].title, songs[0].title]);
      // The other session's change goes through another service instance (another process would too).
      const elsewhere = new QueueService(pubsub);
      await elsewhere.nextSong(em(), user);
      await until(async () => titles(await queue.getQueue(em(), user)).join() === [songs[2].title, songs[1].title, songs[0].title].join());
    } finally {
      await stop();
      await pubsub.close();
    }
  });

  it('reads every cached queue again once a song change is announced (an owner renamed a queued song)', async () => {
    const pubsub = createPubSub(null);
    const { queue, stop } = started(pubsub);
    try {
      const { user, songs } = await listenerWithQueue(queue);
      await queue.getQueue(em(), user);
      await em().execute('update songs set title = ? where id = ?', ['Renamed by its owner', songs[1].id]);
      expect((await queue.getQueue(em(), user)).upcomingQueue[0]?.title).toBe(songs[1].title);
      // What LibraryReads.changed announces after an edit, in whichever process made it.
      await pubsub.publish(Topics.libraryChanged, {});
      await until(async () => (await queue.getQueue(em(), user)).upcomingQueue[0]?.title === 'Renamed by its owner');
    } finally {
      await stop();
      await pubsub.close();
    }
  });

  it('does not answer from memory a queue changed outside the service once it is pushed (songs deleted)', async () => {
    const pubsub = createPubSub(null);
    const { queue, stop } = started(pubsub);
    try {
      const { user, songs } = await listenerWithQueue(queue);
      expect((await queue.getQueue(em(), user)).version).toBeGreaterThan(0);
      const before = await queue.getQueue(em(), user);
      // As song deletion does: bump the versions in its transaction, then push the queues.
      await em().execute('delete from play_queue_entries where song_id = ?', [songs[2].id]);
      const owners = await queue.touchQueuesHolding(em(), [songs[0].id]);
      expect(owners).toEqual([user.id]);
      // Until the push the version this process learned holds (the read of a second ago).
      expect((await queue.getQueue(em(), user)).version).toBe(before.version);
      await queue.pushQueues(em(), owners);
      const after = await queue.getQueue(em(), user);
      expect(after.version).toBe(before.version + 1);
      expect(titles(after)).toEqual([songs[0].title, songs[1].title]);
    } finally {
      await stop();
      await pubsub.close();
    }
  });

  it('keeps whole answers with the cached queue until the queue or the viewer’s likes change', async () => {
    const pubsub = createPubSub(null);
    const { queue, likes, stop } = started(pubsub);
    try {
      const { user, songs } = await listenerWithQueue(queue);
      let builds = 0;
      const body = () => queue.queueAnswer(em, user.id, 'test', (view) => `${++builds}:${titles(view).join()}`);
      expect(await body()).toBe(`1:${songs.map((s) => s.title).join()}`);
      expect(await body()).toBe(`1:${songs.map((s) => s.title).join()}`);
      await queue.nextSong(em(), user);
      expect(await body()).toBe(`2:${[songs[1].title, songs[2].title, songs[0].title].join()}`);
      await likes.like(em(), user, { songId: songs[1].id });
      expect(await body()).toMatch(/^3:/);
      expect(await body()).toMatch(/^3:/);
    } finally {
      await stop();
      await pubsub.close();
    }
  });

  it('never answers the viewer’s likes from before a like', async () => {
    const pubsub = createPubSub(null);
    const { queue, likes, stop } = started(pubsub);
    try {
      const { user, songs } = await listenerWithQueue(queue);

      expect((await queue.getQueue(em(), user)).upcomingQueue[0]).toMatchObject({ isLiked: false, likeCount: 0 });
      await likes.like(em(), user, { songId: songs[1].id });
      expect((await queue.getQueue(em(), user)).upcomingQueue[0]).toMatchObject({ isLiked: true, likeCount: 1 });
      await likes.unlike(em(), user, { songId: songs[1].id });
      expect((await queue.getQueue(em(), user)).upcomingQueue[0]).toMatchObject({ isLiked: false, likeCount: 0 });
    } finally {
      await stop();
      await pubsub.close();
    }
  });

  it('does not cache without start (nothing would tell it of likes in other processes)', async () => {
    const pubsub = createPubSub(null);
    const queue = new QueueService(pubsub);
    const { user, songs } = await listenerWithQueue(queue);
    await queue.getQueue(em(), user);
    await em().execute('update songs set title = ? where id = ?', ['Renamed', songs[0].id]);
    expect((await queue.getQueue(em(), user)).currentSong?.title).toBe('Renamed');
    await pubsub.close();
  });
});

describe('answers kept with cached queues', () => {
  const queue = (version: number): CachedQueue => ({ head: { radioGenre: null, radioTuning: null, djActive: false, version }, songs: { current: null, upcoming: [], history: [], liked: new Set() } });

  it('answers only for the queue it was built from, within its size bound, oldest dropped first', async () => {
    const pubsub = createPubSub(null);
    const cache = new QueueReadCache(pubsub, 25);
    const stop = cache.start((e) => {
      throw e;
    });
    try {
      const [first, second, third] = [queue(1), queue(1), queue(2)];
      cache.keepAnswer(1, first, 'rest', 'a'.repeat(10));
      expect(cache.keptAnswer(1, first, 'rest')).toBe('a'.repeat(10));
      // Another read of the same user (a newer queue) or another key finds nothing.
      expect(cache.keptAnswer(1, third, 'rest')).toBeNull();
      expect(cache.keptAnswer(1, first, 'graphql')).toBeNull();
      cache.keepAnswer(2, second, 'rest', 'b'.repeat(10));
      cache.keepAnswer(3, third, 'rest', 'c'.repeat(10));
      expect([cache.keptAnswer(1, first, 'rest'), cache.keptAnswer(2, second, 'rest'), cache.keptAnswer(3, third, 'rest')]).toEqual([null, 'b'.repeat(10), 'c'.repeat(10)]);
      // Replacing an answer frees its room.
      cache.keepAnswer(2, second, 'rest', 'd'.repeat(10));
      expect(cache.keptAnswer(3, third, 'rest')).toBe('c'.repeat(10));
    } finally {
      await stop();
      await pubsub.close();
    }
  });

  it('answers for a queue read again that shows the same, not for one whose songs or likes moved', async () => {
    const pubsub = createPubSub(null);
    const cache = new QueueReadCache(pubsub);
    const stop = cache.start((e) => {
      throw e;
    });
    // Rows as two reads of the database give them: equal fields, distinct objects.
    const row = (playCount: number) => ({ id: '7', title: 'Kept', playCount, likeCount: 1, createdAt: '2026-11-29T00:00:00Z' }) as unknown as QueueSongRow;
    const read = (playCount: number, liked: string[] = ['7']): CachedQueue => ({
      head: { radioGenre: 'jazz', radioTuning: null, djActive: false, version: 3 },
      songs: { current: row(playCount), upcoming: [row(playCount)], history: [], liked: new Set(liked) },
    });
    try {
      const first = read(5);
      cache.keepAnswer(1, first, 'graphql', '{"kept":1}');
      const again = read(5);
      expect(cache.keptAnswer(1, again, 'graphql')).toBe('{"kept":1}');
      // The answer now goes with the newer read (the older one may be forgotten).
      expect(cache.keptAnswer(1, read(5), 'graphql')).toBe('{"kept":1}');
      expect(cache.keptAnswer(1, read(6), 'graphql')).toBeNull();
      expect(cache.keptAnswer(1, read(5, []), 'graphql')).toBeNull();
      expect(cache.keptAnswer(1, { ...read(5), head: { ...read(5).head!, version: 4 } }, 'graphql')).toBeNull();
      expect(cache.keptAnswer(1, { ...read(5), head: { ...read(5).head!, radioTuning: { ...DEFAULT_TUNING } } }, 'graphql')).toBeNull();
    } finally {
      await stop();
      await pubsub.close();
    }
  });

  it('keeps nothing while not started', () => {
    const cache = new QueueReadCache(createPubSub(null));
    const read = queue(1);
    cache.keepAnswer(1, read, 'rest', '{}');
    expect(cache.keptAnswer(1, read, 'rest')).toBeNull();
  });
});

describe.runIf(postgresAvailable && redisAvailable)('queue read cache across two processes on one Redis', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await db.close();
  });

  it('drops a queue read when its user likes a song in the other process', async () => {
    const pubsubs = [createPubSub(TEST_REDIS_URL), createPubSub(TEST_REDIS_URL)];
    const [first, second] = pubsubs.map(started);
    try {
      const em = () => db.orm.em.fork() as EntityManager;
      const user = await insertUser(em(), `cached-queue${++users}`);
      const song = await insertSong(em(), { title: 'Liked elsewhere' });
      await first.queue.playSong(em(), user, { id: song.id });
      expect((await first.queue.getQueue(em(), user)).currentSong?.isLiked).toBe(false);
      await second.likes.like(em(), user, { songId: song.id });
      await until(async () => (await first.queue.getQueue(em(), user)).currentSong?.isLiked === true);
    } finally {
      await first.stop();
      await second.stop();
      for (const pubsub of pubsubs) await pubsub.close();
    }
  });
});
