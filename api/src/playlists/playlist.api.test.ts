import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DATABASE_TARGETS } from '../test-support/services-available.js';
import { signUp, startTestApp, type TestApp } from '../test-support/test-app.js';
import { graphqlCaller } from '../test-support/graphql-caller.js';
import { collect, wsClient } from '../test-support/ws-client.js';
import { insertSong } from '../library/test-fixtures.js';
import { User } from '../users/user.entity.js';

const PLAYLIST = '{ id name description isPublic isOwner ownerName songCount totalDuration coverUrls createdAt updatedAt songs { position addedAt song { id title isLiked } } }';

/** Every playlist operation with valid-looking arguments, for the signed-out and ownership checks. */
const OPERATIONS: Array<{ name: string; query: string }> = [
  { name: 'playlists', query: 'query { playlists { id } }' },
  { name: 'playlist', query: 'query ($id: ID!) { playlist(id: $id) { id } }' },
  { name: 'createPlaylist', query: 'mutation { createPlaylist(name: "x") { id } }' },
  { name: 'renamePlaylist', query: 'mutation ($id: ID!) { renamePlaylist(id: $id, name: "y") { id } }' },
  { name: 'describePlaylist', query: 'mutation ($id: ID!) { describePlaylist(id: $id, description: "d") { id } }' },
  { name: 'setPlaylistPublic', query: 'mutation ($id: ID!) { setPlaylistPublic(id: $id, isPublic: false) { id } }' },
  { name: 'deletePlaylist', query: 'mutation ($id: ID!) { deletePlaylist(id: $id) }' },
  { name: 'addSongsToPlaylist', query: 'mutation ($id: ID!, $song: ID!) { addSongsToPlaylist(id: $id, songIds: [$song]) { id } }' },
  { name: 'removeSongsFromPlaylist', query: 'mutation ($id: ID!, $song: ID!) { removeSongsFromPlaylist(id: $id, songIds: [$song]) { id } }' },
  { name: 'moveSongInPlaylist', query: 'mutation ($id: ID!, $song: ID!) { moveSongInPlaylist(id: $id, songId: $song, toPosition: 0) { id } }' },
  { name: 'duplicatePlaylist', query: 'mutation ($id: ID!) { duplicatePlaylist(id: $id) { id } }' },
  { name: 'playPlaylist', query: 'mutation ($id: ID!) { playPlaylist(id: $id) { version } }' },
  { name: 'enqueuePlaylist', query: 'mutation ($id: ID!) { enqueuePlaylist(id: $id) { version } }' },
];
const READS = new Set(['playlist', 'duplicatePlaylist', 'playPlaylist', 'enqueuePlaylist']);

