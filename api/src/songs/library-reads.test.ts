import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import sharp from 'sharp';
import { DATABASE_TARGETS, postgresAvailable, redisAvailable, TEST_REDIS_URL } from '../test-support/services-available.js';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js';
import { Topics, allUsersTopic, createPubSub, type AppPubSub } from '../pubsub/pubsub.js';
import { QueueService } from '../library/queue.service.js';
import { LikesService } from '../library/likes.service.js';
import { insertSong, insertUser } from '../library/test-fixtures.js';
import { PlaylistService } from '../playlists/playlist.service.js';
import { SongManagementService } from '../song-management/song-management.service.js';
import { LocalMediaStorage } from '../storage/local-storage.js';
import { ModerationService } from '../moderation/moderation.service.js';
import type { RegenerationService } from '../moderation/regeneration.service.js';
import type { GenerationUpdatedEvent } from '../generation/events.js';
import { User } from '../users/user.entity.js';
import { Song } from './song.entity.js';
import { SongCatalogueService, type SongPage } from './catalogue.service.js';
import { LIBRARY_READ_CACHE_MS, LibraryReads } from './library-reads.js';
import { until } from '../test-support/pubsub-events.js';

let users = 0;

/** A page as the kept-answers plugin gives it: from memory while the viewer's state holds, else read and kept. */
async function cachedPage(library: LibraryReads, viewer: User, key: string, read: () => Promise<SongPage>): Promise<SongPage> {
  const state = library.state(viewer.id);
  const kept = library.kept(viewer.id, state, key);
  if (kept !== null) return JSON.parse(kept) as SongPage;
  const json = JSON.stringify(await read());
  library.keep(viewer.id, state, key, json);
  return JSON.parse(json) as SongPage;
}

