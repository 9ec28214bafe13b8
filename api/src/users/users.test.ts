import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import supertest from 'supertest';
import { DATABASE_TARGETS, TEST_REDIS_URL, postgresAvailable, redisAvailable } from '../test-support/services-available.js';
import { signUp, startTestApp, type TestApp } from '../test-support/test-app.js';
import { collect, wsClient } from '../test-support/ws-client.js';
import { profileSchema } from './users.service.js';

const UPDATE = 'mutation ($input: ProfileInput!) { updateProfile(input: $input) { username defaultDuration generateLyrics avatarUrl } }';
const SUBSCRIBE = 'subscription { userUpdated { username defaultDuration generateLyrics } }';

describe('the avatar URL rule: an http(s) URL or a path on this site', () => {
  const accepts = (avatarUrl: string) => profileSchema.safeParse({ avatarUrl }).success;

  it('accepts web URLs and paths that stay on this site', () => {
    for (const url of ['https://example.com/a.png', 'http://example.com/a.png', 'HTTPS://example.com/a.png', '/media/avatars/a.png', '/a.png?size=2', ' /media/a.png ']) expect(accepts(url), url).toBe(true);
  });

  it('refuses protocol-relative, backslash and other tricks that lead to another host', () => {
    for (const url of ['//evil.example/x.png', '/\\evil.example/x.png', '\\\\evil.example/x.png', '/\\/evil.example/x.png', '/\t/evil.example/x.png', '/\n/evil.example', ' //evil.example', 'javascript:alert(1)', 'data:image/png;base64,AAAA', 'https:evil.example', 'https://', 'evil.example/x.png', 'ftp://evil.example/x.png']) {
      expect(accepts(url), JSON.stringify(url)).toBe(false);
    }
  });
});

describe.each(DATABASE_TARGETS)('profile updates and userUpdated on %s PostgreSQL', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ target });
  });
  afterAll(async () => {
    await t.close();
  });

  it('updates the signed-in user and pushes the change to their other sessions only', async () => {
    const aliceCookie = await signUp(t, 'alice');
    const bobCookie = await signUp(t, 'bob');
    const aliceTab = wsClient(t.baseUrl, aliceCookie);
    const bobTab = wsClient(t.baseUrl, bobCookie);
    const aliceEvents = collect<{ userUpdated: { username: string; defaultDuration: number } }>(aliceTab, SUBSCRIBE);
    const bobEvents = collect(bobTab, SUBSCRIBE);
    try {
      await new Promise((r) => setTimeout(r, 300));
      const res = await supertest(t.baseUrl)
        .post('/graphql')
        .set('cookie', aliceCookie)
        .send({ query: UPDATE, variables: { input: { defaultDuration: 240, generateLyrics: true, avatarUrl: 'https://example.com/a.png' } } });
      expect(res.body).toEqual({ data: { updateProfile: { username: 'alice', defaultDuration: 240, generateLyrics: true, avatarUrl: 'https://example.com/a.png' } } });
      const [event] = await aliceEvents.next(1);
      expect(event.userUpdated).toEqual({ username: 'alice', defaultDuration: 240, generateLyrics: true });
      expect(bobEvents.results).toEqual([]);
    } finally {
      aliceEvents.dispose();
      bobEvents.dispose();
      await aliceTab.dispose();
      await bobTab.dispose();
    }
  });

  it('rejects bad input and anonymous callers with codes', async () => {
    const cookie = await signUp(t, 'carol');
    const bad = await supertest(t.baseUrl).post('/graphql').set('cookie', cookie).send({ query: UPDATE, variables: { input: { defaultDuration: 10 } } });
    expect(bad.body.errors[0]).toMatchObject({ message: 'Default duration must be between 30 and 480 seconds', extensions: { code: 'BAD_USER_INPUT' } });
    const badUrl = await supertest(t.baseUrl).post('/graphql').set('cookie', cookie).send({ query: UPDATE, variables: { input: { avatarUrl: 'javascript:alert(1)' } } });
    expect(badUrl.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    const offSite = await supertest(t.baseUrl).post('/graphql').set('cookie', cookie).send({ query: UPDATE, variables: { input: { avatarUrl: '//evil.example/x.png' } } });
    expect(offSite.body.errors[0]).toMatchObject({ message: 'Avatar URL must be an http(s) URL or a path on this site', extensions: { code: 'BAD_USER_INPUT' } });
    // The email changes only through changeEmail, with the password: a stolen session cannot take the account over.
    const email = await supertest(t.baseUrl).post('/graphql').set('cookie', cookie).send({ query: UPDATE, variables: { input: { email: 'thief@example.com', defaultDuration: 200 } } });
    expect(email.body.errors[0]).toMatchObject({ message: 'Change your email in Account settings, with your current password', extensions: { code: 'BAD_USER_INPUT' } });
    const unchanged = await supertest(t.baseUrl).post('/graphql').set('cookie', cookie).send({ query: 'query { me { email defaultDuration } }' });
    expect(unchanged.body.data.me.defaultDuration).not.toBe(200);
    const anonymous = await supertest(t.baseUrl).post('/graphql').send({ query: UPDATE, variables: { input: { defaultDuration: 60 } } });
    expect(anonymous.body.errors[0]).toMatchObject({ message: 'Not authenticated', extensions: { code: 'UNAUTHENTICATED' } });
  });

  it('refuses subscription sockets without a session', async () => {
    const client = wsClient(t.baseUrl, null);
    const events = collect(client, SUBSCRIBE);
    await expect.poll(() => events.errors.length, { timeout: 5000 }).toBeGreaterThan(0);
    // graphql-ws closes the socket with 4403 Forbidden when onConnect refuses.
    expect((events.errors[0] as { code?: number }).code).toBe(4403);
    await client.dispose();
  });
});

describe.runIf(redisAvailable && postgresAvailable)('two API instances on one Redis and PostgreSQL', () => {
  it('deliver each other\'s subscription events', async () => {
    const first = await startTestApp({ target: 'postgres', redisUrl: TEST_REDIS_URL });
    const second = await startTestApp({ target: 'postgres', redisUrl: TEST_REDIS_URL, database: first.database });
    const cookie = await signUp(first, `scale${Date.now()}`);
    const client = wsClient(first.baseUrl, cookie);
    const events = collect<{ userUpdated: { defaultDuration: number } }>(client, SUBSCRIBE);
    try {
      await new Promise((r) => setTimeout(r, 500));
      const res = await supertest(second.baseUrl).post('/graphql').set('cookie', cookie).send({ query: UPDATE, variables: { input: { defaultDuration: 300 } } });
      expect(res.body.data.updateProfile.defaultDuration).toBe(300);
      const [event] = await events.next(1);
      expect(event.userUpdated.defaultDuration).toBe(300);
    } finally {
      events.dispose();
      await client.dispose();
      await second.close();
      await first.close();
    }
  });
});
