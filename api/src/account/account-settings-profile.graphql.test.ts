/** The GraphQL operations of /account, /settings and /profile end to end (the rules are tested in the service tests). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import supertest from 'supertest';
import { DATABASE_TARGETS } from '../test-support/services-available.js';
import { signUpMember, startTestApp, type TestApp } from '../test-support/test-app.js';
import { collect, cookiePair, wsClient } from '../test-support/ws-client.js';

describe.each(DATABASE_TARGETS)('account, settings and profile over GraphQL on %s PostgreSQL', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ target });
  });
  afterAll(async () => {
    await t?.close();
  });

  const member = () => signUpMember(t, 'gql');
  const gql = async (cookie: string | null, query: string, variables: Record<string, unknown> = {}) => {
    const req = supertest(t.baseUrl).post('/graphql');
    if (cookie) req.set('cookie', cookie);
    return (await req.send({ query, variables })).body as { data?: Record<string, any>; errors?: Array<{ message: string; extensions: { code: string } }> };
  };

  it('settings: reads defaults, saves, refuses bad input with BAD_USER_INPUT and pushes changes to the other device', async () => {
    const { cookie } = await member();
    expect((await gql(cookie, '{ preferences { theme repeatMode shuffleEnabled crossfadeDuration preferredGenres } }')).data?.preferences).toEqual({
      theme: 'dark', repeatMode: 'none', shuffleEnabled: false, crossfadeDuration: 5000, preferredGenres: [],
    });
    const client = wsClient(t.baseUrl, cookie);
    const pushed = collect<{ preferencesChanged: { theme: string } }>(client, 'subscription { preferencesChanged { theme } }');
    try {
      // The socket has subscribed once a change made after it opened arrives.
      await expect
        .poll(async () => {
          await gql(cookie, 'mutation { updatePreferences(input: { theme: "light", repeatMode: "all", preferredMoods: ["Chill"] }) { theme } }');
          return pushed.results.length > 0;
        }, { timeout: 10_000, interval: 300 })
        .toBe(true);
      expect(pushed.results.at(-1)).toEqual({ preferencesChanged: { theme: 'light' } });
    } finally {
      pushed.dispose();
      await client.dispose();
    }
    expect((await gql(cookie, '{ preferences { theme repeatMode preferredMoods } }')).data?.preferences).toEqual({ theme: 'light', repeatMode: 'all', preferredMoods: ['chill'] });
    const bad = await gql(cookie, 'mutation { updatePreferences(input: { theme: "neon" }) { theme } }');
    expect(bad.errors?.[0]).toMatchObject({ message: 'Theme must be dark, light or system', extensions: { code: 'BAD_USER_INPUT' } });
    expect((await gql(null, '{ preferences { theme } }')).errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
  });

  it('profile: own profile, details, removing the avatar, and another user’s public profile', async () => {
    const owner = await member();
    const viewer = await member();
    const saved = await gql(owner.cookie, 'mutation { updateProfileDetails(displayName: "Owner Name", bio: "Hello") { displayName bio isOwn } }');
    expect(saved.data?.updateProfileDetails).toEqual({ displayName: 'Owner Name', bio: 'Hello', isOwn: true });
    expect((await gql(owner.cookie, '{ myProfile { username stats { songsCreated plays likesReceived topGenres { genre } } } }')).data?.myProfile).toEqual({
      username: owner.username, stats: { songsCreated: 0, plays: 0, likesReceived: 0, topGenres: [] },
    });
    expect((await gql(owner.cookie, 'mutation { removeAvatar { avatarUrl avatarSmallUrl } }')).data?.removeAvatar).toEqual({ avatarUrl: null, avatarSmallUrl: null });
    const seen = await gql(viewer.cookie, 'query ($u: String!) { profile(username: $u) { displayName isOwn songs { id } playlists { id } } }', { u: owner.username });
    expect(seen.data?.profile).toEqual({ displayName: 'Owner Name', isOwn: false, songs: [], playlists: [] });
    const missing = await gql(viewer.cookie, '{ profile(username: "no-such-user") { userId } }');
    expect(missing.errors?.[0]).toMatchObject({ message: 'User not found', extensions: { code: 'NOT_FOUND' } });
    const long = await gql(owner.cookie, 'mutation ($b: String) { updateProfileDetails(bio: $b) { bio } }', { b: 'x'.repeat(501) });
    expect(long.errors?.[0]).toMatchObject({ message: 'Bio must be at most 500 characters', extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('account: sessions, revoke, email, provider key, password change and deletion', async () => {
    const { cookie, username } = await member();
    const other = cookiePair((await supertest(t.baseUrl).post('/api/login').send({ username, password: 'password1' })).headers['set-cookie']);
    const sessions = (await gql(cookie, '{ activeSessions { id device ip current } }')).data?.activeSessions as Array<{ id: string; current: boolean }>;
    expect(sessions.map((s) => s.current).sort()).toEqual([false, true]);
    const otherId = sessions.find((s) => !s.current)!.id;
    expect((await gql(cookie, 'mutation ($id: ID!) { revokeSession(id: $id) }', { id: otherId })).data?.revokeSession).toBe(true);
    expect((await gql(other, '{ me { id } }')).data?.me).toBeNull();
    const again = await gql(cookie, 'mutation ($id: ID!) { revokeSession(id: $id) }', { id: otherId });
    expect(again.errors?.[0]).toMatchObject({ message: 'Unknown session', extensions: { code: 'NOT_FOUND' } });

    expect((await gql(cookie, 'mutation { changeEmail(currentPassword: "password1", email: "New@Example.com") { email } }')).data?.changeEmail).toEqual({ email: 'new@example.com' });
    expect((await gql(cookie, 'mutation { setAudioProviderKey(apiKey: "provider-key-abcd") }')).data?.setAudioProviderKey).toBe('abcd');
    expect((await gql(cookie, '{ audioProviderKeyLast4 me { hasAudioProviderKey } }')).data).toEqual({ audioProviderKeyLast4: 'abcd', me: { hasAudioProviderKey: true } });

    const phone = cookiePair((await supertest(t.baseUrl).post('/api/login').send({ username, password: 'password1' })).headers['set-cookie']);
    const wrong = await gql(cookie, 'mutation { changePassword(currentPassword: "guess-guess", newPassword: "password2") }');
    expect(wrong.errors?.[0]).toMatchObject({ message: 'Current password is incorrect', extensions: { code: 'BAD_USER_INPUT' } });
    expect((await gql(cookie, 'mutation { changePassword(currentPassword: "password1", newPassword: "password2") }')).data?.changePassword).toBe(1);
    expect((await gql(phone, '{ me { id } }')).data?.me).toBeNull();

    const res = await supertest(t.baseUrl).post('/graphql').set('cookie', cookie).send({ query: 'mutation { deleteAccount(currentPassword: "password2") }' });
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    expect(res.body.data.deleteAccount).toBe(true);
    expect(String(res.headers['set-cookie'])).toMatch(/songforge\.sid=;.*Max-Age=0/);
    expect((await gql(cookie, '{ me { id } }')).data?.me).toBeNull();
  });
});
