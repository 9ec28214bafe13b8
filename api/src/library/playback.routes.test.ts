import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import supertest from 'supertest';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DATABASE_TARGETS, TEST_REDIS_URL, postgresAvailable, redisAvailable } from '../test-support/services-available.js';
import { signUp, startTestApp, type TestApp } from '../test-support/test-app.js';
import { collect, cookiePair, wsClient } from '../test-support/ws-client.js';
import { User } from '../users/user.entity.js';
import type { Song } from '../songs/song.entity.js';
import { insertSong } from './test-fixtures.js';

const SONG_KEYS = ['album', 'artist', 'audioUrl', 'bpm', 'coverUrl', 'createdAt', 'duration', 'genre', 'id', 'isLiked', 'key', 'likeCount', 'lrc', 'lyrics', 'mood', 'playCount', 'thumbnailUrl', 'title'];

describe.each(DATABASE_TARGETS)('playback REST calls (SPEC 7) and queueChanged on %s PostgreSQL', (target) => {
  let t: TestApp;
  let users = 0;
  beforeAll(async () => {
    t = await startTestApp({ target });
  });
  afterAll(async () => {
    await t.close();
  });
  const em = () => t.app.database.orm.em.fork() as EntityManager;

  /** A signed-in browser and its user row. */
  async function signedIn(): Promise<{ cookie: string; user: User; api: (method: 'get' | 'post' | 'delete', url: string) => supertest.Test }> {
    const username = `player${(users += 1)}`;
    const cookie = await signUp(t, username);
    const user = await em().findOneOrFail(User, { username });
    // Like the web app's fetches: cookies and the page's own Origin (a bodiless POST needs it, docs/auth.md).
    return { cookie, user, api: (method, url) => supertest(t.baseUrl)[method](url).set('cookie', cookie).set('origin', t.baseUrl) };
  }
  const gql = (cookie: string, query: string, variables: Record<string, unknown> = {}) => supertest(t.baseUrl).post('/graphql').set('cookie', cookie).send({ query, variables });
  const titleOf = (song: { title: string } | null) => song?.title ?? null;

  it('answers 401 with an error body to callers without a session', async () => {
    for (const [method, url] of [['get', '/api/songs/queue'], ['post', '/api/songs/auto-advance'], ['get', '/api/songs/x/is-liked'], ['delete', '/api/songs/x/unlike'], ['get', '/api/user/mixer-settings']] as const) {
      const res = await supertest(t.baseUrl)[method](url).set('origin', t.baseUrl);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Not authenticated' });
    }
  });

  it('serves the queue calls with the shapes the player reads', async () => {
    const { cookie, api } = await signedIn();
    const songs: Song[] = [];
    for (const title of ['One', 'Two', 'Three']) songs.push(await insertSong(em(), { title, genre: 'pop' }));

    const empty = await api('get', '/api/songs/queue');
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ currentSong: null, upcomingQueue: [], playHistory: [], radioGenre: null, radioTuning: null, djActive: false, version: 0 });

    const played = await api('post', `/api/songs/${songs[0].id}/play-state`).send({ isGenreSelection: false });
    expect(played.status).toBe(200);
    expect(Object.keys(played.body.currentSong).sort()).toEqual(SONG_KEYS);
    expect(played.body.currentSong).toMatchObject({ id: songs[0].id, title: 'One', genre: 'pop', audioUrl: `/media/songs/${songs[0].id}.mp3`, duration: 180, playCount: 1, likeCount: 0, isLiked: false });
    expect(new Date(played.body.currentSong.createdAt).toString()).not.toBe('Invalid Date');
    expect(played.body).toMatchObject({ upcomingQueue: [], playHistory: [], radioGenre: null });

    for (const song of songs.slice(1)) expect((await gql(cookie, 'mutation ($id: ID!) { enqueue(songId: $id) { version } }', { id: song.id })).body.errors).toBeUndefined();
    const next = await api('post', '/api/songs/play-next-song');
    expect(next.status).toBe(200);
    expect(Object.keys(next.body)).toEqual(['nextSong']);
    expect(titleOf(next.body.nextSong)).toBe('Two');

    const previous = await api('post', '/api/songs/play-previous-song');
    expect(previous.status).toBe(200);
    expect(titleOf(previous.body.prevSong)).toBe('One');
    expect((await api('post', '/api/songs/play-previous-song')).body).toEqual({ prevSong: null });

    const advanced = await api('post', '/api/songs/auto-advance').send({});
    expect(advanced.status).toBe(200);
    expect(titleOf(advanced.body.nextSong)).toBe('Two');
    // The same song end reported again (no body, as SPEC 7's client sends it) does not advance twice.
    const repeated = await api('post', '/api/songs/auto-advance');
    expect(titleOf(repeated.body.nextSong)).toBe('Two');
    const stale = await api('post', '/api/songs/auto-advance').send({ finishedSongId: songs[0].id });
    expect(titleOf(stale.body.nextSong)).toBe('Two');

    const back = await api('post', '/api/songs/shift-backward');
    expect(back.status).toBe(200);
    expect(titleOf(back.body.currentSong)).toBe('One');
    expect(back.body.upcomingQueue.map(titleOf)).toEqual(['Two', 'Three']);
    expect(back.body.playHistory).toEqual([]);

    const queue = await api('get', '/api/songs/queue');
    expect(queue.body).toEqual(back.body);
  });

  it('answers the GraphQL queue with the songs REST answers, never to be cached', async () => {
    const { cookie, api } = await signedIn();
    const [first, second, third] = [await insertSong(em(), { title: 'Gql one' }), await insertSong(em(), { title: 'Gql two' }), await insertSong(em(), { title: 'Gql three' })];
    await api('post', `/api/songs/${first.id}/play-state`).send({ isGenreSelection: false });
    for (const song of [second, third]) await gql(cookie, 'mutation ($id: ID!) { enqueue(songId: $id) { version } }', { id: song.id });
    await api('post', '/api/songs/play-next-song');
    const fields = SONG_KEYS.join(' ');
    const res = await gql(cookie, `{ queue { version radioGenre djActive currentSong { ${fields} } upcomingQueue { ${fields} } playHistory { ${fields} } } }`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.errors).toBeUndefined();
    const { radioTuning: _tuning, ...rest } = (await api('get', '/api/songs/queue')).body;
    expect(res.body.data.queue).toEqual(rest);
    expect([titleOf(rest.currentSong), ...rest.upcomingQueue.map(titleOf), ...rest.playHistory.map(titleOf)]).toEqual(['Gql two', 'Gql three', 'Gql one']);
  });

  it('answers repeated queue reads with the queue as it is now, over GraphQL and REST', async () => {
    const { cookie, api } = await signedIn();
    const [first, second] = [await insertSong(em(), { title: 'Again one' }), await insertSong(em(), { title: 'Again two' })];
    await api('post', `/api/songs/${first.id}/play-state`).send({ isGenreSelection: false });
    const document = 'query Player { queue { version currentSong { title isLiked } upcomingQueue { title } } }';
    const read = async () => {
      const [graphql, rest] = [await gql(cookie, document), await api('get', '/api/songs/queue')];
      expect(graphql.body.errors).toBeUndefined();
      expect(rest.status).toBe(200);
      expect(rest.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(rest.body.version).toBe(graphql.body.data.queue.version);
      return graphql.body.data.queue;
    };
    const once = await read();
    expect(await read()).toEqual(once);
    expect(once).toMatchObject({ currentSong: { title: 'Again one', isLiked: false }, upcomingQueue: [] });
    await gql(cookie, 'mutation ($id: ID!) { enqueue(songId: $id) { version } }', { id: second.id });
    expect(await read()).toMatchObject({ version: once.version + 1, upcomingQueue: [{ title: 'Again two' }] });
    await api('post', `/api/songs/${first.id}/like`);
    expect((await read()).currentSong).toEqual({ title: 'Again one', isLiked: true });
    // A document asking for more than the queue is executed whole: its other fields are current.
    const both = await gql(cookie, '{ queue { version } me { username } }');
    expect(both.body.data).toEqual({ queue: { version: once.version + 1 }, me: { username: expect.stringMatching(/^player/) } });
    // Another user's read of the same document gets their own queue.
    const other = await signedIn();
    expect((await gql(other.cookie, document)).body.data.queue).toEqual({ version: 0, currentSong: null, upcomingQueue: [] });
  });

  it('starts a genre radio from play-state and rejects bad input and hidden songs', async () => {
    const { api } = await signedIn();
    const { user: other } = await signedIn();
    const genre = `rest-radio-${users}`;
    const seed = await insertSong(em(), { title: 'Seed', genre });
    for (let i = 0; i < 4; i += 1) await insertSong(em(), { title: `Radio ${i}`, genre });
    const radio = await api('post', `/api/songs/${seed.id}/play-state`).send({ isGenreSelection: true });
    expect(radio.status).toBe(200);
    expect(radio.body.radioGenre).toBe(genre);
    expect(radio.body.upcomingQueue).toHaveLength(3);

    const bad = await api('post', `/api/songs/${seed.id}/play-state`).send({ isGenreSelection: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: 'isGenreSelection must be true or false' });
    const hidden = await insertSong(em(), { title: 'Hidden', isPublic: false, user: other });
    for (const [method, url] of [['post', `/api/songs/${hidden.id}/play-state`], ['get', `/api/songs/${hidden.id}/is-liked`], ['post', `/api/songs/${hidden.id}/like`], ['post', '/api/songs/nope/like']] as const) {
      const res = await api(method, url).send({});
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Song not found' });
    }
  });

  it('likes and unlikes with exact counts, and answers is-liked as a bare boolean', async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    const song = await insertSong(em(), { title: 'Likeable' });
    const isLiked = await alice.api('get', `/api/songs/${song.id}/is-liked`);
    expect(isLiked.status).toBe(200);
    expect(isLiked.text).toBe('false');
    expect((await alice.api('post', `/api/songs/${song.id}/like`)).body).toEqual({ liked: true, likeCount: 1 });
    expect((await alice.api('post', `/api/songs/${song.id}/like`)).body).toEqual({ liked: true, likeCount: 1 });
    expect((await bob.api('post', `/api/songs/${song.id}/like`)).body).toEqual({ liked: true, likeCount: 2 });
    expect((await alice.api('get', `/api/songs/${song.id}/is-liked`)).body).toBe(true);
    const unliked = await alice.api('delete', `/api/songs/${song.id}/unlike`);
    expect(unliked.status).toBe(200);
    expect(unliked.body).toEqual({ liked: false, likeCount: 1 });
    expect((await alice.api('delete', `/api/songs/${song.id}/unlike`)).body).toEqual({ liked: false, likeCount: 1 });
    expect((await bob.api('get', `/api/songs/${song.id}/is-liked`)).body).toBe(true);
  });

  it('serves the GraphQL queue and like operations of the contract', async () => {
    const { cookie } = await signedIn();
    const [a, b, c] = [await insertSong(em(), { title: 'GA' }), await insertSong(em(), { title: 'GB' }), await insertSong(em(), { title: 'GC' })];
    const Q = '{ currentSong { title isLiked } upcomingQueue { title } playHistory { title } radioGenre }';
    const run = async (query: string, variables: Record<string, unknown> = {}) => {
      const res = await gql(cookie, query, variables);
      expect(res.body.errors).toBeUndefined();
      return res.body.data;
    };
    await run(`mutation ($id: ID!) { playSong(id: $id) ${Q} }`, { id: a.id });
    await run(`mutation ($id: ID!) { enqueue(songId: $id) ${Q} }`, { id: b.id });
    await run(`mutation ($id: ID!) { playNext(songId: $id) ${Q} }`, { id: c.id });
    expect((await run(`mutation { moveInQueue(from: 0, to: 1) ${Q} }`)).moveInQueue.upcomingQueue).toEqual([{ title: 'GB' }, { title: 'GC' }]);
    expect((await run(`mutation ($id: ID!) { like(songId: $id) { title isLiked likeCount } }`, { id: b.id })).like).toEqual({ title: 'GB', isLiked: true, likeCount: 1 });
    const advanced = (await run(`mutation ($id: ID!) { autoAdvance(finishedSongId: $id) ${Q} }`, { id: a.id })).autoAdvance;
    expect(advanced).toEqual({ currentSong: { title: 'GB', isLiked: true }, upcomingQueue: [{ title: 'GC' }], playHistory: [{ title: 'GA' }], radioGenre: null });
    expect((await run(`mutation ($id: ID!) { autoAdvance(finishedSongId: $id) ${Q} }`, { id: a.id })).autoAdvance).toEqual(advanced);
    expect((await run(`mutation { removeFromQueue(index: 0) ${Q} }`)).removeFromQueue.upcomingQueue).toEqual([]);
    expect((await run(`mutation { previousSong ${Q} }`)).previousSong.currentSong.title).toBe('GA');
    expect((await run(`mutation { nextSong ${Q} }`)).nextSong.currentSong.title).toBe('GB');
    expect((await run(`mutation { shiftBackward ${Q} }`)).shiftBackward.currentSong.title).toBe('GA');
    expect((await run(`mutation { clearQueue ${Q} }`)).clearQueue.upcomingQueue).toEqual([]);
    expect(await run(`query ($id: ID!) { isLiked(songId: $id) likedSongs { title } queue ${Q} }`, { id: b.id })).toEqual({
      isLiked: true,
      likedSongs: [{ title: 'GB' }],
      queue: { currentSong: { title: 'GA', isLiked: false }, upcomingQueue: [], playHistory: [], radioGenre: null },
    });
    expect((await run(`mutation ($id: ID!) { unlike(songId: $id) { isLiked likeCount } }`, { id: b.id })).unlike).toEqual({ isLiked: false, likeCount: 0 });
    const bad = await gql(cookie, 'mutation { removeFromQueue(index: 3) { version } }');
    expect(bad.body.errors[0]).toMatchObject({ message: 'Queue index 3 is out of range (the queue has 0 songs)', extensions: { code: 'BAD_USER_INPUT' } });
  });

  it("delivers queueChanged to the user's other devices and not to other users", async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    const song = await insertSong(em(), { title: 'Synced' });
    const SUBSCRIBE = 'subscription { queueChanged { currentSong { title } upcomingQueue { title } version } }';
    const phone = wsClient(t.baseUrl, alice.cookie);
    const laptop = wsClient(t.baseUrl, alice.cookie);
    const bobTab = wsClient(t.baseUrl, bob.cookie);
    type Event = { queueChanged: { currentSong: { title: string } | null; upcomingQueue: Array<{ title: string }>; version: number } };
    const phoneEvents = collect<Event>(phone, SUBSCRIBE);
    const laptopEvents = collect<Event>(laptop, SUBSCRIBE);
    const bobEvents = collect<Event>(bobTab, SUBSCRIBE);
    try {
      await new Promise((r) => setTimeout(r, 300));
      expect((await alice.api('post', `/api/songs/${song.id}/play-state`).send({})).status).toBe(200);
      await gql(alice.cookie, 'mutation ($id: ID!) { enqueue(songId: $id) { version } }', { id: song.id });
      for (const events of [phoneEvents, laptopEvents]) {
        const [played, queued] = await events.next(2);
        expect(played.queueChanged).toEqual({ currentSong: { title: 'Synced' }, upcomingQueue: [], version: 1 });
        expect(queued.queueChanged).toEqual({ currentSong: { title: 'Synced' }, upcomingQueue: [{ title: 'Synced' }], version: 2 });
      }
      expect(bobEvents.results).toEqual([]);
      expect(bobEvents.errors).toEqual([]);
    } finally {
      for (const events of [phoneEvents, laptopEvents, bobEvents]) events.dispose();
      await Promise.all([phone.dispose(), laptop.dispose(), bobTab.dispose()]);
    }
  });
});

