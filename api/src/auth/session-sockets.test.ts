import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import supertest from 'supertest';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DATABASE_TARGETS, TEST_REDIS_URL, postgresAvailable, redisAvailable } from '../test-support/services-available.js';
import { signUp, startTestApp, type TestApp } from '../test-support/test-app.js';
import { cookiePair } from '../test-support/ws-client.js';
import { User } from '../users/user.entity.js';
import { SESSION_ENDED_CLOSE_CODE } from './session-sockets.js';
import { liveTab, UPDATE } from '../test-support/live-tab.js';

describe.each(DATABASE_TARGETS)('subscription sockets end with their session on %s PostgreSQL', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ target });
  });
  afterAll(async () => {
    await t.close();
  });
  const em = () => t.app.database.orm.em.fork() as EntityManager;

  it('closes the sockets of a session that logs out, and only those', async () => {
    const cookie = await signUp(t, 'leaver');
    const otherDevice = cookiePair((await supertest(t.baseUrl).post('/api/login').send({ username: 'leaver', password: 'password1' })).headers['set-cookie']);
    const tab = await liveTab(t, t, cookie);
    const otherTab = await liveTab(t, t, otherDevice);
    try {
      expect((await supertest(t.baseUrl).post('/api/logout').set('cookie', cookie).send({})).status).toBe(200);
      await expect.poll(tab.closedWith, { timeout: 5000 }).toBe(SESSION_ENDED_CLOSE_CODE);
      const received = tab.events.results.length;
      const otherReceived = otherTab.events.results.length;
      await supertest(t.baseUrl).post('/graphql').set('cookie', otherDevice).send({ query: UPDATE, variables: { d: 300 } });
      await otherTab.events.next(otherReceived + 1);
      expect(tab.events.results.length).toBe(received);
      expect(otherTab.closedWith()).toBeNull();
    } finally {
      await tab.dispose();
      await otherTab.dispose();
    }
  });

  it('closes the sockets of a session replaced by a new sign-in in that browser (rotation)', async () => {
    const cookie = await signUp(t, 'rotator');
    const tab = await liveTab(t, t, cookie);
    try {
      const login = await supertest(t.baseUrl).post('/api/login').set('cookie', cookie).send({ username: 'rotator', password: 'password1' });
      expect(login.status).toBe(200);
      await expect.poll(tab.closedWith, { timeout: 5000 }).toBe(SESSION_ENDED_CLOSE_CODE);
    } finally {
      await tab.dispose();
    }
  });

  it('closes the sockets of a logout over GraphQL', async () => {
    const cookie = await signUp(t, 'gqlleaver');
    const tab = await liveTab(t, t, cookie);
    try {
      expect((await supertest(t.baseUrl).post('/graphql').set('cookie', cookie).send({ query: 'mutation { logout }' })).body).toEqual({ data: { logout: true } });
      await expect.poll(tab.closedWith, { timeout: 5000 }).toBe(SESSION_ENDED_CLOSE_CODE);
    } finally {
      await tab.dispose();
    }
  });

  it('closes, on its sweep, the sockets of a deleted user and of an expired session', async () => {
    const deletedCookie = await signUp(t, 'deleted');
    const expiredCookie = await signUp(t, 'expired');
    const deletedTab = await liveTab(t, t, deletedCookie);
    const expiredTab = await liveTab(t, t, expiredCookie);
    try {
      await em().nativeDelete(User, { username: 'deleted' });
      const expiredUser = await em().findOneOrFail(User, { username: 'expired' });
      await em().getConnection().execute(`update sessions set expires_at = now() - interval '1 minute' where user_id = ?`, [expiredUser.id]);
      await t.app.services.sessionSockets.sweep(em());
      await expect.poll(deletedTab.closedWith, { timeout: 5000 }).toBe(SESSION_ENDED_CLOSE_CODE);
      await expect.poll(expiredTab.closedWith, { timeout: 5000 }).toBe(SESSION_ENDED_CLOSE_CODE);
    } finally {
      await deletedTab.dispose();
      await expiredTab.dispose();
    }
  });
});

describe.runIf(redisAvailable && postgresAvailable)('a logout on one API instance closes sockets on another (Redis pub/sub)', () => {
  it('closes the socket held by the other instance', async () => {
    const first = await startTestApp({ target: 'postgres', redisUrl: TEST_REDIS_URL });
    const second = await startTestApp({ target: 'postgres', redisUrl: TEST_REDIS_URL, database: first.database });
    const cookie = await signUp(first, `across${Date.now()}`);
    const tab = await liveTab(first, second, cookie);
    try {
      expect((await supertest(second.baseUrl).post('/api/logout').set('cookie', cookie).send({})).status).toBe(200);
      await expect.poll(tab.closedWith, { timeout: 5000 }).toBe(SESSION_ENDED_CLOSE_CODE);
    } finally {
      await tab.dispose();
      await second.close();
      await first.close();
    }
  });
});
