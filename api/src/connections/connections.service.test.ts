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
import { PlayHistory } from '../library/play-history.entity.js';
import { playHistoryConnection } from '../library/play-history.service.js';
import { PlaylistService, playlistEntriesConnection } from '../playlists/playlist.service.js';
import { SongCatalogueService } from '../songs/catalogue.service.js';
import { SearchService } from '../search/search.service.js';
import { CONNECTION_FIRST_MAX, encodeCursor } from './cursor.js';
import { allPages, expectSameBothWays } from '../test-support/connection-pages.js';

describe.each(DATABASE_TARGETS)('cursor connections on %s PostgreSQL', (target) => {
  let db: TestDatabase;
  let pubsub: AppPubSub;
  let playlists: PlaylistService;
  let search: SearchService;
  const catalogue = new SongCatalogueService();
  let alice: User;
  let bob: User;
  const em = () => db.orm.em.fork() as EntityManager;

  beforeAll(async () => {
    db = await createTestDatabase(target);
    pubsub = createPubSub(null);
    const queue = new QueueService(pubsub);
    playlists = new PlaylistService(pubsub, queue);
    search = new SearchService(queue);
    alice = await insertUser(em(), 'alice');
    bob = await insertUser(em(), 'bob');
    // Several songs share one creation time: the id breaks the tie, so pages never overlap.
    for (let i = 0; i < 7; i += 1) await insertSong(em(), { id: `public-${i}`, title: `Lantern ${i}`, genre: i % 2 ? 'jazz' : 'rock' });
    await em().nativeUpdate(Song, { id: { $in: ['public-1', 'public-2', 'public-3', 'public-4'] } }, { createdAt: new Date('2026-01-01T00:00:00Z') });
    await insertSong(em(), { id: 'alice-private', title: 'Lantern alice', isPublic: false, user: alice });
    await insertSong(em(), { id: 'bob-private', title: 'Lantern bob', isPublic: false, user: bob });
  });
  afterAll(async () => {
    await pubsub.close();
    await db.close();
  });

  it('songsConnection: the same songs and order as the songs list, in any page size, without repeats', async () => {
    const all = (await catalogue.songs(em(), alice, { first: 100 })).songs.map((song) => song.id);
    expect(all).toContain('alice-private');
    expect(all).not.toContain('bob-private');
    for (const first of [1, 2, 3, 100]) {
      const paged = await allPages((after) => catalogue.songsConnection(em(), alice, { first, after }));
      expect(paged.map((song) => song.id)).toEqual(all);
    }
    const jazz = await catalogue.songsConnection(em(), alice, { genre: 'jazz' });
    expect(jazz.edges.map((edge) => edge.node.genre)).toEqual(['jazz', 'jazz', 'jazz']);
    expect(await jazz.totalCount()).toBe(3);
    expect(await (await catalogue.songsConnection(em(), alice, {})).totalCount()).toBe(all.length);
    expect((await catalogue.songsConnection(em(), bob, { mine: true })).edges.map((edge) => edge.node.id)).toEqual(['bob-private']);
  });

  it('songsConnection: songs added or removed between pages shift nothing', async () => {
    const first = await catalogue.songsConnection(em(), alice, { first: 3 });
    const seen = first.edges.map((edge) => edge.node.id);
    // A new song (newest, so before the cursor) and the cursor's own song deleted.
    await insertSong(em(), { id: 'late-arrival', title: 'Late arrival' });
    await em().nativeDelete(Song, { id: seen[2] });
    const rest = await allPages((after) => catalogue.songsConnection(em(), alice, { first: 2, after }), first.pageInfo.endCursor);
    const expected = (await catalogue.songs(em(), alice, { first: 100 })).songs.map((song) => song.id).filter((id) => id !== 'late-arrival' && !seen.includes(id));
    expect(rest.map((song) => song.id)).toEqual(expected);
    await em().nativeDelete(Song, { id: 'late-arrival' });
  });

  it('refuses a cursor it did not make, another list\'s cursor and first out of range (BAD_USER_INPUT)', async () => {
    await expectAppError(catalogue.songsConnection(em(), alice, { after: 'not-a-cursor' }), 'BAD_USER_INPUT', /Invalid cursor/);
    await expectAppError(catalogue.songsConnection(em(), alice, { after: encodeCursor('history', [5]) }), 'BAD_USER_INPUT', /Invalid cursor/);
    await expectAppError(catalogue.songsConnection(em(), alice, { after: encodeCursor('songs', ['yesterday', 'x']) }), 'BAD_USER_INPUT', /Invalid cursor/);
    await expectAppError(playlists.mineConnection(em(), alice, { after: Buffer.from('{"a":1}').toString('base64url') }), 'BAD_USER_INPUT', /Invalid cursor/);
    await expectAppError(catalogue.songsConnection(em(), alice, { first: CONNECTION_FIRST_MAX + 1 }), 'BAD_USER_INPUT', `first must be between 1 and ${CONNECTION_FIRST_MAX}`);
    await expectAppError(playHistoryConnection(em(), alice, { first: 0 }), 'BAD_USER_INPUT', `first must be between 1 and ${CONNECTION_FIRST_MAX}`);
  });

  it("playlistsConnection: the user's own playlists, most recently changed first", async () => {
    const user = await insertUser(em(), 'lister');
    for (const name of ['One', 'Two', 'Three', 'Four']) await playlists.create(em(), user, { name });
    await playlists.create(em(), bob, { name: 'Not yours', isPublic: true });
    const mine = (await playlists.mine(em(), user)).map((p) => p.name);
    const paged = await allPages((after) => playlists.mineConnection(em(), user, { first: 3, after }));
    expect(paged.map((p) => p.name)).toEqual(mine);
    expect(mine).toHaveLength(4);
    expect(await (await playlists.mineConnection(em(), user, { first: 1 })).totalCount()).toBe(4);
  });

  it('Playlist.songsConnection: the songs the viewer may see, in order; adding before the cursor repeats nothing', async () => {
    const songs = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((t) => insertSong(em(), { title: `Track ${t}`, user: alice })));
    // Alice's private song in her public playlist: Bob does not see it.
    const hidden = await insertSong(em(), { title: 'Track hidden', user: alice, isPublic: false });
    const created = await playlists.create(em(), alice, { name: 'Tracks', isPublic: true, songIds: [...songs.map((s) => s.id), hidden.id] });
    const asAlice = await playlists.get(em(), alice, created.id);
    const firstPage = await playlistEntriesConnection(em(), alice, asAlice, { first: 2 });
    expect(firstPage.edges.map((e) => [e.node.position, e.node.song.title])).toEqual([[0, 'Track a'], [1, 'Track b']]);
    const newcomer = await insertSong(em(), { title: 'Track new', user: alice });
    await playlists.addSongs(em(), alice, { id: created.id, songIds: [newcomer.id], position: 0 });
    const after = await playlists.get(em(), alice, created.id);
    const rest = await allPages((cursor) => playlistEntriesConnection(em(), alice, after, { first: 2, after: cursor }), firstPage.pageInfo.endCursor);
    expect(rest.map((entry) => entry.song.title)).toEqual(['Track c', 'Track d', 'Track e', 'Track hidden']);
    expect(rest.map((entry) => entry.position)).toEqual([3, 4, 5, 6]);
    const asBob = await playlists.get(em(), bob, created.id);
    const bobs = await allPages((cursor) => playlistEntriesConnection(em(), bob, asBob, { first: 4, after: cursor }));
    expect(bobs.map((entry) => entry.song.title)).toEqual(['Track new', 'Track a', 'Track b', 'Track c', 'Track d', 'Track e']);
    expect(await (await playlistEntriesConnection(em(), bob, asBob, {})).totalCount()).toBe(6);
  });

  it('playHistory: every play newest first, without songs the user may no longer see', async () => {
    const listener = await insertUser(em(), 'listener');
    const played = await Promise.all([0, 1, 2, 3, 4].map((i) => insertSong(em(), { title: `Played ${i}`, user: bob })));
    const setup = em();
    for (const song of played) setup.create(PlayHistory, { user: listener, music: song.id, playedAt: new Date() });
    await setup.flush();
    await em().nativeUpdate(Song, { id: played[1]!.id }, { isPublic: false });
    const history = await allPages((after) => playHistoryConnection(em(), listener, { first: 2, after }));
    expect(history.map((entry) => entry.song.title)).toEqual(['Played 4', 'Played 3', 'Played 2', 'Played 0']);
    expect(history.every((entry) => entry.playedAt instanceof Date)).toBe(true);
    expect(await (await playHistoryConnection(em(), listener, {})).totalCount()).toBe(4);
    expect((await playHistoryConnection(em(), alice, {})).edges).toEqual([]);
  });

  it('searchSongs / searchPlaylists: the same matches as search, best first, paged without repeats', async () => {
    await insertSong(em(), { title: 'Quiet harbour' });
    const lyricsOnly = await insertSong(em(), { title: 'Something else' });
    await em().nativeUpdate(Song, { id: lyricsOnly.id }, { lyrics: 'lanterns over the lantern bay' });
    const grouped = await search.search(em(), alice, { text: 'lantern', limit: 50 });
    const expected = grouped.songs.map((song) => song.id);
    expect(expected).toContain(lyricsOnly.id);
    expect(expected).not.toContain('bob-private');
    const paged = await allPages((after) => search.songsConnection(em(), alice, { text: 'lantern', first: 2, after }));
    // Same set; within equal rank, plays and time the connection orders by id descending.
    expect(new Set(paged.map((song) => song.id))).toEqual(new Set(expected));
    expect(paged).toHaveLength(expected.length);
    expect(paged.at(-1)!.id).toBe(lyricsOnly.id);
    expect(await (await search.songsConnection(em(), alice, { text: 'lantern' })).totalCount()).toBe(expected.length);
    expect((await search.songsConnection(em(), alice, { text: '  !! ' })).edges).toEqual([]);

    for (const name of ['Harbour nights', 'Harbour mornings', 'Harbour noon']) await playlists.create(em(), bob, { name, isPublic: true });
    await playlists.create(em(), bob, { name: 'Harbour secret' });
    await playlists.create(em(), alice, { name: 'Harbour mine' });
    const playlistsFound = await allPages((after) => search.playlistsConnection(em(), alice, { text: 'harb', first: 1, after }));
    expect(playlistsFound.map((p) => p.name)[0]).toBe('Harbour mine');
    expect(new Set(playlistsFound.map((p) => p.name))).toEqual(new Set(['Harbour mine', 'Harbour nights', 'Harbour mornings', 'Harbour noon']));
    expect(await (await search.playlistsConnection(em(), alice, { text: 'harb' })).totalCount()).toBe(4);
  });

  it('artist search as a connection: the same artists and order as search, both ways', async () => {
    const artists: Array<[string, number, boolean]> = [['Lantern Owls', 2, true], ['Lantern Keeper', 1, true], ['Lanterns of Bay', 3, true], ['Lantern Hidden', 1, false]];
    for (const [artist, count, isPublic] of artists) {
      for (let i = 0; i < count; i += 1) {
        const song = await insertSong(em(), { title: `By ${artist} ${i}`, isPublic, user: bob });
        await em().nativeUpdate(Song, { id: song.id }, { artist });
      }
    }
    const grouped = (await search.search(em(), alice, { text: 'lant', limit: 50 })).artists.map((artist) => artist.name);
    expect(grouped).toEqual(expect.arrayContaining(['Lantern Owls', 'Lantern Keeper', 'Lanterns of Bay']));
    expect(grouped).not.toContain('Lantern Hidden');
    const paged = await expectSameBothWays((page) => search.artistsConnection(em(), alice, { text: 'lant', ...page }), (artist) => artist.name);
    expect(paged).toEqual(grouped);
    const owls = (await search.artistsConnection(em(), alice, { text: 'lantern owls' })).edges.map((edge) => edge.node);
    expect(owls).toEqual([expect.objectContaining({ name: 'Lantern Owls', songCount: 2 })]);
    expect(await (await search.artistsConnection(em(), alice, { text: 'lant' })).totalCount()).toBe(grouped.length);
    expect((await search.artistsConnection(em(), alice, { text: '!!' })).edges).toEqual([]);
  });

  it('pages backward with last/before on every connection: the same items in the same order as forward', async () => {
    await expectSameBothWays((page) => catalogue.songsConnection(em(), alice, page), (song) => song.id);
    await expectSameBothWays((page) => catalogue.songsConnection(em(), alice, { genre: 'jazz', ...page }), (song) => song.id);
    const lister = await insertUser(em(), 'backward-lister');
    for (const name of ['B1', 'B2', 'B3', 'B4', 'B5']) await playlists.create(em(), lister, { name });
    expect(await expectSameBothWays((page) => playlists.mineConnection(em(), lister, page), (p) => p.name)).toEqual(['B5', 'B4', 'B3', 'B2', 'B1']);
    const tracks = await Promise.all(['p', 'q', 'r', 's', 't'].map((t) => insertSong(em(), { title: `Back ${t}`, user: lister })));
    const created = await playlists.create(em(), lister, { name: 'Back tracks', songIds: tracks.map((track) => track.id) });
    const view = await playlists.get(em(), lister, created.id);
    const entries = await expectSameBothWays((page) => playlistEntriesConnection(em(), lister, view, page), (entry) => [entry.position, entry.song.title]);
    expect(entries).toEqual(['p', 'q', 'r', 's', 't'].map((t, position) => [position, `Back ${t}`]));
    const setup = em();
    for (const track of tracks) setup.create(PlayHistory, { user: lister, music: track.id, playedAt: new Date() });
    await setup.flush();
    expect(await expectSameBothWays((page) => playHistoryConnection(em(), lister, page), (entry) => entry.song.title)).toEqual(['Back t', 'Back s', 'Back r', 'Back q', 'Back p']);
    // Names first, then the song matched by its lyrics alone: a backward page crosses the two passes.
    const found = await expectSameBothWays((page) => search.songsConnection(em(), alice, { text: 'lantern', ...page }), (song) => song.id);
    expect(found.length).toBeGreaterThan(3);
    await expectSameBothWays((page) => search.playlistsConnection(em(), alice, { text: 'harb', ...page }), (p) => p.id);
  });

  it('a backward page before a forward page\'s first item is the page before it; hasPreviousPage is false only at the start', async () => {
    const pageOne = await catalogue.songsConnection(em(), alice, { first: 2 });
    const pageTwo = await catalogue.songsConnection(em(), alice, { first: 2, after: pageOne.pageInfo.endCursor });
    const back = await catalogue.songsConnection(em(), alice, { last: 2, before: pageTwo.pageInfo.startCursor });
    expect(back.edges.map((edge) => edge.cursor)).toEqual(pageOne.edges.map((edge) => edge.cursor));
    expect(back.pageInfo).toMatchObject({ hasPreviousPage: false, hasNextPage: true });
    const backOne = await catalogue.songsConnection(em(), alice, { last: 1, before: pageTwo.pageInfo.startCursor });
    expect(backOne.edges.map((edge) => edge.cursor)).toEqual([pageOne.pageInfo.endCursor]);
    expect(backOne.pageInfo.hasPreviousPage).toBe(true);
    // The list's last items without a cursor.
    const all = (await catalogue.songs(em(), alice, { first: 100 })).songs.map((song) => song.id);
    const tail = await catalogue.songsConnection(em(), alice, { last: 3 });
    expect(tail.edges.map((edge) => edge.node.id)).toEqual(all.slice(-3));
    expect(tail.pageInfo).toMatchObject({ hasPreviousPage: true, hasNextPage: false });
  });

  it('refuses mixing directions and last out of range (BAD_USER_INPUT)', async () => {
    await expectAppError(catalogue.songsConnection(em(), alice, { first: 2, last: 2 }), 'BAD_USER_INPUT', /not both/);
    await expectAppError(playHistoryConnection(em(), alice, { last: 2, after: encodeCursor('history', [5]) }), 'BAD_USER_INPUT', /not both/);
    await expectAppError(search.songsConnection(em(), alice, { text: 'x', first: 2, before: 'abc' }), 'BAD_USER_INPUT', /not both/);
    await expectAppError(playlists.mineConnection(em(), alice, { last: CONNECTION_FIRST_MAX + 1 }), 'BAD_USER_INPUT', `last must be between 1 and ${CONNECTION_FIRST_MAX}`);
    await expectAppError(search.artistsConnection(em(), alice, { text: 'x', before: encodeCursor('search-songs', [0, 1, 1, 'x', 'y']) }), 'BAD_USER_INPUT', /Invalid cursor/);
  });
});
