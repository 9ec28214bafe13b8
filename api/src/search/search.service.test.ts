import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DATABASE_TARGETS } from '../test-support/services-available.js';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js';
import { createPubSub, type AppPubSub } from '../pubsub/pubsub.js';
import { expectAppError } from '../test-support/app-errors.js';
import { Song } from '../songs/song.entity.js';
import type { User } from '../users/user.entity.js';
import { QueueService } from '../library/queue.service.js';
import { insertSong, insertUser } from '../library/test-fixtures.js';
import { PlaylistService, playlistEntryViews } from '../playlists/playlist.service.js';
import { SEARCH_LIMIT_MAX, SEARCH_TEXT_MAX, SearchService, toPrefixQuery } from './search.service.js';
import type { SearchResultsView } from './search.view.js';

describe('toPrefixQuery', () => {
  it('keeps only words (letters and digits), each a prefix, all required; lyrics from three letters on', () => {
    expect(toPrefixQuery('Midnight  Ci')).toEqual({ query: 'midnight:* & ci:*', withLyrics: false });
    // As PostgreSQL's parser splits it in the stored text too.
    expect(toPrefixQuery("neon city's")).toEqual({ query: 'neon:* & city:* & s:*', withLyrics: false });
    expect(toPrefixQuery('neon city')).toEqual({ query: 'neon:* & city:*', withLyrics: true });
    expect(toPrefixQuery("a' | !b & (c:*) <-> d\\")).toEqual({ query: 'a:* & b:* & c:* & d:*', withLyrics: false });
    expect(toPrefixQuery('Café Ｌｏｆｉ 2000')).toEqual({ query: 'café:* & lofi:* & 2000:*', withLyrics: true });
    expect(toPrefixQuery('  !!  ')).toEqual({ query: '', withLyrics: true });
    expect(toPrefixQuery('one two two three four five six seven eight nine ten').query.split(' & ')).toHaveLength(8);
  });
});

