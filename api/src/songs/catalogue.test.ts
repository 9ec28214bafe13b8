import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import supertest from 'supertest';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DATABASE_TARGETS } from '../test-support/services-available.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { cookiePair } from '../test-support/ws-client.js';
import { User } from '../users/user.entity.js';
import { Song } from './song.entity.js';
import { insertSong } from '../library/test-fixtures.js';
import type { SongAnalysis } from '../music/types.js';

const ANALYSIS: SongAnalysis = {
  durationSeconds: 180,
  bpm: 124,
  beatOffsetSeconds: 0.25,
  key: 'A minor',
  integratedLufs: -14,
  truePeakDbtp: -1,
  energyCurve: [0.2, 0.8],
  introEndSeconds: 8,
  outroStartSeconds: 170,
  silenceRanges: [{ start: 179, end: 180 }],
  waveformPeaks: [0.1, 0.9, 0.5],
};

describe.each(DATABASE_TARGETS)('song catalogue (GraphQL songs and song) on %s PostgreSQL', (target) => {
  let t: TestApp;
  let alice: { cookie: string; user: User };
  let bob: { cookie: string; user: User };
  const em = () => t.app.database.orm.em.fork() as EntityManager;

  async function signUp(username: string) {
    const res = await supertest(t.baseUrl).post('/api/register').send({ username, password: 'password1' });
    expect(res.status).toBe(201);
    return { cookie: cookiePair(res.headers['set-cookie']), user: await em().findOneOrFail(User, { username }) };
  }
  const gql = async (cookie: string, query: string, variables: Record<string, unknown> = {}) => {
    const res = await supertest(t.baseUrl).post('/graphql').set('cookie', cookie).send({ query, variables });
    return res.body as { data?: Record<string, any>; errors?: Array<{ message: string; extensions: { code: string } }> };
  };
  const PAGE = 'query ($first: Int, $after: ID, $genre: String, $mine: Boolean) { songs(first: $first, after: $after, genre: $genre, mine: $mine) { songs { title } endCursor hasNextPage } }';

  beforeAll(async () => {
    t = await startTestApp({ target });
    alice = await signUp('alice');
    bob = await signUp('bob');
    // Same creation time for several songs: the id breaks the tie, so pages never overlap.
    const at = new Date('2026-01-01T00:00:00Z');
    const setup = em();
    for (let i = 0; i < 5; i += 1) await insertSong(setup, { id: `public-${i}`, title: `Public ${i}`, genre: i % 2 ? 'jazz' : 'rock' });
    await insertSong(setup, { id: 'alice-private', title: 'Alice private', isPublic: false, user: alice.user });
    await insertSong(setup, { id: 'bob-private', title: 'Bob private', isPublic: false, user: bob.user });
    await setup.nativeUpdate(Song, { id: { $in: ['public-1', 'public-2', 'public-3'] } }, { createdAt: at });
  });
  afterAll(async () => {
    await t.close();
  });

  it("pages through public songs and the viewer's own, newest first, without repeats", async () => {
    const seen: string[] = [];
    let after: string | null = null;
    for (let page = 0; page < 10; page += 1) {
      const { data } = await gql(alice.cookie, PAGE, { first: 2, after });
      seen.push(...data!.songs.songs.map((s: { title: string }) => s.title));
      if (!data!.songs.hasNextPage) {
        expect(data!.songs.endCursor).toBeNull();
        break;
      }
      after = data!.songs.endCursor;
    }
    expect(seen).toHaveLength(6);
    expect(new Set(seen).size).toBe(6);
    expect(seen).toContain('Alice private');
    expect(seen).not.toContain('Bob private');
    expect(seen.slice(-3)).toEqual(['Public 3', 'Public 2', 'Public 1']);
  });

  it('filters by genre and by ownership', async () => {
    const jazz = await gql(alice.cookie, PAGE, { genre: 'jazz' });
    expect(jazz.data!.songs.songs.map((s: { title: string }) => s.title).sort()).toEqual(['Public 1', 'Public 3']);
    const mine = await gql(bob.cookie, PAGE, { mine: true });
    expect(mine.data!.songs).toEqual({ songs: [{ title: 'Bob private' }], endCursor: null, hasNextPage: false });
    const bad = await gql(alice.cookie, PAGE, { first: 500 });
    expect(bad.errors![0]).toMatchObject({ message: 'first must be between 1 and 100', extensions: { code: 'BAD_USER_INPUT' } });
    const gone = await gql(alice.cookie, PAGE, { after: 'deleted-song' });
    expect(gone.errors![0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it("answers song(id) with the viewer's like and the analysis, and null for others' private songs (admins see them)", async () => {
    await em().nativeUpdate(Song, { id: 'public-0' }, { analysis: ANALYSIS, bpm: 124, musicalKey: 'A minor', lrc: '[00:01.00]Hello' });
    await gql(alice.cookie, 'mutation { like(songId: "public-0") { id } }');
    const SONG = 'query ($id: ID!) { song(id: $id) { id title isLiked likeCount bpm key lrc analysis { bpm key beatOffsetSeconds silenceRanges { start end } waveformPeaks energyCurve durationSeconds integratedLufs introEndSeconds outroStartSeconds } } }';
    const { data } = await gql(alice.cookie, SONG, { id: 'public-0' });
    const { truePeakDbtp: _notInContract, ...contractAnalysis } = ANALYSIS;
    expect(data!.song).toEqual({ id: 'public-0', title: 'Public 0', isLiked: true, likeCount: 1, bpm: 124, key: 'A minor', lrc: '[00:01.00]Hello', analysis: contractAnalysis });
    expect((await gql(bob.cookie, SONG, { id: 'public-0' })).data!.song.isLiked).toBe(false);
    expect((await gql(bob.cookie, SONG, { id: 'alice-private' })).data!.song).toBeNull();
    // Alice signed up first, so she is the admin: admins see every song.
    expect((await gql(alice.cookie, SONG, { id: 'bob-private' })).data!.song).toMatchObject({ title: 'Bob private' });
    expect((await gql(bob.cookie, 'query { song(id: "bob-private") { title analysis { bpm } } }')).data!.song).toEqual({ title: 'Bob private', analysis: null });
    const anonymous = await supertest(t.baseUrl).post('/graphql').send({ query: '{ song(id: "public-0") { title } }' });
    expect(anonymous.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it("answers a repeated page from memory: others' plays wait (LIBRARY_READ_CACHE_MS), the viewer's own like shows at once", async () => {
    const FIRST = '{ songs(first: 3) { songs { id isLiked playCount } } }';
    const before = await gql(alice.cookie, FIRST);
    const top = before.data!.songs.songs[0] as { id: string; playCount: number };
    await em().nativeUpdate(Song, { id: top.id }, { playCount: top.playCount + 7 });
    expect(await gql(alice.cookie, FIRST)).toEqual(before);
    expect((await gql(alice.cookie, 'mutation ($id: ID!) { like(songId: $id) { id } }', { id: top.id })).errors).toBeUndefined();
    expect((await gql(alice.cookie, FIRST)).data!.songs.songs[0]).toEqual({ id: top.id, isLiked: true, playCount: top.playCount + 7 });
  });
});