describe.each(DATABASE_TARGETS)('library pages from memory on %s PostgreSQL', (target) => {
  let db: TestDatabase;
  let mediaDir: string;
  const em = () => db.orm.em.fork() as EntityManager;
  const catalogue = new SongCatalogueService();
  beforeAll(async () => {
    db = await createTestDatabase(target);
    mediaDir = await mkdtemp(path.join(tmpdir(), 'songforge-library-reads-'));
  });
  afterAll(async () => {
    await db.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  /** The services of one API process that change songs, with its library cache started (as the server runs it). */
  function apiProcess(pubsub: AppPubSub) {
    const library = new LibraryReads(pubsub);
    const stop = library.start((e) => {
      throw e;
    });
    const queue = new QueueService(pubsub);
    const management = new SongManagementService(new LocalMediaStorage(mediaDir), queue, new PlaylistService(pubsub, queue), library);
    // Hiding a song never files a regeneration.
    const moderation = new ModerationService({} as RegenerationService, library);
    /** The viewer's first page (all they see, or only their own) as the cache answers it. */
    const page = async (viewer: User, mine = false): Promise<SongPage> =>
      cachedPage(library, viewer, `page ${mine}`, () => catalogue.songs(em(), viewer, { first: 50, mine }));
    return { library, stop, management, moderation, likes: new LikesService(queue.reads, library), page };
  }

  async function manager(tier: 'pro' | 'admin' = 'pro'): Promise<User> {
    const created = await insertUser(em(), `library-reads${++users}`);
    await em().nativeUpdate(User, { id: created.id }, { userTier: tier });
    return em().findOneOrFail(User, { id: created.id });
  }

  const titles = (page: SongPage) => page.songs.map((song) => song.title);

  it('answers an unchanged library from memory (others’ plays up to LIBRARY_READ_CACHE_MS old), and not while stopped', async () => {
    const pubsub = createPubSub(null);
    const { stop, page } = apiProcess(pubsub);
    const owner = await manager();
    try {
      const song = await insertSong(em(), { title: 'Played elsewhere', user: owner });
      expect((await page(owner, true)).songs[0]).toMatchObject({ id: song.id, playCount: 0 });
      await em().nativeUpdate(Song, { id: song.id }, { playCount: 5 });
      expect((await page(owner, true)).songs[0]).toMatchObject({ id: song.id, playCount: 0 });
    } finally {
      await stop();
    }
    expect((await page(owner, true)).songs[0]).toMatchObject({ title: 'Played elsewhere', playCount: 5 });
    await pubsub.close();
  });

  it('shows a rename, a new cover, publishing and deleting at once', async () => {
    const pubsub = createPubSub(null);
    const { stop, page, management } = apiProcess(pubsub);
    try {
      const [owner, listener] = [await manager(), await manager()];
      const song = await insertSong(em(), { title: 'Before', user: owner, isPublic: false });
      expect(titles(await page(owner, true))).toEqual(['Before']);
      expect(titles(await page(listener))).not.toContain('Before');

      await management.update(em(), owner, { id: song.id, title: 'After' });
      expect(titles(await page(owner, true))).toEqual(['After']);

      const image = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#336699' } }).png().toBuffer();
      const covered = await management.uploadCover(em(), owner, song.id, image);
      expect((await page(owner, true)).songs[0]?.coverUrl).toBe(covered.coverUrl);

      expect(titles(await page(listener))).not.toContain('After');

      await management.setVisibility(em(), owner, { songIds: [song.id], isPublic: true });
      expect(titles(await page(listener))[0]).toBe('After');

      await management.delete(em(), owner, { songIds: [song.id] });
      expect(titles(await page(owner, true))).toEqual([]);
      expect(titles(await page(listener))).not.toContain('After');
    } finally {
      await stop();
      await pubsub.close();
    }
  });

  it('shows the viewer’s own like at once, and a song a moderator hid leaves others’ pages', async () => {
    const pubsub = createPubSub(null);
    const { stop, page, likes, moderation } = apiProcess(pubsub);
    try {
      const [owner, listener, admin] = [await manager(), await manager(), await manager('admin')];
      const song = await insertSong(em(), { title: `Reported ${users}`, user: owner });
      expect((await page(listener)).songs[0]).toMatchObject({ id: song.id, isLiked: false, likeCount: 0 });
      await likes.like(em(), listener, { songId: song.id });
      expect((await page(listener)).songs[0]).toMatchObject({ id: song.id, isLiked: true, likeCount: 1 });

      const item = await moderation.report(em(), listener, { songId: song.id, reason: 'Offensive' });
      await moderation.review(em(), admin, item.id, { decision: 'hide' });
      expect(titles(await page(listener))).not.toContain(song.title);
      // Its owner still sees it.
      expect(titles(await page(owner, true))).toEqual([song.title]);
    } finally {
      await stop();
      await pubsub.close();
    }
  });

  it('shows a song generated in another process once its completed event arrives, and a change made by another API process', async () => {
    const pubsub = createPubSub(null);
    const here = apiProcess(pubsub);
    const elsewhere = apiProcess(pubsub);
    try {
      const owner = await manager();
      expect(titles(await here.page(owner, true))).toEqual([]);
      // The job runner commits the song, then announces the request completed.
      const song = await insertSong(em(), { title: 'Generated', user: owner });
      expect(titles(await here.page(owner, true))).toEqual([]);
      const event = { userId: owner.id, item: { status: 'completed' } } as GenerationUpdatedEvent;
      await pubsub.publish(allUsersTopic(Topics.generationUpdated), event);
      await until(async () => titles(await here.page(owner, true)).join() === 'Generated');

      await elsewhere.management.update(em(), owner, { id: song.id, title: 'Renamed elsewhere' });
      await until(async () => titles(await here.page(owner, true)).join() === 'Renamed elsewhere');
    } finally {
      await here.stop();
      await elsewhere.stop();
      await pubsub.close();
    }
  });
});

describe('library states', () => {
  it('hold for LIBRARY_READ_CACHE_MS, end with a change, and keep no answer read before one', async () => {
    const pubsub = createPubSub(null);
    const library = new LibraryReads(pubsub);
    const stop = library.start((e) => {
      throw e;
    });
    try {
      const state = library.state(1, 1_000);
      expect(library.state(1, 1_000 + LIBRARY_READ_CACHE_MS - 1)).toBe(state);
      expect(library.state(2, 1_000)).not.toBe(state);
      library.keep(1, state, 'page', '{"a":1}');
      expect(library.kept(1, state, 'page')).toBe('{"a":1}');

      library.likesChanged([1]);
      const afterLike = library.state(1);
      expect(afterLike).not.toBe(state);
      expect(library.kept(1, afterLike, 'page')).toBeNull();
      // An answer read at the state from before the like is not kept.
      library.keep(1, state, 'other page', '{"a":2}');
      expect(library.kept(1, state, 'other page')).toBeNull();

      await library.changed();
      const current = library.state(1);
      expect(current).not.toBe(afterLike);
      expect(library.state(1, Date.now() + LIBRARY_READ_CACHE_MS + 1)).not.toBe(current);
    } finally {
      await stop();
      await pubsub.close();
    }
  });
});

describe.runIf(postgresAvailable && redisAvailable)('library pages across two processes on one Redis', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await db.close();
  });

  it('drops a viewer’s pages when they like a song in the other process, and everyone’s when a song changes there', async () => {
    const pubsubs = [createPubSub(TEST_REDIS_URL), createPubSub(TEST_REDIS_URL)];
    const [first, second] = pubsubs.map((pubsub) => {
      const library = new LibraryReads(pubsub);
      return { library, stop: library.start((e) => {
        throw e;
      }), likes: new LikesService(new QueueService(pubsub).reads, library) };
    });
    const em = () => db.orm.em.fork() as EntityManager;
    const catalogue = new SongCatalogueService();
    const page = async (viewer: User): Promise<SongPage> =>
      cachedPage(first.library, viewer, 'page', () => catalogue.songs(em(), viewer, { first: 50 }));
    try {
      const viewer = await insertUser(em(), `library-reads-redis${++users}`);
      const song = await insertSong(em(), { title: 'Liked elsewhere' });
      expect((await page(viewer)).songs[0]).toMatchObject({ id: song.id, isLiked: false });
      await second.likes.like(em(), viewer, { songId: song.id });
      await until(async () => (await page(viewer)).songs[0]?.isLiked === true);

      await em().nativeUpdate(Song, { id: song.id }, { title: 'Renamed elsewhere' });
      await second.library.changed();
      await until(async () => (await page(viewer)).songs[0]?.title === 'Renamed elsewhere');
    } finally {
      await first.stop();
      await second.stop();
      for (const pubsub of pubsubs) await pubsub.close();
    }
  });
});
