/**
 * Smart playlists over GraphQL, as the web page calls them: the rules travel as a JSON object, the
 * preview answers a count and the first songs, saved ones list, change, play and go; bad rules are
 * BAD_USER_INPUT with a message naming the problem, someone else's smart playlist NOT_FOUND.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DATABASE_TARGETS } from '../test-support/services-available.js';
import { signUp, startTestApp, type TestApp } from '../test-support/test-app.js';
import { graphqlCaller } from '../test-support/graphql-caller.js';
import { insertSong } from '../library/test-fixtures.js';
import { Song } from '../songs/song.entity.js';

describe.each(DATABASE_TARGETS)('smart playlists over GraphQL on %s PostgreSQL', (target) => {
  let t: TestApp;
  let cookie: string;
  let other: string;
  const em = () => t.app.database.orm.em.fork() as EntityManager;
  const { gql, ok } = graphqlCaller(() => t.baseUrl);

  beforeAll(async () => {
    t = await startTestApp({ target });
    await signUp(t, 'smart-admin'); // the first account is the admin; the ones below are listeners
    cookie = await signUp(t, 'smart-listener');
    other = await signUp(t, 'smart-other');
    for (const [title, bpm, mood] of [['Slow Tide', 80, 'chill'], ['Fast Lane', 140, 'energetic'], ['Quiet Room', 90, 'peaceful']] as const) {
      const song = await insertSong(em(), { title, genre: 'smartgenre' });
      await em().nativeUpdate(Song, { id: song.id }, { bpm, mood });
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const CALM = { all: [{ field: 'genre', operator: 'is', value: 'smartgenre' }, { any: [{ field: 'mood', operator: 'is', value: 'chill' }, { field: 'mood', operator: 'is', value: 'peaceful' }] }], sort: [{ field: 'bpm', order: 'desc' }] };

  it('previews rules, stores, lists, changes, plays and deletes a smart playlist with the shapes the page reads', async () => {
    const presets = (await ok(cookie, '{ smartPlaylistPresets { name description rules } }')).smartPlaylistPresets;
    expect(presets.map((p: { name: string }) => p.name)).toEqual(['Recently added', 'Most played', 'Liked this month', 'Never played', 'High energy', 'Calm evening']);
    expect(presets[4].rules).toEqual({ all: [{ field: 'energy', operator: 'gt', value: 0.7 }, { field: 'bpm', operator: 'gt', value: 120 }], sort: [{ field: 'energy', order: 'desc' }] });

    const preview = (await ok(cookie, 'query ($rules: JSONObject!) { smartPlaylistSongs(rules: $rules, first: 1) { count songs { title bpm } } }', { rules: CALM })).smartPlaylistSongs;
    expect(preview).toEqual({ count: 2, songs: [{ title: 'Quiet Room', bpm: 90 }] });

    const created = (await ok(cookie, 'mutation ($rules: JSONObject!) { createSmartPlaylist(name: "Calm", rules: $rules) { id name rules createdAt updatedAt } }', { rules: CALM })).createSmartPlaylist;
    expect(created).toMatchObject({ name: 'Calm', rules: CALM });
    expect((await ok(cookie, '{ smartPlaylists { id name } }')).smartPlaylists).toEqual([{ id: created.id, name: 'Calm' }]);
    const limited = { ...CALM, limit: 1 };
    const updated = (await ok(cookie, 'mutation ($id: ID!, $rules: JSONObject) { updateSmartPlaylist(id: $id, name: "Calmest", rules: $rules) { name rules } }', { id: created.id, rules: limited })).updateSmartPlaylist;
    expect(updated).toEqual({ name: 'Calmest', rules: limited });
    const played = (await ok(cookie, 'mutation ($id: ID!) { playSmartPlaylist(id: $id) { currentSong { title } upcomingQueue { title } } }', { id: created.id })).playSmartPlaylist;
    expect(played).toEqual({ currentSong: { title: 'Quiet Room' }, upcomingQueue: [] });

    // Someone else is told it does not exist; the owner deletes it.
    for (const query of ['query ($id: ID!) { smartPlaylist(id: $id) { id } }', 'mutation ($id: ID!) { playSmartPlaylist(id: $id) { version } }', 'mutation ($id: ID!) { deleteSmartPlaylist(id: $id) }']) {
      expect((await gql(other, query, { id: created.id })).errors?.[0]?.extensions.code).toBe('NOT_FOUND');
    }
    expect((await ok(cookie, 'mutation ($id: ID!) { deleteSmartPlaylist(id: $id) }', { id: created.id })).deleteSmartPlaylist).toBe(created.id);
    expect((await ok(cookie, '{ smartPlaylists { id } }')).smartPlaylists).toEqual([]);
  });

  it('refuses bad rules and hostile values with BAD_USER_INPUT naming the problem; the tables stay', async () => {
    const PREVIEW = 'query ($rules: JSONObject!) { smartPlaylistSongs(rules: $rules) { count } }';
    for (const [rules, message] of [
      [{ all: [{ field: 'bpm', operator: 'contains', value: 'x' }] }, 'bpm cannot use the operator "contains"'],
      [{ all: [{ field: "title'; drop table songs; --", operator: 'is', value: 'x' }] }, 'unknown field'],
      [{ all: [], sort: [{ field: 'title', order: 'desc; drop table songs' }] }, 'order must be'],
      [{ all: [], limit: 0 }, 'limit must be'],
    ] as const) {
      expect((await gql(cookie, PREVIEW, { rules })).errors?.[0]).toMatchObject({ message: expect.stringContaining(message), extensions: { code: 'BAD_USER_INPUT' } });
    }
    const hostile = (await ok(cookie, PREVIEW, { rules: { all: [{ field: 'title', operator: 'contains', value: "' or '1'='1" }] } })).smartPlaylistSongs;
    expect(hostile).toEqual({ count: 0 });
    expect((await gql(cookie, 'mutation ($rules: JSONObject!) { createSmartPlaylist(name: "", rules: $rules) { id } }', { rules: CALM })).errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
    expect(await em().count(Song, {})).toBeGreaterThanOrEqual(3);
  });
});