describe.runIf(redisAvailable && postgresAvailable)('queueChanged across two API instances on one Redis and PostgreSQL', () => {
  it('reaches a device connected to the other instance, song fields intact after crossing Redis', async () => {
    const first = await startTestApp({ target: 'postgres', redisUrl: TEST_REDIS_URL });
    const second = await startTestApp({ target: 'postgres', redisUrl: TEST_REDIS_URL, database: first.database });
    const res = await supertest(first.baseUrl).post('/api/register').send({ username: `queue${Date.now()}`, password: 'password1' });
    const cookie = cookiePair(res.headers['set-cookie']);
    const song = await insertSong(first.app.database.orm.em.fork() as EntityManager, { title: 'Across' });
    const client = wsClient(first.baseUrl, cookie);
    const events = collect<{ queueChanged: { currentSong: { id: string; createdAt: string; isLiked: boolean } } }>(client, 'subscription { queueChanged { currentSong { id createdAt isLiked } } }');
    try {
      await new Promise((r) => setTimeout(r, 500));
      expect((await supertest(second.baseUrl).post(`/api/songs/${song.id}/play-state`).set('cookie', cookie).send({})).status).toBe(200);
      const [event] = await events.next(1);
      expect(event.queueChanged.currentSong).toEqual({ id: song.id, createdAt: song.createdAt.toISOString(), isLiked: false });
    } finally {
      events.dispose();
      await client.dispose();
      await second.close();
      await first.close();
    }
  });
});
