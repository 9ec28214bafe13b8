import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import supertest from 'supertest';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DATABASE_TARGETS } from '../test-support/services-available.js';
import { signUp, startTestApp, type TestApp } from '../test-support/test-app.js';
import WebSocket from 'ws';
import { wsClient } from '../test-support/ws-client.js';
import { insertSong } from '../library/test-fixtures.js';
import { LikedSong } from '../library/liked-song.entity.js';
import { CROSS_SITE_REFUSED } from './origin.js';

const EVIL = 'http://evil.example';
const ME = '{ me { username } }';

describe.each(DATABASE_TARGETS)('cross-site requests on %s PostgreSQL', (target) => {
  let t: TestApp;
  let registered = 0;
  beforeAll(async () => {
    t = await startTestApp({ target });
  });
  afterAll(async () => {
    await t.close();
  });
  const em = () => t.app.database.orm.em.fork() as EntityManager;
  const ownOrigin = () => t.baseUrl;

  const signUpNext = () => signUp(t, `origin${(registered += 1)}`);

  it('refuses every state-changing REST call sent as a simple cross-site request, and stores nothing', async () => {
    const cookie = await signUpNext();
    const song = await insertSong(em(), { title: 'Target', genre: 'jazz' });
    const calls: Array<['post' | 'delete', string]> = [
      ['post', `/api/songs/${song.id}/like`],
      ['delete', `/api/songs/${song.id}/unlike`],
      ['post', `/api/songs/${song.id}/play-state`],
      ['post', '/api/songs/play-next-song'],
      ['post', '/api/songs/play-previous-song'],
      ['post', '/api/songs/shift-backward'],
      ['post', '/api/songs/auto-advance'],
      ['post', '/api/user/mixer-settings'],
      ['post', '/api/generations'],
      ['post', '/api/logout'],
      ['post', '/api/login'],
      ['post', '/api/register'],
    ];
    for (const [method, url] of calls) {
      for (const origin of [EVIL, 'null', undefined]) {
        const req = supertest(t.baseUrl)[method](url).set('cookie', cookie).set('content-type', 'text/plain');
        if (origin) req.set('origin', origin);
        const res = await req.send('{"isGenreSelection":true}');
        expect({ method, url, origin, status: res.status, body: res.body }).toEqual({ method, url, origin, status: 403, body: { error: CROSS_SITE_REFUSED } });
      }
    }
    expect(await em().count(LikedSong, {})).toBe(0);
    const queue = await supertest(t.baseUrl).get('/api/songs/queue').set('cookie', cookie);
    expect(queue.body.currentSong).toBeNull();
    // The logout above was refused: the session still works.
    expect((await supertest(t.baseUrl).get('/api/user').set('cookie', cookie)).status).toBe(200);
  });

  it('accepts JSON from anywhere (a browser cannot send it cross-site without a preflight) and bodiless calls from its own origin', async () => {
    const cookie = await signUpNext();
    const song = await insertSong(em(), { title: 'Liked', genre: 'jazz' });
    const liked = await supertest(t.baseUrl).post(`/api/songs/${song.id}/like`).set('cookie', cookie).set('origin', EVIL).send({});
    expect(liked.status).toBe(200);
    const next = await supertest(t.baseUrl).post('/api/songs/play-next-song').set('cookie', cookie).set('origin', ownOrigin());
    expect(next.status).toBe(200);
    // The web app's logout: POST with no body from its own page.
    const logout = await supertest(t.baseUrl).post('/api/logout').set('cookie', cookie).set('origin', ownOrigin());
    expect(logout.status).toBe(200);
    expect((await supertest(t.baseUrl).get('/api/user').set('cookie', cookie)).status).toBe(401);
  });

  it('runs no GraphQL operation sent as a simple cross-site request (Apollo CSRF prevention, the JSON arm of the rule)', async () => {
    const cookie = await signUpNext();
    const mutation = 'mutation { updateProfile(input: { defaultDuration: 61 }) { defaultDuration } }';
    const simple = await supertest(t.baseUrl).post('/graphql').set('cookie', cookie).set('origin', EVIL).set('content-type', 'text/plain').send(JSON.stringify({ query: mutation }));
    expect(simple.status).toBe(400);
    const viaGet = await supertest(t.baseUrl).get('/graphql').query({ query: mutation }).set('cookie', cookie).set('origin', EVIL);
    expect(viaGet.status).toBe(400);
    const me = await supertest(t.baseUrl).post('/graphql').set('cookie', cookie).send({ query: '{ me { defaultDuration } }' });
    expect(me.body.data.me.defaultDuration).toBe(180);
  });

  it('leaves GET calls alone', async () => {
    const cookie = await signUpNext();
    const res = await supertest(t.baseUrl).get('/api/songs/queue').set('cookie', cookie).set('origin', EVIL);
    expect(res.status).toBe(200);
  });

  it('refuses a cross-origin WebSocket upgrade and accepts its own origin and non-browser clients', async () => {
    const cookie = await signUpNext();
    // The upgrade itself is answered 403, so no graphql-ws connection (and no operation) ever starts.
    expect(await upgradeStatus(t.baseUrl, { cookie, origin: EVIL })).toBe(403);
    expect(await upgradeStatus(t.baseUrl, { cookie, origin: 'null' })).toBe(403);
    const evil = wsClient(t.baseUrl, cookie, EVIL);
    const mutation = await new Promise<unknown>((resolve) => {
      evil.subscribe({ query: 'mutation { updateProfile(input: { defaultDuration: 60 }) { defaultDuration } }' }, { next: resolve, error: resolve, complete: () => {} });
    });
    expect(JSON.stringify(mutation)).not.toContain('defaultDuration":60');
    expect((await supertest(t.baseUrl).post('/graphql').set('cookie', cookie).send({ query: '{ me { defaultDuration } }' })).body.data.me.defaultDuration).toBe(180);
    await evil.dispose();

    for (const origin of [ownOrigin(), undefined]) {
      const client = wsClient(t.baseUrl, cookie, origin);
      const result = await new Promise<unknown>((resolve, reject) => {
        client.subscribe({ query: ME }, { next: resolve, error: reject, complete: () => {} });
      });
      expect(result).toMatchObject({ data: { me: { username: expect.stringMatching(/^origin/) } } });
      await client.dispose();
    }
  });

  it('behind TRUST_PROXY matches the Origin against X-Forwarded-Host, and ignores that header otherwise', async () => {
    const proxied = await startTestApp({ target: 'embedded', config: { trustProxy: true } });
    try {
      const req = () => supertest(proxied.baseUrl).post('/api/logout').set('origin', 'https://music.example.com');
      expect((await req().set('x-forwarded-host', 'music.example.com')).status).toBe(200);
      expect((await req().set('x-forwarded-host', 'other.example.com')).status).toBe(403);
      expect((await req()).status).toBe(403);
    } finally {
      await proxied.close();
    }
    const direct = await supertest(t.baseUrl).post('/api/logout').set('origin', 'https://music.example.com').set('x-forwarded-host', 'music.example.com');
    expect(direct.status).toBe(403);
  });
});

/** The HTTP status a WebSocket upgrade to /graphql gets (101 when it opens). */
function upgradeStatus(baseUrl: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws', { headers });
    socket.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('open', () => {
      resolve(101);
      socket.close();
    });
    socket.once('error', (e) => reject(e));
  });
}
