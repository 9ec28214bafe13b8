import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DATABASE_TARGETS } from '../test-support/services-available.js';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js';
import { createPubSub, Topics, userTopic, type AppPubSub } from '../pubsub/pubsub.js';
import { expectAppError } from '../test-support/app-errors.js';
import { recordEvents } from '../test-support/pubsub-events.js';
import { Song } from '../songs/song.entity.js';
import { RadioStation } from '../radio/radio-station.entity.js';
import type { User } from '../users/user.entity.js';
import { MAX_UPCOMING, QueueService, REPEATED_AUTO_ADVANCE_WINDOW_MS, type QueueChangedEvent } from './queue.service.js';
import { PlayQueueEntry } from './play-queue-entry.entity.js';
import type { QueueView } from './queue.view.js';
import { insertSong, insertUser } from './test-fixtures.js';

const titles = (songs: Array<{ title: string }>) => songs.map((s) => s.title);
const shape = (q: QueueView) => ({ current: q.currentSong?.title ?? null, upcoming: titles(q.upcomingQueue), history: titles(q.playHistory) });


describe.each(DATABASE_TARGETS)('queue service on %s PostgreSQL', (target) => {
  let db: TestDatabase;
  let pubsub: AppPubSub;
  let queue: QueueService;
  let userCount = 0;

  beforeAll(async () => {
    db = await createTestDatabase(target);
    pubsub = createPubSub(null);
    queue = new QueueService(pubsub);
  });
  afterAll(async () => {
    await pubsub.close();
    await db.close();
  });

  const em = () => db.orm.em.fork() as EntityManager;

  /** A fresh listener with songs A..E (public, genre-less) so each test starts from an empty queue. */
  async function listener(songCount = 5): Promise<{ user: User; songs: Song[] }> {
    const setup = em();
    userCount += 1;
    const user = await insertUser(setup, `listener${userCount}`);
    const songs: Song[] = [];
    for (let i = 0; i < songCount; i += 1) songs.push(await insertSong(setup, { title: `${String.fromCharCode(65 + i)}${userCount}` }));
    return { user, songs };
  }
  /** As if the current song had played for a minute since the last move. */
  const backdateHistory = (user: User) =>
    em().execute(`update "play_history" set "played_at" = now() - interval '${REPEATED_AUTO_ADVANCE_WINDOW_MS + 60_000} milliseconds' where "user_id" = ?`, [user.id]);
  const playCount = async (song: Song) => (await em().findOneOrFail(Song, { id: song.id })).playCount;
  const names = (songs: Song[], ...indexes: number[]) => indexes.map((i) => songs[i].title);

  it('starts empty and plays a song now, counting the play and keeping the one before in history', async () => {
    const { user, songs } = await listener();
    expect(shape(await queue.getQueue(em(), user))).toEqual({ current: null, upcoming: [], history: [] });
    const first = await queue.playSong(em(), user, { id: songs[0].id });
    expect(first.changed).toBe(true);
    expect(shape(first.queue)).toEqual({ current: songs[0].title, upcoming: [], history: [] });
    const second = await queue.playSong(em(), user, { id: songs[1].id });
    expect(shape(second.queue)).toEqual({ current: songs[1].title, upcoming: [], history: names(songs, 0) });
    expect(second.queue.version).toBe(first.queue.version + 1);
    expect(await playCount(songs[0])).toBe(1);
    expect(await playCount(songs[1])).toBe(1);
    // The stored queue reads back the same from another device.
    expect(shape(await queue.getQueue(em(), user))).toEqual(shape(second.queue));
  });

  it('enqueues, plays next, moves, removes and clears upcoming songs in order', async () => {
    const { user, songs } = await listener();
    await queue.playSong(em(), user, { id: songs[0].id });
    await queue.enqueue(em(), user, { songId: songs[1].id });
    await queue.enqueue(em(), user, { songId: songs[2].id });
    let q = (await queue.playNext(em(), user, { songId: songs[3].id })).queue;
    expect(shape(q).upcoming).toEqual(names(songs, 3, 1, 2));
    q = (await queue.moveInQueue(em(), user, { from: 0, to: 2 })).queue;
    expect(shape(q).upcoming).toEqual(names(songs, 1, 2, 3));
    q = (await queue.moveInQueue(em(), user, { from: 2, to: 0 })).queue;
    expect(shape(q).upcoming).toEqual(names(songs, 3, 1, 2));
    q = (await queue.removeFromQueue(em(), user, { index: 1 })).queue;
    expect(shape(q).upcoming).toEqual(names(songs, 3, 2));
    await expectAppError(queue.moveInQueue(em(), user, { from: 0, to: 2 }), 'BAD_USER_INPUT', 'Queue index 2 is out of range (the queue has 2 songs)');
    await expectAppError(queue.removeFromQueue(em(), user, { index: -1 }), 'BAD_USER_INPUT', 'index must not be negative');
    await expectAppError(queue.removeFromQueue(em(), user, { index: 1.5 }), 'BAD_USER_INPUT', 'index must be a whole number');
    q = (await queue.clearQueue(em(), user)).queue;
    expect(shape(q)).toEqual({ current: songs[0].title, upcoming: [], history: [] });
    expect((await queue.clearQueue(em(), user)).changed).toBe(false);
  });

  it("plays and queues the user's own private songs but treats others' private songs as missing", async () => {
    const { user } = await listener(0);
    const { user: other } = await listener(0);
    const mine = await insertSong(em(), { title: 'Mine', isPublic: false, user });
    const theirs = await insertSong(em(), { title: 'Theirs', isPublic: false, user: other });
    expect((await queue.playSong(em(), user, { id: mine.id })).queue.currentSong?.title).toBe('Mine');
    await expectAppError(queue.playSong(em(), user, { id: theirs.id }), 'NOT_FOUND', 'Song not found');
    await expectAppError(queue.enqueue(em(), user, { songId: theirs.id }), 'NOT_FOUND');
    await expectAppError(queue.playNext(em(), user, { songId: 'no-such-song' }), 'NOT_FOUND');
    await expectAppError(queue.enqueue(em(), user, { songId: '' }), 'BAD_USER_INPUT', 'Song id is required');
  });

  it('refuses to grow the upcoming queue beyond MAX_UPCOMING songs', async () => {
    const { user, songs } = await listener(1);
    await em().insertMany(PlayQueueEntry, Array.from({ length: MAX_UPCOMING }, (_, position) => ({ user: user.id, song: songs[0].id, position })));
    await expectAppError(queue.enqueue(em(), user, { songId: songs[0].id }), 'BAD_USER_INPUT', `The queue is full (${MAX_UPCOMING} songs)`);
    await expectAppError(queue.playNext(em(), user, { songId: songs[0].id }), 'BAD_USER_INPUT');
    expect((await queue.getQueue(em(), user)).upcomingQueue).toHaveLength(MAX_UPCOMING);
  });

  it('replaces the queue with a list of songs from a start index, and enqueues lists at the end or next', async () => {
    const { user, songs } = await listener();
    await queue.playSong(em(), user, { id: songs[4].id, isGenreSelection: false });
    await queue.enqueue(em(), user, { songId: songs[4].id });
    let q = (await queue.playSongs(em(), user, { songIds: songs.slice(0, 4).map((s) => s.id), startIndex: 1 })).queue;
    expect(shape(q)).toEqual({ current: songs[1].title, upcoming: names(songs, 2, 3), history: names(songs, 4) });
    expect(q.radioGenre).toBeNull();
    q = (await queue.enqueueSongs(em(), user, { songIds: [songs[0].id, songs[4].id], next: true })).queue;
    expect(shape(q).upcoming).toEqual(names(songs, 0, 4, 2, 3));
    q = (await queue.enqueueSongs(em(), user, { songIds: [songs[1].id] })).queue;
    expect(shape(q).upcoming).toEqual(names(songs, 0, 4, 2, 3, 1));
    await expectAppError(queue.playSongs(em(), user, { songIds: [songs[0].id], startIndex: 1 }), 'BAD_USER_INPUT', 'startIndex 1 is out of range (there are 1 songs)');
    await expectAppError(queue.playSongs(em(), user, { songIds: [] }), 'BAD_USER_INPUT', 'There are no songs to play');
    await expectAppError(queue.enqueueSongs(em(), user, { songIds: [songs[0].id, 'missing'] }), 'NOT_FOUND', 'Song not found');
    await em().insertMany(PlayQueueEntry, Array.from({ length: MAX_UPCOMING - 6 }, (_, i) => ({ user: user.id, song: songs[0].id, position: 10 + i })));
    await expectAppError(queue.enqueueSongs(em(), user, { songIds: songs.map((s) => s.id) }), 'BAD_USER_INPUT', `Only 1 more songs fit in the queue (${MAX_UPCOMING} at most)`);
    // Playing a long list keeps MAX_UPCOMING of it after the current song.
    q = (await queue.playSongs(em(), user, { songIds: Array.from({ length: MAX_UPCOMING + 5 }, () => songs[3].id) })).queue;
    expect(q.upcomingQueue).toHaveLength(MAX_UPCOMING);
  });

  it('takes a song picked from the upcoming list out of it when it is played', async () => {
    const { user, songs } = await listener();
    for (const song of songs.slice(1, 4)) await queue.enqueue(em(), user, { songId: song.id });
    const q = (await queue.playSong(em(), user, { id: songs[2].id })).queue;
    expect(shape(q)).toEqual({ current: songs[2].title, upcoming: names(songs, 1, 3), history: [] });
  });

  it('skips forward through the queue and ends with no current song', async () => {
    const { user, songs } = await listener();
    await queue.enqueue(em(), user, { songId: songs[0].id });
    await queue.enqueue(em(), user, { songId: songs[1].id });
    let q = (await queue.nextSong(em(), user)).queue;
    expect(shape(q)).toEqual({ current: songs[0].title, upcoming: names(songs, 1), history: [] });
    q = (await queue.nextSong(em(), user)).queue;
    expect(shape(q)).toEqual({ current: songs[1].title, upcoming: [], history: names(songs, 0) });
    q = (await queue.nextSong(em(), user)).queue;
    expect(shape(q)).toEqual({ current: null, upcoming: [], history: names(songs, 1, 0) });
    expect((await queue.nextSong(em(), user)).changed).toBe(false);
    expect(await playCount(songs[0])).toBe(1);
  });

  it('goes back with previousSong (counted) and shiftBackward (not counted)', async () => {
    const { user, songs } = await listener();
    expect((await queue.previousSong(em(), user)).changed).toBe(false);
    await queue.playSong(em(), user, { id: songs[0].id });
    await queue.playSong(em(), user, { id: songs[1].id });
    await queue.enqueue(em(), user, { songId: songs[2].id });
    let q = (await queue.nextSong(em(), user)).queue;
    expect(shape(q)).toEqual({ current: songs[2].title, upcoming: [], history: names(songs, 1, 0) });
    q = (await queue.previousSong(em(), user)).queue;
    expect(shape(q)).toEqual({ current: songs[1].title, upcoming: names(songs, 2), history: names(songs, 0) });
    expect(await playCount(songs[1])).toBe(2);
    q = (await queue.shiftBackward(em(), user)).queue;
    expect(shape(q)).toEqual({ current: songs[0].title, upcoming: names(songs, 1, 2), history: [] });
    expect(await playCount(songs[0])).toBe(1);
    const atStart = await queue.shiftBackward(em(), user);
    expect(atStart.changed).toBe(false);
    expect(shape(atStart.queue)).toEqual(shape(q));
  });

  it('auto-advances once for two sequential reports of the same song end', async () => {
    const { user, songs } = await listener();
    await queue.playSong(em(), user, { id: songs[0].id });
    await queue.enqueue(em(), user, { songId: songs[1].id });
    await queue.enqueue(em(), user, { songId: songs[2].id });
    const first = await queue.autoAdvance(em(), user, { finishedSongId: songs[0].id });
    const second = await queue.autoAdvance(em(), user, { finishedSongId: songs[0].id });
    expect(first.changed).toBe(true);
    expect(second.changed).toBe(false);
    expect(shape(second.queue)).toEqual({ current: songs[1].title, upcoming: names(songs, 2), history: names(songs, 0) });
    expect(await playCount(songs[1])).toBe(1);
  });

  it('auto-advances once for two concurrent reports of the same song end, with or without its id', async () => {
    const { user, songs } = await listener();
    await queue.playSong(em(), user, { id: songs[0].id });
    for (const song of songs.slice(1)) await queue.enqueue(em(), user, { songId: song.id });
    const named = await Promise.all([0, 1, 2].map(() => queue.autoAdvance(em(), user, { finishedSongId: songs[0].id })));
    expect(named.filter((o) => o.changed)).toHaveLength(1);
    expect(shape(await queue.getQueue(em(), user)).current).toBe(songs[1].title);
    // SPEC 7's client sends no body: the current song is the one that ended (after it played).
    await backdateHistory(user);
    const anonymous = await Promise.all([0, 1].map(() => queue.autoAdvance(em(), user, {})));
    expect(anonymous.filter((o) => o.changed)).toHaveLength(1);
    expect(shape(await queue.getQueue(em(), user))).toEqual({ current: songs[2].title, upcoming: names(songs, 3, 4), history: names(songs, 1, 0) });
  });

  it('ignores an auto-advance for a song that is no longer current', async () => {
    const { user, songs } = await listener();
    await queue.playSong(em(), user, { id: songs[0].id });
    await queue.enqueue(em(), user, { songId: songs[1].id });
    const stale = await queue.autoAdvance(em(), user, { finishedSongId: songs[3].id });
    expect(stale.changed).toBe(false);
    expect(stale.queue.currentSong?.title).toBe(songs[0].title);
    await queue.clearQueue(em(), user);
    await queue.nextSong(em(), user);
    expect((await queue.autoAdvance(em(), user, {})).changed).toBe(false);
  });

  it('tells a repeated song end from the end of the same song queued twice in a row', async () => {
    const { user, songs } = await listener();
    await queue.playSong(em(), user, { id: songs[0].id });
    await queue.enqueue(em(), user, { songId: songs[0].id });
    await queue.enqueue(em(), user, { songId: songs[1].id });
    expect((await queue.autoAdvance(em(), user, { finishedSongId: songs[0].id })).changed).toBe(true);
    expect((await queue.autoAdvance(em(), user, { finishedSongId: songs[0].id })).changed).toBe(false);
    // The second copy plays to its end: the report comes long after the first one.
    await backdateHistory(user);
    const q = (await queue.autoAdvance(em(), user, { finishedSongId: songs[0].id })).queue;
    expect(shape(q)).toEqual({ current: songs[1].title, upcoming: [], history: names(songs, 0, 0) });
    expect(await playCount(songs[0])).toBe(2);
  });

  it('applies concurrent changes from several devices without losing any', async () => {
    const { user, songs } = await listener(8);
    await Promise.all(songs.map((song) => queue.enqueue(em(), user, { songId: song.id })));
    const q = await queue.getQueue(em(), user);
    expect([...titles(q.upcomingQueue)].sort()).toEqual(titles(songs).sort());
    expect(q.version).toBe(songs.length);
  });

  it('starts a genre radio that keeps songCount public songs of the genre queued', async () => {
    const { user } = await listener(0);
    const { user: other } = await listener(0);
    const genre = `radio-${user.id}`;
    const setup = em();
    setup.create(RadioStation, { genre, mood: 'happy', songCount: 2 });
    await setup.flush();
    const seed = await insertSong(setup, { title: 'Seed', genre });
    for (let i = 0; i < 4; i += 1) await insertSong(setup, { title: `R${i}`, genre });
    await insertSong(setup, { title: 'Hidden', genre, isPublic: false, user: other });
    await insertSong(setup, { title: 'Elsewhere', genre: `other-${user.id}` });
    let q = (await queue.playSong(em(), user, { id: seed.id, isGenreSelection: true })).queue;
    expect(q.radioGenre).toBe(genre);
    expect(q.currentSong?.title).toBe('Seed');
    expect(q.upcomingQueue).toHaveLength(2);
    const played = new Set(['Seed']);
    for (let step = 0; step < 4; step += 1) {
      for (const song of q.upcomingQueue) {
        expect(song.genre).toBe(genre);
        expect(song.title).toMatch(/^(Seed|R\d)$/);
      }
      expect(new Set(titles(q.upcomingQueue)).has(q.currentSong!.title)).toBe(false);
      q = (await queue.nextSong(em(), user)).queue;
      played.add(q.currentSong!.title);
      expect(q.upcomingQueue).toHaveLength(2);
    }
    // Songs not heard lately come first: five steps play all five songs of the genre.
    expect(played.size).toBe(5);
    const plain = (await queue.playSong(em(), user, { id: seed.id })).queue;
    expect(plain.radioGenre).toBeNull();
    await expectAppError(queue.playSong(em(), user, { id: (await insertSong(em(), { title: 'No genre' })).id, isGenreSelection: true }), 'BAD_USER_INPUT', 'no genre');
  });

  it('repeats the songs of a genre too small for its station, spaced, so the radio always has a next song', async () => {
    const { user } = await listener(0);
    const solo = `solo-${user.id}`;
    const only = await insertSong(em(), { title: 'Only', genre: solo });
    let q = (await queue.playSong(em(), user, { id: only.id, isGenreSelection: true })).queue;
    expect(shape(q)).toMatchObject({ current: 'Only', upcoming: ['Only', 'Only', 'Only'] });
    for (let end = 0; end < 3; end += 1) {
      q = (await queue.autoAdvance(em(), user, { finishedSongId: q.currentSong!.id })).queue;
      expect(q.currentSong?.title).toBe('Only');
      expect(q.upcomingQueue).toHaveLength(3);
      expect(q.radioGenre).toBe(solo);
    }
    const pair = `pair-${user.id}`;
    const first = await insertSong(em(), { title: 'First', genre: pair });
    await insertSong(em(), { title: 'Second', genre: pair });
    q = (await queue.playSong(em(), user, { id: first.id, isGenreSelection: true })).queue;
    expect(shape(q)).toMatchObject({ current: 'First', upcoming: ['Second', 'First', 'Second'] });
    for (let step = 0; step < 4; step += 1) {
      q = (await queue.nextSong(em(), user)).queue;
      const order = [q.currentSong!.title, ...titles(q.upcomingQueue)];
      expect(order.some((title, i) => i > 0 && title === order[i - 1])).toBe(false);
    }
  });

  it('counts the end of a short song that follows itself, but not the same end reported again', async () => {
    const { user } = await listener(0);
    const genre = `short-${user.id}`;
    const jingle = await insertSong(em(), { title: 'Jingle', genre, duration: 4 });
    await queue.playSong(em(), user, { id: jingle.id, isGenreSelection: true });
    const first = await queue.autoAdvance(em(), user, { finishedSongId: jingle.id });
    expect(first.changed).toBe(true);
    // The same end again at once (another tab): nothing.
    expect((await queue.autoAdvance(em(), user, { finishedSongId: jingle.id })).changed).toBe(false);
    // 3 s later the 4 s song has ended again: a new end, within the 5 s window of longer songs.
    await em().execute(`update "play_history" set "played_at" = now() - interval '3000 milliseconds' where "user_id" = ?`, [user.id]);
    const second = await queue.autoAdvance(em(), user, { finishedSongId: jingle.id });
    expect(second.changed).toBe(true);
    expect(second.queue.playHistory).toHaveLength(2);
    expect(second.queue.currentSong?.title).toBe('Jingle');
  });

  it('a radio emptied by an edit still moves on to a song of its genre', async () => {
    const { user } = await listener(0);
    const genre = `emptied-${user.id}`;
    const only = await insertSong(em(), { title: 'Only', genre });
    await queue.playSong(em(), user, { id: only.id, isGenreSelection: true });
    for (let i = 0; i < 3; i += 1) await queue.removeFromQueue(em(), user, { index: 0 });
    const q = (await queue.autoAdvance(em(), user, { finishedSongId: only.id })).queue;
    expect(q.currentSong?.title).toBe('Only');
    expect(q.upcomingQueue).toHaveLength(3);
  });

  it('uses 3 radio songs for a genre without a station', async () => {
    const { user } = await listener(0);
    const genre = `stationless-${user.id}`;
    const seed = await insertSong(em(), { title: 'Seed', genre });
    for (let i = 0; i < 5; i += 1) await insertSong(em(), { title: `S${i}`, genre });
    const q = (await queue.playSong(em(), user, { id: seed.id, isGenreSelection: true })).queue;
    expect(q.upcomingQueue).toHaveLength(3);
  });

  it("publishes queueChanged on the user's own topic after every change, and nothing when nothing changed", async () => {
    const { user, songs } = await listener();
    const other = await listener();
    const events = recordEvents<QueueChangedEvent>(pubsub, userTopic(Topics.queueChanged, user.id));
    const othersEvents = recordEvents<QueueChangedEvent>(pubsub, userTopic(Topics.queueChanged, other.user.id));
    const outcome = await queue.playSong(em(), user, { id: songs[0].id });
    await queue.clearQueue(em(), user);
    await expect.poll(() => events.length).toBe(1);
    expect(events[0]).toEqual({ userId: user.id, queue: outcome.queue });
    expect(othersEvents).toEqual([]);
  });
});
