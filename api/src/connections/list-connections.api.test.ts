/**
 * The connections that replaced plain lists, over GraphQL as clients call them: pages and their
 * pageInfo, refused arguments with their codes, who may ask, and the old list fields deprecated
 * (kept, so the schema change stays non-breaking). What each viewer sees in them is
 * list-connections.service.test.ts's subject.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { GraphQLObjectType } from 'graphql';
import { buildAppSchema } from '../graphql/schema.js';
import { createPubSub } from '../pubsub/pubsub.js';
import { DATABASE_TARGETS } from '../test-support/services-available.js';
import { signUp, startTestApp, type TestApp } from '../test-support/test-app.js';
import { graphqlCaller } from '../test-support/graphql-caller.js';
import { insertSong } from '../library/test-fixtures.js';
import { Song } from '../songs/song.entity.js';
import { User } from '../users/user.entity.js';

const PAGE = 'totalCount pageInfo { hasNextPage hasPreviousPage startCursor endCursor } edges { cursor node { id } }';
type Page = { totalCount: number; pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null }; edges: Array<{ cursor: string; node: { id: string } }> };
const ids = (page: Page) => page.edges.map((edge) => edge.node.id);

describe.each(DATABASE_TARGETS)('list connections over GraphQL on %s PostgreSQL', (target) => {
  let t: TestApp;
  let admin: string;
  let alice: string;
  let bob: string;
  let aliceUser: User;
  const em = () => t.app.database.orm.em.fork() as EntityManager;
  const { gql, ok, codeOf } = graphqlCaller(() => t.baseUrl);

  beforeAll(async () => {
    t = await startTestApp({ target });
    admin = await signUp(t, 'lists-admin'); // the first account is the admin
    alice = await signUp(t, 'lists-alice');
    bob = await signUp(t, 'lists-bob');
    // A manager from the start (the session keeps the user it read).
    await em().nativeUpdate(User, { username: 'lists-alice' }, { canManageSongs: true });
    aliceUser = await em().findOneOrFail(User, { username: 'lists-alice' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('likedSongsConnection pages forward and back with exact pageInfo; mixing directions is BAD_USER_INPUT', async () => {
    const songs = [];
    for (const title of ['Like one', 'Like two', 'Like three']) songs.push(await insertSong(em(), { title }));
    for (const song of songs) await ok(alice, 'mutation ($id: ID!) { like(songId: $id) { id } }', { id: song.id });
    const newestFirst = songs.map((song) => song.id).reverse();
    const query = `query ($first: Int, $after: String, $last: Int, $before: String) { likedSongsConnection(first: $first, after: $after, last: $last, before: $before) { ${PAGE} } }`;
    const one: Page = (await ok(alice, query, { first: 2 })).likedSongsConnection;
    expect(ids(one)).toEqual(newestFirst.slice(0, 2));
    expect(one.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false, endCursor: one.edges[1]!.cursor });
    expect(one.totalCount).toBe(3);
    const two: Page = (await ok(alice, query, { first: 2, after: one.pageInfo.endCursor })).likedSongsConnection;
    expect(ids(two)).toEqual(newestFirst.slice(2));
    expect(two.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    const back: Page = (await ok(alice, query, { last: 2, before: two.pageInfo.startCursor })).likedSongsConnection;
    expect(ids(back)).toEqual(ids(one));
    expect(back.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    expect(ids((await ok(bob, query, {})).likedSongsConnection)).toEqual([]);

    expect(await codeOf(alice, query, { first: 1, last: 1 })).toBe('BAD_USER_INPUT');
    expect(await codeOf(alice, query, { after: 'nonsense' })).toBe('BAD_USER_INPUT');
    expect(await codeOf(alice, query, { first: 101 })).toBe('BAD_USER_INPUT');
    expect(await codeOf(null, query, {})).toBe('UNAUTHENTICATED');
  });

  it("aiArtistsConnection by owner, with each artist's songsConnection; an unknown owner is BAD_USER_INPUT", async () => {
    const created = (await ok(alice, 'mutation { createAiArtist(input: { name: "Paged Persona", isPublic: true }) { id } }')).createAiArtist;
    const song = await insertSong(em(), { title: 'Sung by the persona', user: aliceUser, isPublic: false });
    await em().nativeUpdate(Song, { id: song.id }, { aiArtist: Number(created.id) });
    const query = `query ($owner: String) { aiArtistsConnection(owner: $owner, first: 10) { totalCount edges { node { id name songsConnection(first: 5) { ${PAGE} } } } } }`;
    const mine = (await ok(alice, query, { owner: 'mine' })).aiArtistsConnection;
    expect(mine.edges.map((edge: { node: { name: string } }) => edge.node.name)).toEqual(['Paged Persona']);
    expect(ids(mine.edges[0].node.songsConnection)).toEqual([song.id]);
    // Bob sees the public artist among others' artists, but not its owner's private song.
    const others = (await ok(bob, query, { owner: 'others' })).aiArtistsConnection;
    expect(others.edges.map((edge: { node: { id: string } }) => edge.node.id)).toEqual([created.id]);
    expect(others.edges[0].node.songsConnection.totalCount).toBe(0);
    expect((await ok(bob, query, { owner: 'mine' })).aiArtistsConnection.totalCount).toBe(0);
    expect(ids((await ok(admin, `query ($id: ID!) { aiArtist(id: $id) { songsConnection { ${PAGE} } } }`, { id: created.id })).aiArtist.songsConnection)).toEqual([song.id]);
    expect(await codeOf(alice, query, { owner: 'everybody' })).toBe('BAD_USER_INPUT');
  });

  it("Profile.songsConnection and playlistsConnection: the owner's own, others' public ones", async () => {
    const shown = await insertSong(em(), { title: 'On the profile', user: aliceUser });
    const hidden = await insertSong(em(), { title: 'Private on the profile', user: aliceUser, isPublic: false });
    await ok(alice, 'mutation { createPlaylist(name: "Open mix", isPublic: true) { id } }');
    await ok(alice, 'mutation { createPlaylist(name: "Closed mix") { id } }');
    const fields = `songsConnection(first: 50) { ${PAGE} } playlistsConnection { totalCount edges { node { name isOwner } } }`;
    const own = (await ok(alice, `{ myProfile { ${fields} } }`)).myProfile;
    expect(ids(own.songsConnection)).toEqual(expect.arrayContaining([shown.id, hidden.id]));
    expect(own.playlistsConnection.edges.map((edge: { node: { name: string } }) => edge.node.name)).toEqual(['Closed mix', 'Open mix']);
    const seen = (await ok(bob, `query ($u: String!) { profile(username: $u) { ${fields} } }`, { u: 'lists-alice' })).profile;
    expect(ids(seen.songsConnection)).toContain(shown.id);
    expect(ids(seen.songsConnection)).not.toContain(hidden.id);
    expect(seen.playlistsConnection.edges.map((edge: { node: { name: string; isOwner: boolean } }) => edge.node)).toEqual([{ name: 'Open mix', isOwner: false }]);
  });

  it('managedSongsConnection needs canManageSongs, and all needs an admin', async () => {
    const query = `query ($all: Boolean!) { managedSongsConnection(all: $all, first: 5) { ${PAGE} } }`;
    expect(await codeOf(bob, query, { all: false })).toBe('FORBIDDEN');
    expect(await codeOf(alice, query, { all: true })).toBe('FORBIDDEN');
    const own: Page = (await ok(alice, query, { all: false })).managedSongsConnection;
    const count = await em().count(Song, { user: aliceUser.id });
    expect(own.totalCount).toBe(count);
    expect(own.pageInfo.hasNextPage).toBe(count > 5);
    expect((await ok(admin, query, { all: true })).managedSongsConnection.totalCount).toBe(await em().count(Song, {}));
  });

  it('keeps the old list fields, deprecated in favour of their connections', async () => {
    // Introspection is off in production: the schema the server is built from.
    const pubsub = createPubSub(null);
    const schema = await buildAppSchema(pubsub);
    await pubsub.close();
    const deprecations = (type: string) => {
      const fields = Object.values((schema.getType(type) as GraphQLObjectType).getFields());
      return Object.fromEntries(fields.filter((field) => field.deprecationReason).map((field) => [field.name, field.deprecationReason]));
    };
    expect(deprecations('Query')).toMatchObject({
      likedSongs: expect.stringContaining('likedSongsConnection'),
      aiArtists: expect.stringContaining('aiArtistsConnection'),
      managedSongs: expect.stringContaining('managedSongsConnection'),
    });
    expect(deprecations('Profile')).toEqual({ songs: expect.stringContaining('songsConnection'), playlists: expect.stringContaining('playlistsConnection') });
    expect(deprecations('AiArtist')).toEqual({ songs: expect.stringContaining('songsConnection') });
    // Still answered as before.
    expect((await gql(alice, '{ likedSongs { id } aiArtists { id } managedSongs { id } myProfile { songs { id } playlists { id } } }')).errors).toBeUndefined();
  });
});