describe.each(DATABASE_TARGETS)('playlists over GraphQL on %s PostgreSQL', (target) => {
  let t: TestApp;
  let users = 0;
  beforeAll(async () => {
    t = await startTestApp({ target });
  });
  afterAll(async () => {
    await t.close();
  });
  const em = () => t.app.database.orm.em.fork() as EntityManager;

  const signedIn = async () => {
    const username = `lister${(users += 1)}`;
    const cookie = await signUp(t, username);
    return { cookie, user: await em().findOneOrFail(User, { username }) };
  };
  const { gql, ok, codeOf } = graphqlCaller(() => t.baseUrl);

  it('creates and edits a playlist with the shapes the web app reads', async () => {
    const { cookie, user } = await signedIn();
    const [a, b, c] = [await insertSong(em(), { title: 'PA' }), await insertSong(em(), { title: 'PB' }), await insertSong(em(), { title: 'PC' })];
    const created = (await ok(cookie, `mutation ($songs: [ID!]) { createPlaylist(name: "Mix", description: "For running", songIds: $songs) ${PLAYLIST} }`, { songs: [a.id, b.id] })).createPlaylist;
    expect(created).toMatchObject({ name: 'Mix', description: 'For running', isPublic: false, isOwner: true, ownerName: user.username, songCount: 2, totalDuration: 360, coverUrls: [] });
    expect(created.songs).toMatchObject([{ position: 0, song: { title: 'PA', isLiked: false } }, { position: 1, song: { title: 'PB' } }]);
    expect(new Date(created.songs[0].addedAt).toString()).not.toBe('Invalid Date');
    const id = created.id as string;

    const added = (await ok(cookie, 'mutation ($id: ID!, $songs: [ID!]!) { addSongsToPlaylist(id: $id, songIds: $songs, position: 0) { songs { song { title } } } }', { id, songs: [c.id] })).addSongsToPlaylist;
    expect(added.songs.map((e: any) => e.song.title)).toEqual(['PC', 'PA', 'PB']);
    const moved = (await ok(cookie, 'mutation ($id: ID!, $song: ID!) { moveSongInPlaylist(id: $id, songId: $song, toPosition: 2) { songs { position song { title } } } }', { id, song: c.id })).moveSongInPlaylist;
    expect(moved.songs).toEqual([{ position: 0, song: { title: 'PA' } }, { position: 1, song: { title: 'PB' } }, { position: 2, song: { title: 'PC' } }]);
    expect((await ok(cookie, 'mutation ($id: ID!, $song: ID!) { removeSongsFromPlaylist(id: $id, songIds: [$song]) { songCount } }', { id, song: a.id })).removeSongsFromPlaylist).toEqual({ songCount: 2 });
    expect((await ok(cookie, 'mutation ($id: ID!) { renamePlaylist(id: $id, name: "Tempo") { name } }', { id })).renamePlaylist.name).toBe('Tempo');
    expect((await ok(cookie, 'mutation ($id: ID!) { describePlaylist(id: $id, description: null) { description } }', { id })).describePlaylist.description).toBeNull();
    expect((await ok(cookie, 'mutation ($id: ID!) { setPlaylistPublic(id: $id, isPublic: true) { isPublic } }', { id })).setPlaylistPublic.isPublic).toBe(true);
    expect((await ok(cookie, 'query { playlists { name songCount } }')).playlists).toEqual([{ name: 'Tempo', songCount: 2 }]);

    const played = (await ok(cookie, 'mutation ($id: ID!, $song: ID!) { playPlaylist(id: $id, startSongId: $song) { currentSong { title } upcomingQueue { title } } }', { id, song: b.id })).playPlaylist;
    expect(played).toEqual({ currentSong: { title: 'PB' }, upcomingQueue: [{ title: 'PC' }] });
    expect((await ok(cookie, 'mutation ($id: ID!) { enqueuePlaylist(id: $id, next: true) { upcomingQueue { title } } }', { id })).enqueuePlaylist.upcomingQueue).toEqual([{ title: 'PB' }, { title: 'PC' }, { title: 'PC' }]);
    const copy = (await ok(cookie, 'mutation ($id: ID!) { duplicatePlaylist(id: $id) { id name isPublic songCount } }', { id })).duplicatePlaylist;
    expect(copy).toMatchObject({ name: 'Tempo (copy)', isPublic: false, songCount: 2 });
    expect((await ok(cookie, 'mutation ($id: ID!) { deletePlaylist(id: $id) }', { id: copy.id })).deletePlaylist).toBe(copy.id);

    for (const [query, variables, message] of [
      ['mutation { createPlaylist(name: "") { id } }', {}, 'Name is required'],
      ['mutation ($id: ID!) { renamePlaylist(id: $id, name: "   ") { id } }', { id }, 'Name is required'],
      ['mutation ($id: ID!) { moveSongInPlaylist(id: $id, songId: "x", toPosition: -1) { id } }', { id }, 'toPosition must not be negative'],
      ['mutation ($id: ID!) { addSongsToPlaylist(id: $id, songIds: []) { id } }', { id }, 'Choose at least one song'],
    ] as const) {
      const body = await gql(cookie, query, variables);
      expect(body.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
    }
    const missing = await gql(cookie, 'query { playlist(id: "424242") { id } }');
    expect(missing.errors?.[0]).toMatchObject({ message: 'Playlist not found', extensions: { code: 'NOT_FOUND' } });
  });

  it('answers each operation by who asks: owner, another user, an admin, or nobody', async () => {
    const admin = await signedIn();
    const owner = await signedIn();
    const other = await signedIn();
    // The first account is the admin; make sure this one is, whatever ran first.
    await em().nativeUpdate(User, { id: admin.user.id }, { userTier: 'admin', canAccessAdmin: true });
    const song = await insertSong(em(), { title: 'Matrix' });
    const make = async (isPublic: boolean) =>
      (await ok(owner.cookie, 'mutation ($p: Boolean!, $s: [ID!]) { createPlaylist(name: "M", isPublic: $p, songIds: $s) { id } }', { p: isPublic, s: [song.id] })).createPlaylist.id as string;

    for (const { name, query } of OPERATIONS) {
      expect([name, await codeOf(null, query, { id: '1', song: song.id })]).toEqual([name, 'UNAUTHENTICATED']);
      const privateId = await make(false);
      const publicId = await make(true);
      for (const outsider of [other, admin]) {
        const onPrivate = await codeOf(outsider.cookie, query, { id: privateId, song: song.id });
        const onPublic = await codeOf(outsider.cookie, query, { id: publicId, song: song.id });
        if (name === 'playlists' || name === 'createPlaylist') continue;
        expect([name, onPrivate]).toEqual([name, 'NOT_FOUND']);
        expect([name, onPublic]).toEqual([name, READS.has(name) ? null : 'FORBIDDEN']);
      }
      expect([name, await codeOf(owner.cookie, query, { id: privateId, song: song.id })]).toEqual([name, null]);
    }
  });

  it("pushes playlistChanged to the owner's devices and to viewers of a public playlist only", async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    const song = await insertSong(em(), { title: 'Pushed' });
    const id = (await ok(alice.cookie, 'mutation { createPlaylist(name: "Synced") { id } }')).createPlaylist.id as string;
    const MINE = 'subscription { playlistChanged { playlistId playlist { name songCount songs { song { title } } } } }';
    const ONE = 'subscription ($id: ID) { playlistChanged(playlistId: $id) { playlistId playlist { name isOwner songCount } } }';
    const laptop = wsClient(t.baseUrl, alice.cookie);
    const bobTab = wsClient(t.baseUrl, bob.cookie);
    type Change = { playlistChanged: { playlistId: string; playlist: Record<string, any> | null } };
    const laptopEvents = collect<Change>(laptop, MINE);
    const bobMine = collect<Change>(bobTab, MINE);
    const bobWatching = collect<Change>(bobTab, ONE, { id });
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await ok(alice.cookie, 'mutation ($id: ID!, $s: ID!) { addSongsToPlaylist(id: $id, songIds: [$s]) { id } }', { id, s: song.id });
      const [added] = await laptopEvents.next(1);
      expect(added!.playlistChanged).toEqual({ playlistId: id, playlist: { name: 'Synced', songCount: 1, songs: [{ song: { title: 'Pushed' } }] } });
      expect(bobWatching.results).toEqual([]);

      await ok(alice.cookie, 'mutation ($id: ID!) { setPlaylistPublic(id: $id, isPublic: true) { id } }', { id });
      const [shared] = await bobWatching.next(1);
      expect(shared!.playlistChanged).toEqual({ playlistId: id, playlist: { name: 'Synced', isOwner: false, songCount: 1 } });
      await ok(alice.cookie, 'mutation ($id: ID!) { deletePlaylist(id: $id) }', { id });
      const [, deleted] = await bobWatching.next(2);
      expect(deleted!.playlistChanged).toEqual({ playlistId: id, playlist: null });
      expect((await laptopEvents.next(3))[2]!.playlistChanged).toEqual({ playlistId: id, playlist: null });
      expect(bobMine.results).toEqual([]);
      expect([...laptopEvents.errors, ...bobMine.errors, ...bobWatching.errors]).toEqual([]);
    } finally {
      for (const events of [laptopEvents, bobMine, bobWatching]) events.dispose();
      await Promise.all([laptop.dispose(), bobTab.dispose()]);
    }
  });
});
