import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import sharp from 'sharp';
import { DATABASE_TARGETS } from '../test-support/services-available.js';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js';
import { Topics, createPubSub, userTopic, type AppPubSub } from '../pubsub/pubsub.js';
import { expectAppError } from '../test-support/app-errors.js';
import { Song } from '../songs/song.entity.js';
import { User } from '../users/user.entity.js';
import { LikedSong } from '../library/liked-song.entity.js';
import { PlayHistory } from '../library/play-history.entity.js';
import { PlayQueue } from '../library/play-queue.entity.js';
import { PlayQueueEntry } from '../library/play-queue-entry.entity.js';
import { QueueService, type QueueChangedEvent } from '../library/queue.service.js';
import { LikesService } from '../library/likes.service.js';
import { LibraryReads } from '../songs/library-reads.js';
import { insertSong, insertUser } from '../library/test-fixtures.js';
import { PlaylistSong } from '../playlists/playlist-song.entity.js';
import { PlaylistService, type PlaylistChangedEvent } from '../playlists/playlist.service.js';
import { MANAGE_FORBIDDEN, SongManagementService } from './song-management.service.js';
import { resyncLrc, sungLines } from './lyrics-sync.js';
import { SongContentAnalysis } from '../moderation/song-content-analysis.entity.js';
import { ContentModerationItem } from '../moderation/content-moderation-item.entity.js';
import { LocalMediaStorage } from '../storage/local-storage.js';

describe('lyrics re-sync', () => {
  it('keeps the sung timing for the new lines and spreads extra lines over the rest of the song', () => {
    const old = '[00:10.00]one\n[00:20.00]two\n[00:30.00]three';
    expect(resyncLrc('[Verse]\nUno\nDos\n\n[Chorus]\nTres', old, { start: 0, end: 60 })).toBe('[00:10.00]Uno\n[00:20.00]Dos\n[00:30.00]Tres');
    expect(resyncLrc('A\nB', old, { start: 0, end: 60 })).toBe('[00:10.00]A\n[00:20.00]B');
    expect(resyncLrc('A\nB\nC\nD\nE', old, { start: 0, end: 60 })).toBe('[00:10.00]A\n[00:20.00]B\n[00:30.00]C\n[00:40.00]D\n[00:50.00]E');
    // An instrumental gets its lines spread over the music.
    expect(resyncLrc('A\nB', null, { start: 5, end: 65 })).toBe('[00:05.00]A\n[00:35.00]B');
    expect(resyncLrc('[Intro]\n\n', old, { start: 0, end: 60 })).toBeNull();
    expect(resyncLrc(null, old, { start: 0, end: 60 })).toBeNull();
    expect(sungLines('[Verse]\n  hello  \n\nworld')).toEqual(['hello', 'world']);
  });
});