describe.each(DATABASE_TARGETS)('search service on %s PostgreSQL', (target) => {
  let db: TestDatabase;
  let pubsub: AppPubSub;
  let search: SearchService;
  let playlists: PlaylistService;
  let owner: User;
  let other: User;
  let midnight: Song;
  let rainSong: Song;
  let ownPrivate: Song;
  let otherPrivate: Song;

  const em = () => db.orm.em.fork() as EntityManager;
  const find = (user: User, text: string, limit?: number): Promise<SearchResultsView> => search.search(em(), user, { text, limit });
  const songTitles = (results: SearchResultsView) => results.songs.map((song) => song.title);

  async function song(fields: { title: string; artist?: string; genre?: string; mood?: string; lyrics?: string; isPublic?: boolean; user?: User; playCount?: number; coverUrl?: string }): Promise<Song> {
    const created = await insertSong(em(), { title: fields.title, genre: fields.genre ?? null, isPublic: fields.isPublic, user: fields.user ?? null });
    await em().nativeUpdate(Song, { id: created.id }, { artist: fields.artist ?? null, mood: fields.mood ?? null, lyrics: fields.lyrics ?? null, playCount: fields.playCount ?? 0, coverUrl: fields.coverUrl ?? null });
    return created;
  }

  beforeAll(async () => {
    db = await createTestDatabase(target);
    pubsub = createPubSub(null);
    const queue = new QueueService(pubsub);
    search = new SearchService(queue);
    playlists = new PlaylistService(pubsub, queue);
    owner = await insertUser(em(), 'searcher');
    other = await insertUser(em(), 'neighbour');
    midnight = await song({ title: 'Midnight City', artist: 'Neon Harbor', genre: 'synthwave', mood: 'dreamy', lyrics: 'driving past the harbour lights', playCount: 5, coverUrl: '/media/covers/a.png' });
    rainSong = await song({ title: 'Paper Boats', artist: 'Neon Harbor', genre: 'lo-fi', mood: 'chill', lyrics: 'rain on the window\nmidnight again', playCount: 9 });
    await song({ title: 'Rainfall', artist: 'Velvet Motel', genre: 'ambient', mood: 'peaceful', lyrics: 'quiet', playCount: 1 });
    ownPrivate = await song({ title: 'Secret Garden', artist: 'Hidden Artist', genre: 'folk', isPublic: false, user: owner });
    otherPrivate = await song({ title: 'Secret Diary', artist: 'Private Person', genre: 'folk', isPublic: false, user: other });
  });
  afterAll(async () => {
    await pubsub.close();
    await db.close();
  });

  it('matches titles, artists, genres and moods as the words are typed (each word a prefix, all of them required)', async () => {
    // A title word first (weight A), then an artist word (Velvet Motel, B); never lyrics for one letter.
    expect(songTitles(await find(owner, 'm'))).toEqual(['Midnight City', 'Rainfall']);
    expect(songTitles(await find(owner, 'Mi'))).toEqual(['Midnight City']);
    expect(songTitles(await find(owner, 'midnight ci'))).toEqual(['Midnight City']);
    expect(songTitles(await find(owner, 'midnight xyz'))).toEqual([]);
    expect(songTitles(await find(owner, 'neon har'))).toEqual(['Paper Boats', 'Midnight City']);
    expect(songTitles(await find(owner, 'synthwave'))).toEqual(['Midnight City']);
    expect(songTitles(await find(owner, 'lo-fi'))).toEqual(['Paper Boats']);
    expect(songTitles(await find(owner, 'peace'))).toEqual(['Rainfall']);
  });

  it('reads lyrics once every word has three letters, ranking a title match above a lyrics match', async () => {
    expect(songTitles(await find(owner, 'wi'))).toEqual([]);
    expect(songTitles(await find(owner, 'windo'))).toEqual(['Paper Boats']);
    // "midnight" is Midnight City's title (weight A) and in Paper Boats' lyrics (D), which is played more.
    expect(songTitles(await find(owner, 'midnight'))).toEqual(['Midnight City', 'Paper Boats']);
    expect(songTitles(await find(owner, 'rain'))).toEqual(['Rainfall', 'Paper Boats']);
  });

  it('follows edits: the search columns are kept by PostgreSQL', async () => {
    const renamed = await song({ title: 'Working Title' });
    expect(songTitles(await find(owner, 'zephyr'))).toEqual([]);
    await em().nativeUpdate(Song, { id: renamed.id }, { title: 'Zephyr Song' });
    expect(songTitles(await find(owner, 'zeph'))).toEqual(['Zephyr Song']);
    await em().nativeDelete(Song, { id: renamed.id });
    expect(songTitles(await find(owner, 'zeph'))).toEqual([]);
  });

  it('shows a private song to its owner only, and no artist known only from others’ private songs', async () => {
    expect(songTitles(await find(owner, 'secret'))).toEqual(['Secret Garden']);
    expect(songTitles(await find(other, 'secret'))).toEqual(['Secret Diary']);
    expect((await find(owner, 'private person')).artists).toEqual([]);
    expect((await find(other, 'private person')).artists.map((a) => a.name)).toEqual(['Private Person']);
    expect((await find(other, 'hidden')).artists).toEqual([]);
    expect(songTitles(await find(other, 'folk'))).toEqual(['Secret Diary']);
    // Admins see every song: both private ones, and the artist known only from one.
    const admin = await insertUser(em(), 'search-admin');
    admin.userTier = 'admin';
    expect(songTitles(await find(admin, 'secret')).sort()).toEqual(['Secret Diary', 'Secret Garden']);
    expect((await find(admin, 'private person')).artists.map((a) => a.name)).toEqual(['Private Person']);
  });

  it('groups artists with the songs the user may see and the cover of their most played song', async () => {
    const results = await find(owner, 'neon');
    expect(results.artists).toEqual([expect.objectContaining({ name: 'Neon Harbor', songCount: 2, coverUrl: '/media/covers/a.png' })]);
    expect((await find(owner, 'motel')).artists).toEqual([expect.objectContaining({ name: 'Velvet Motel', songCount: 1, coverUrl: null })]);
  });

  it("finds the user's playlists and public ones by name and description, never others' private ones", async () => {
    const mine = await playlists.create(em(), owner, { name: 'Night Drive', description: 'for the motorway', songIds: [midnight.id, ownPrivate.id] });
    await playlists.create(em(), other, { name: 'Night Shift', isPublic: false });
    const shared = await playlists.create(em(), other, { name: 'Nightcrawlers', description: 'after hours', isPublic: true, songIds: [otherPrivate.id, rainSong.id] });
    expect((await find(owner, 'night')).playlists.map((p) => p.name)).toEqual(['Night Drive', 'Nightcrawlers']);
    expect((await find(owner, 'motorway')).playlists.map((p) => p.id)).toEqual([mine.id]);
    // Another user's public playlist shows the searcher only the songs they may see.
    const found = (await find(owner, 'hours')).playlists;
    expect(found.map((p) => [p.id, p.songCount, p.isOwner])).toEqual([[shared.id, 1, false]]);
    expect((await find(other, 'night')).playlists.map((p) => p.name)).toEqual(['Nightcrawlers', 'Night Shift']);
  });

  it("gives each playlist card the count, length and collage of the playlist's own view, for its owner, others and admins", async () => {
    const covered = await song({ title: 'Harbour Cover', genre: 'jazz', coverUrl: '/media/covers/h.png', user: other });
    const unshared = await song({ title: 'Kept Close', genre: 'jazz', coverUrl: '/media/covers/k.png', user: other });
    unshared.canBeShared = false;
    unshared.duration = 200;
    await em().upsert(unshared);
    const mixed = await playlists.create(em(), other, { name: 'Cardigan Mix', isPublic: true, songIds: [covered.id, unshared.id, otherPrivate.id, midnight.id] });
    const admin = await insertUser(em(), 'card-admin');
    admin.userTier = 'admin';
    for (const viewer of [other, owner, admin]) {
      const [card] = (await find(viewer, 'cardigan')).playlists;
      const full = await playlists.get(em(), viewer, mixed.id);
      expect(card).toMatchObject({ id: full.id, songCount: full.songCount, totalDuration: full.totalDuration, coverUrls: full.coverUrls, isOwner: full.isOwner });
      expect(card!.entries).toBeNull();
      // A query that asks a card for its songs gets them (read on demand).
      expect((await playlistEntryViews(em(), viewer, card!)).map((entry) => entry.song.id)).toEqual(full.entries.map((entry) => entry.song.id));
    }
    // Its owner (and an admin) sees all four; someone else neither the unshared nor the private song.
    expect((await playlists.get(em(), other, mixed.id)).songCount).toBe(4);
    expect((await playlists.get(em(), admin, mixed.id)).songCount).toBe(4);
    expect((await playlists.get(em(), owner, mixed.id)).songCount).toBe(2);
  });

  it('treats any text as words: no syntax errors, no injection; empty text finds nothing', async () => {
    for (const text of ["'; drop table songs; --", 'a & | ! ( ) :* <-> \\', '"midnight"', 'x'.repeat(SEARCH_TEXT_MAX), '日本語', '   ']) {
      await expect(find(owner, text)).resolves.toBeDefined();
    }
    expect(songTitles(await find(owner, "'midnight' (city)"))).toEqual(['Midnight City']);
    expect(await find(owner, '  ?! ')).toMatchObject({ songs: [], playlists: [], artists: [] });
    expect(await em().count(Song, {})).toBeGreaterThan(0);
  });

  it('limits each group and refuses bad input', async () => {
    expect((await find(owner, 'p')).songs.length).toBeGreaterThan(1);
    expect((await find(owner, 'p', 1)).songs).toHaveLength(1);
    await expectAppError(find(owner, 'x'.repeat(SEARCH_TEXT_MAX + 1)), 'BAD_USER_INPUT', `Search text must be at most ${SEARCH_TEXT_MAX} characters`);
    await expectAppError(find(owner, 'x', 0), 'BAD_USER_INPUT', `limit must be between 1 and ${SEARCH_LIMIT_MAX}`);
    await expectAppError(find(owner, 'x', SEARCH_LIMIT_MAX + 1), 'BAD_USER_INPUT', `limit must be between 1 and ${SEARCH_LIMIT_MAX}`);
    await expectAppError(search.search(em(), owner, { text: 5 }), 'BAD_USER_INPUT', 'Search text is required');
  });

  it("plays an artist's songs the user may see, most played first", async () => {
    const { queue } = await search.playArtist(em(), owner, { name: 'Neon Harbor' });
    expect(queue.currentSong?.title).toBe('Paper Boats');
    expect(queue.upcomingQueue.map((s) => s.title)).toEqual(['Midnight City']);
    const shuffled = await search.playArtist(em(), owner, { name: 'Neon Harbor', shuffle: true });
    expect([shuffled.queue.currentSong?.title, ...shuffled.queue.upcomingQueue.map((s) => s.title)].sort()).toEqual(['Midnight City', 'Paper Boats']);
    await expectAppError(search.playArtist(em(), owner, { name: 'Private Person' }), 'NOT_FOUND', 'No songs by that artist');
    await expectAppError(search.playArtist(em(), owner, { name: 'Nobody' }), 'NOT_FOUND', 'No songs by that artist');
    await expectAppError(search.playArtist(em(), owner, { name: '  ' }), 'BAD_USER_INPUT', 'Artist name is required');
  });
});
