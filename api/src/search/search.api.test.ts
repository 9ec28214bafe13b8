/**
 * Search and the home rows over GraphQL, as the shell's search box and the home page call them:
 * grouped results (songs, playlists, artists) for what the caller may see, an artist played in
 * place, the home rows' shape; bad input is BAD_USER_INPUT, signed out UNAUTHENTICATED.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DATABASE_TARGETS } from '../test-support/services-available.js';
import { signUp, startTestApp, type TestApp } from '../test-support/test-app.js';
import { graphqlCaller } from '../test-support/graphql-caller.js';
import { insertSong } from '../library/test-fixtures.js';
import { Song } from '../songs/song.entity.js';
import { User } from '../users/user.entity.js';

describe.each(DATABASE_TARGETS)('search and home over GraphQL on %s PostgreSQL', (target) => {
  let t: TestApp;
  let admin: string;
  let cookie: string;
  const em = () => t.app.database.orm.em.fork() as EntityManager;
  const { gql, ok } = graphqlCaller(() => t.baseUrl);
  const SEARCH = 'query ($text: String!, $limit: Int) { search(text: $text, limit: $limit) { songs { id title artist isLiked } playlists { id name isOwner songCount } artists { name songCount coverUrl } } }';

  beforeAll(async () => {
    t = await startTestApp({ target });
    admin = await signUp(t, 'search-admin'); // the first account is the admin
    cookie = await signUp(t, 'search-listener');
    await signUp(t, 'search-owner');
    const owner = await em().findOneOrFail(User, { username: 'search-owner' });
    for (const [title, artist, isPublic] of [['Harbor Lights', 'Glass Owls', true], ['Harbor Fog', 'Glass Owls', true], ['Harbor Secret', 'Glass Owls', false]] as const) {
      const song = await insertSong(em(), { title, isPublic, user: isPublic ? null : owner });
      await em().nativeUpdate(Song, { id: song.id }, { artist, playCount: title === 'Harbor Fog' ? 9 : 1 });
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers grouped results as typed, plays an artist in place, and refuses bad input', async () => {
    await ok(cookie, 'mutation { createPlaylist(name: "Harbor Nights", description: "by the sea") { id } }');
    const found = (await ok(cookie, SEARCH, { text: 'harb' })).search;
    expect(found.songs.map((s: { title: string }) => s.title)).toEqual(['Harbor Fog', 'Harbor Lights']);
    expect(found.songs[0]).toMatchObject({ artist: 'Glass Owls', isLiked: false });
    expect(found.playlists).toEqual([expect.objectContaining({ name: 'Harbor Nights', isOwner: true, songCount: 0 })]);
    expect((await ok(cookie, SEARCH, { text: 'glass ow' })).search.artists).toEqual([{ name: 'Glass Owls', songCount: 2, coverUrl: null }]);
    expect((await ok(cookie, SEARCH, { text: 'harb', limit: 1 })).search.songs).toHaveLength(1);
    // Another user's private song: the admin sees it, the listener does not.
    expect((await ok(admin, SEARCH, { text: 'harbor secret' })).search.songs.map((s: { title: string }) => s.title)).toEqual(['Harbor Secret']);
    expect((await ok(cookie, SEARCH, { text: 'harbor secret' })).search.songs).toEqual([]);

    const played = (await ok(cookie, 'mutation { playArtist(name: "Glass Owls") { currentSong { title } upcomingQueue { title } } }')).playArtist;
    expect(played).toEqual({ currentSong: { title: 'Harbor Fog' }, upcomingQueue: [{ title: 'Harbor Lights' }] });

    expect((await gql(cookie, SEARCH, { text: 'x'.repeat(201) })).errors?.[0]).toMatchObject({ message: 'Search text must be at most 200 characters', extensions: { code: 'BAD_USER_INPUT' } });
    expect((await gql(cookie, SEARCH, { text: 'x', limit: 0 })).errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
    expect((await gql(cookie, 'mutation { playArtist(name: "Nobody Here") { version } }')).errors?.[0]).toMatchObject({ message: 'No songs by that artist', extensions: { code: 'NOT_FOUND' } });
    expect((await gql(null, SEARCH, { text: 'harb' })).errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
  });

  it('answers the home rows with the songs the page shows', async () => {
    const HOME = '{ home { recentlyPlayed { title } latestCreations { title } recentlyLiked { title } madeForYou { title } } }';
    const fresh = await signUp(t, 'home-new');
    expect((await ok(fresh, HOME)).home).toEqual({ recentlyPlayed: [], latestCreations: [], recentlyLiked: [], madeForYou: [] });
    const [lights] = (await ok(fresh, SEARCH, { text: 'harbor lights' })).search.songs;
    await ok(fresh, 'mutation ($id: ID!) { like(songId: $id) { id } }', { id: lights.id });
    await ok(fresh, 'mutation ($id: ID!) { playSong(id: $id) { version } }', { id: lights.id });
    const home = (await ok(fresh, HOME)).home;
    expect(home.recentlyLiked).toEqual([{ title: 'Harbor Lights' }]);
    expect(home.latestCreations).toEqual([]);
    expect((await gql(null, HOME)).errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
  });
});