describe.each(DATABASE_TARGETS)('song management on %s PostgreSQL', (target) => {
  let db: TestDatabase;
  let pubsub: AppPubSub;
  let mediaDir: string;
  let service: SongManagementService;
  let queue: QueueService;
  let playlists: PlaylistService;
  let users = 0;
  const em = () => db.orm.em.fork() as EntityManager;

  beforeAll(async () => {
    db = await createTestDatabase(target);
    pubsub = createPubSub(null);
    mediaDir = await mkdtemp(path.join(tmpdir(), 'songforge-manage-'));
    queue = new QueueService(pubsub);
    playlists = new PlaylistService(pubsub, queue);
    service = new SongManagementService(new LocalMediaStorage(mediaDir), queue, playlists, new LibraryReads(pubsub));
  });
  afterAll(async () => {
    await pubsub.close();
    await db.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  async function user(tier: 'free' | 'pro' | 'admin' = 'pro'): Promise<User> {
    users += 1;
    const created = await insertUser(em(), `manager${users}`);
    await em().nativeUpdate(User, { id: created.id }, { userTier: tier });
    return em().findOneOrFail(User, { id: created.id });
  }
  /** A song of `owner` with its media files on disk (as generation writes them). */
  async function ownedSong(owner: User, title: string, isPublic = true): Promise<Song> {
    const song = await insertSong(em(), { title, user: owner, isPublic });
    await mkdir(path.join(mediaDir, 'songs'), { recursive: true });
    await mkdir(path.join(mediaDir, 'covers'), { recursive: true });
    await writeFile(path.join(mediaDir, 'songs', `${song.id}.mp3`), 'mp3');
    const cover = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#884499' } }).png().toBuffer();
    await writeFile(path.join(mediaDir, 'covers', `${song.id}.png`), cover);
    await writeFile(path.join(mediaDir, 'covers', `${song.id}-256.png`), cover);
    await em().nativeUpdate(Song, { id: song.id }, {
      coverUrl: `/media/covers/${song.id}.png`,
      thumbnailUrl: `/media/covers/${song.id}-256.png`,
      lyrics: '[Verse]\nfirst line\nsecond line',
      lrc: '[00:04.00]first line\n[00:08.00]second line',
      duration: 60,
    });
    return em().findOneOrFail(Song, { id: song.id });
  }
  const files = async (songId: string) => [...(await readdir(path.join(mediaDir, 'covers'))).filter((name) => name.startsWith(songId)), ...(existsSync(path.join(mediaDir, 'songs', `${songId}.mp3`)) ? ['mp3'] : [])];

  it('needs canManageSongs; lists the caller\'s own songs, and every song only for admins', async () => {
    const [free, pro, admin] = [await user('free'), await user('pro'), await user('admin')];
    const mine = await ownedSong(pro, 'Mine');
    await ownedSong(free, 'Someone else');
    await expectAppError(service.list(em(), free, {}), 'FORBIDDEN', MANAGE_FORBIDDEN);
    await em().nativeUpdate(User, { id: free.id }, { canManageSongs: true });
    const flagged = await em().findOneOrFail(User, { id: free.id });
    expect((await service.list(em(), flagged, {})).map((s) => s.title)).toEqual(['Someone else']);
    expect((await service.list(em(), pro, {})).map((s) => s.id)).toEqual([mine.id]);
    await expectAppError(service.list(em(), pro, { all: true }), 'FORBIDDEN', 'Only admins');
    expect((await service.list(em(), admin, { all: true })).map((s) => s.title)).toEqual(expect.arrayContaining(['Mine', 'Someone else']));
    await expectAppError(service.update(em(), flagged, { id: mine.id, title: 'Taken' }), 'NOT_FOUND');
  });

  it('edits title, artist, genre, mood, lyrics (re-syncing the LRC) and visibility, validating input', async () => {
    const owner = await user();
    const song = await ownedSong(owner, 'Draft');
    const edited = await service.update(em(), owner, {
      id: song.id,
      title: '  Final  ',
      artist: 'Me',
      genre: 'jazz',
      mood: 'chill',
      lyrics: '[Verse]\nnew first\nnew second\nnew third',
      isPublic: false,
      canBeShared: false,
    });
    expect(edited).toMatchObject({ title: 'Final', artist: 'Me', genre: 'jazz', mood: 'chill', isPublic: false, canBeShared: false });
    expect(edited.lrc).toBe('[00:04.00]new first\n[00:08.00]new second\n[00:34.00]new third');
    const stored = await em().findOneOrFail(Song, { id: song.id });
    expect(stored).toMatchObject({ title: 'Final', lyrics: '[Verse]\nnew first\nnew second\nnew third', isPublic: false });
    // Empty texts clear; absent fields stay.
    expect(await service.update(em(), owner, { id: song.id, artist: '', lyrics: '' })).toMatchObject({ artist: null, lyrics: null, lrc: null, title: 'Final', genre: 'jazz' });
    await expectAppError(service.update(em(), owner, { id: song.id, title: ' ' }), 'BAD_USER_INPUT', 'Title is required');
    await expectAppError(service.update(em(), owner, { id: song.id, genre: 'x'.repeat(101) }), 'BAD_USER_INPUT', 'Genre must be at most 100');
    await expectAppError(service.update(em(), owner, { id: 'no-such-song', title: 'x' }), 'NOT_FOUND');
  });

  it('analyses edited words again: profane new lyrics put the song in the moderation queue', async () => {
    const owner = await user();
    const song = await ownedSong(owner, 'Clean start');
    await service.update(em(), owner, { id: song.id, lyrics: 'a quiet morning by the sea' });
    expect(await em().findOneOrFail(SongContentAnalysis, { song: song.id })).toMatchObject({ offensiveContent: false, contentRating: 'clean' });
    expect(await em().count(ContentModerationItem, { song: song.id })).toBe(0);
    await service.update(em(), owner, { id: song.id, lyrics: 'what the f*ck is this sh1t' });
    expect(await em().count(SongContentAnalysis, { song: song.id })).toBe(1);
    expect(await em().findOneOrFail(SongContentAnalysis, { song: song.id })).toMatchObject({ offensiveContent: true, contentRating: 'explicit' });
    expect(await em().findOneOrFail(ContentModerationItem, { song: song.id })).toMatchObject({ status: 'pending', flaggedFor: ['offensive language'] });
  });

  it('changes covers: another generated one (copied) or an uploaded image resized to 1024 and 256 px', async () => {
    const owner = await user();
    const song = await ownedSong(owner, 'Cover me');
    const donor = await ownedSong(await user(), 'Donor');
    expect((await service.coverChoices(em(), owner)).map((choice) => choice.songId)).toEqual(expect.arrayContaining([song.id, donor.id]));
    const taken = await service.update(em(), owner, { id: song.id, coverFromSongId: donor.id });
    expect(taken.coverUrl).toMatch(new RegExp(`^/media/covers/${song.id}-v\\w+\\.png$`));
    expect(existsSync(path.join(mediaDir, taken.coverUrl!.replace('/media/', '')))).toBe(true);

    const upload = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#123456' } }).jpeg().toBuffer();
    const uploaded = await service.uploadCover(em(), owner, song.id, upload);
    const full = await sharp(path.join(mediaDir, uploaded.coverUrl!.replace('/media/', ''))).metadata();
    const thumb = await sharp(path.join(mediaDir, uploaded.thumbnailUrl!.replace('/media/', ''))).metadata();
    expect([full.width, full.height, full.format]).toEqual([1024, 1024, 'png']);
    expect([thumb.width, thumb.height]).toEqual([256, 256]);
    await expectAppError(service.uploadCover(em(), owner, song.id, Buffer.from('not an image')), 'BAD_USER_INPUT', 'not an image');
    await expectAppError(service.uploadCover(em(), await user(), song.id, upload), 'NOT_FOUND');
  });

  it('sets visibility on several songs at once, all or none', async () => {
    const owner = await user();
    const [a, b] = [await ownedSong(owner, 'A'), await ownedSong(owner, 'B')];
    const foreign = await ownedSong(await user(), 'Foreign');
    expect((await service.setVisibility(em(), owner, { songIds: [a.id, b.id], isPublic: false })).map((s) => s.isPublic)).toEqual([false, false]);
    await expectAppError(service.setVisibility(em(), owner, { songIds: [a.id, foreign.id], isPublic: true }), 'NOT_FOUND');
    expect((await em().findOneOrFail(Song, { id: a.id })).isPublic).toBe(false);
    await expectAppError(service.setVisibility(em(), owner, { songIds: [a.id] }), 'BAD_USER_INPUT', 'Choose isPublic or canBeShared');
  });

  it('deletes songs with their media files, likes, playlist entries, queue entries and plays: nothing dangles', async () => {
    const owner = await user();
    const listener = await user('free');
    const [gone, stays] = [await ownedSong(owner, 'Gone'), await ownedSong(owner, 'Stays')];
    const likes = new LikesService();
    for (const who of [owner, listener]) {
      await likes.like(em(), who, { songId: gone.id });
      await queue.playSong(em(), who, { id: gone.id });
      await queue.enqueue(em(), who, { songId: gone.id });
      await queue.enqueue(em(), who, { songId: stays.id });
    }
    const playlist = await playlists.create(em(), listener, { name: 'Both', songIds: [gone.id, stays.id] });
    await playlists.create(em(), owner, { name: 'Only gone', songIds: [gone.id] });
    const copied = await service.update(em(), owner, { id: stays.id, coverFromSongId: gone.id });
    expect(await files(gone.id)).toHaveLength(3);
    const listenerQueue = pubsub.subscribe(userTopic(Topics.queueChanged, listener.id))[Symbol.asyncIterator]();
    const playlistPushes = [owner, listener].map((user) => pubsub.subscribe(userTopic(Topics.playlistChanged, user.id))[Symbol.asyncIterator]());
    // The engine subscribes on the first pull.
    const nextQueue = listenerQueue.next();
    const nextPlaylists = playlistPushes.map((pushes) => pushes.next());
    const versionBefore = (await queue.getQueue(em(), listener)).version;

    expect(await service.delete(em(), owner, { songIds: [gone.id] })).toEqual([gone.id]);

    // The listener's devices are told: their queue without the song, at a newer version.
    const pushed = (await nextQueue).value as QueueChangedEvent;
    expect(pushed.queue.upcomingQueue.map((song) => song.id)).toEqual([stays.id]);
    expect(pushed.queue.version).toBeGreaterThan(versionBefore);
    const playlistEvents = (await Promise.all(nextPlaylists)).map((next) => next.value as PlaylistChangedEvent);
    expect(playlistEvents.map((event) => event.ownerId).sort()).toEqual([owner.id, listener.id].sort());
    await Promise.all([listenerQueue.return?.(), ...playlistPushes.map((pushes) => pushes.return?.())]);

    expect(await em().count(Song, { id: gone.id })).toBe(0);
    expect(await em().count(LikedSong, { music: gone.id })).toBe(0);
    expect(await em().count(PlaylistSong, { music: gone.id })).toBe(0);
    expect(await em().count(PlayQueueEntry, { song: gone.id })).toBe(0);
    expect(await em().count(PlayHistory, { music: gone.id })).toBe(0);
    expect(await em().count(PlayQueue, { currentSong: gone.id })).toBe(0);
    expect(await files(gone.id)).toEqual([]);
    // The other song, its copied cover and its places are untouched; the playlist reads densely.
    expect(existsSync(path.join(mediaDir, copied.coverUrl!.replace('/media/', '')))).toBe(true);
    const after = await playlists.get(em(), listener, playlist.id);
    expect(after.entries.map((entry) => entry.song.id)).toEqual([stays.id]);
    expect((await em().find(PlaylistSong, { playlist: Number(playlist.id) })).map((entry) => entry.position)).toEqual([0]);
    expect((await queue.getQueue(em(), listener)).upcomingQueue.map((song) => song.id)).toEqual([stays.id]);

    const foreign = await ownedSong(listener, 'Not yours');
    await expectAppError(service.delete(em(), owner, { songIds: [foreign.id] }), 'NOT_FOUND');
    const admin = await user('admin');
    expect(await service.delete(em(), admin, { songIds: [foreign.id] })).toEqual([foreign.id]);
    await expectAppError(service.delete(em(), owner, { songIds: [] }), 'BAD_USER_INPUT', 'Choose at least one song');
  });
});
