import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { EntityManager } from '@mikro-orm/postgresql';
import supertest from 'supertest';
import sharp from 'sharp';
import { strFromU8, unzipSync } from 'fflate';
import { DATABASE_TARGETS } from '../test-support/services-available.js';
import { libraryPage, signUpMember, startTestApp, type TestApp } from '../test-support/test-app.js';
import { expectAppError } from '../test-support/app-errors.js';
import { cookiePair } from '../test-support/ws-client.js';
import { insertSong } from '../library/test-fixtures.js';
import { User } from '../users/user.entity.js';
import { Song } from '../songs/song.entity.js';
import { Session } from '../auth/session.entity.js';
import { referencesTo } from './user-rows.js';
import { FRESH_SIGN_IN_MS, SIGN_IN_AGAIN } from './account.service.js';

describe.each(DATABASE_TARGETS)('account service on %s PostgreSQL', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ target });
  });
  afterAll(async () => {
    await t?.close();
  });
  const em = () => t.app.database.orm.em.fork() as EntityManager;
  const account = () => t.app.services.account;

  /** A registered user and the cookie of a first session; `login` opens further sessions. */
  const member = () => signUpMember(t, 'acct', 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0');
  const login = async (username: string, password = 'password1') =>
    cookiePair((await supertest(t.baseUrl).post('/api/login').set('user-agent', 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1').send({ username, password })).headers['set-cookie']);
  const tokenOf = (cookie: string) => decodeURIComponent(cookie.split('=')[1]!);
  const me = (cookie: string) => supertest(t.baseUrl).get('/api/user').set('cookie', cookie);

  it('changes the password only with the current one, signing out every other session but this one', async () => {
    const { user, cookie, username } = await member();
    const phone = await login(username);
    await expectAppError(account().changePassword(em(), user, tokenOf(cookie), { currentPassword: 'wrong-one', newPassword: 'password2' }), 'BAD_USER_INPUT', 'Current password is incorrect');
    await expectAppError(account().changePassword(em(), user, tokenOf(cookie), { currentPassword: 'password1', newPassword: 'short' }), 'BAD_USER_INPUT', 'Password must be 8-128 characters');
    expect((await me(phone)).status).toBe(200);
    expect(await account().changePassword(em(), user, tokenOf(cookie), { currentPassword: 'password1', newPassword: 'password2' })).toBe(1);
    expect((await me(phone)).status).toBe(401);
    expect((await me(cookie)).status).toBe(200);
    expect((await supertest(t.baseUrl).post('/api/login').send({ username, password: 'password1' })).status).toBe(401);
    expect((await supertest(t.baseUrl).post('/api/login').send({ username, password: 'password2' })).status).toBe(200);
  });

  it('changes the email with the password, refusing a taken or invalid one', async () => {
    const first = await member();
    const second = await member();
    await account().changeEmail(em(), first.user, null, { currentPassword: 'password1', email: ' First@Example.COM ' });
    expect((await em().findOneOrFail(User, { id: first.user.id })).email).toBe('first@example.com');
    await expectAppError(account().changeEmail(em(), second.user, null, { currentPassword: 'password1', email: 'first@example.com' }), 'CONFLICT', 'Email is already registered');
    await expectAppError(account().changeEmail(em(), second.user, null, { currentPassword: 'password1', email: 'not-an-address' }), 'BAD_USER_INPUT', 'Email is not a valid address');
    await expectAppError(account().changeEmail(em(), second.user, null, { currentPassword: 'nope-nope', email: 'second@example.com' }), 'BAD_USER_INPUT', 'Current password is incorrect');
  });

  it('lets an account made by single sign-on set a password and delete itself after a fresh sign-in only', async () => {
    const { user, cookie, username } = await member();
    await em().nativeUpdate(User, { id: user.id }, { password: null, googleId: `sso-${user.id}` });
    await expectAppError(account().changePassword(em(), user, null, { currentPassword: '', newPassword: 'password9' }), 'BAD_USER_INPUT', SIGN_IN_AGAIN);
    // A sign-in older than 15 minutes does not stand in for a password.
    await em().nativeUpdate(Session, { id: t.app.services.sessions.digest(tokenOf(cookie)) }, { createdAt: new Date(Date.now() - FRESH_SIGN_IN_MS - 1000) });
    await expectAppError(account().deleteAccount(em(), user, tokenOf(cookie), { currentPassword: '' }), 'BAD_USER_INPUT', SIGN_IN_AGAIN);
    await em().nativeUpdate(Session, { id: t.app.services.sessions.digest(tokenOf(cookie)) }, { createdAt: new Date() });
    await account().changePassword(em(), user, tokenOf(cookie), { currentPassword: '', newPassword: 'password9' });
    expect((await supertest(t.baseUrl).post('/api/login').send({ username, password: 'password9' })).status).toBe(200);
    // From now on the password is asked for, like any account's.
    await expectAppError(account().deleteAccount(em(), user, tokenOf(cookie), { currentPassword: '' }), 'BAD_USER_INPUT', 'Current password is required');
    await account().deleteAccount(em(), user, tokenOf(cookie), { currentPassword: 'password9' });
    expect(await em().count(User, { id: user.id })).toBe(0);
  });

  it('lists the sessions with device, address and last use, and revokes only the user’s own', async () => {
    const { user, cookie, username } = await member();
    const phone = await login(username);
    const sessions = await account().listSessions(em(), user, tokenOf(cookie));
    expect(sessions.map((s) => ({ device: s.device, current: s.current }))).toEqual(
      expect.arrayContaining([{ device: 'Firefox on Linux', current: true }, { device: 'Safari on iOS', current: false }]),
    );
    expect(sessions).toHaveLength(2);
    expect(sessions.every((s) => s.ip && s.lastSeenAt instanceof Date)).toBe(true);
    const phoneSession = sessions.find((s) => !s.current)!;
    const stranger = await member();
    await expectAppError(account().revokeSession(em(), stranger.user, { id: phoneSession.id }), 'NOT_FOUND', 'Unknown session');
    await account().revokeSession(em(), user, { id: phoneSession.id });
    expect((await me(phone)).status).toBe(401);
    expect(await account().listSessions(em(), user, tokenOf(cookie))).toHaveLength(1);
  });

  it('keeps the provider API key encrypted at rest and only ever answers its last 4 characters', async () => {
    const { user } = await member();
    expect(await account().audioProviderKeyLast4(em(), user)).toBeNull();
    expect(await account().setAudioProviderKey(em(), user, { apiKey: '  sk-live-abcdef123456WXYZ ' })).toBe('WXYZ');
    const stored = (await em().findOneOrFail(User, { id: user.id })).audioProviderApiKey!;
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain('abcdef123456');
    expect(await account().audioProviderKeyLast4(em(), user)).toBe('WXYZ');
    // No ENCRYPTION_KEY in the test environment: the key was created in DATA_DIR on first use.
    expect(readFileSync(path.join(t.config.dataDir, 'encryption-key'), 'utf8').length).toBeGreaterThan(30);
    await expectAppError(account().setAudioProviderKey(em(), user, { apiKey: 'has space in it' }), 'BAD_USER_INPUT', 'The API key must be printable characters without spaces');
    await expectAppError(account().setAudioProviderKey(em(), user, { apiKey: 'short' }), 'BAD_USER_INPUT', 'The API key must be at least 8 characters');
    expect(await account().setAudioProviderKey(em(), user, { apiKey: null })).toBeNull();
    expect((await em().findOneOrFail(User, { id: user.id })).audioProviderApiKey).toBeNull();
  });

  it('exports every row about the user and their media as a zip, with secrets redacted', async () => {
    const { user, cookie } = await member();
    const song = await insertSong(em(), { title: 'Mine to keep', genre: 'jazz', user });
    mkdirSync(path.join(t.config.mediaDir, 'songs'), { recursive: true });
    writeFileSync(path.join(t.config.mediaDir, 'songs', `${song.id}.mp3`), 'not really an mp3');
    await t.app.services.likes.like(em(), user, { songId: song.id });
    const roadTrip = await t.app.services.playlists.create(em(), user, { name: 'Road trip', songIds: [song.id] });
    // Someone else's playlist holding my song is theirs: not in my export.
    const other = await member();
    await t.app.services.playlists.create(em(), other.user, { name: 'Borrowed', songIds: [song.id] });
    await account().setAudioProviderKey(em(), user, { apiKey: 'secret-key-9876' });
    const appPassword = await t.app.services.apiAccess.createAppPassword(em(), user, { name: 'Phone' });
    const accessToken = await t.app.services.apiAccess.createAccessToken(em(), user, { name: 'Script' });
    const res = await supertest(t.baseUrl).get('/api/account/export').set('cookie', cookie).buffer(true).parse((r, done) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c)).on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(res.body as Buffer));
    expect(Object.keys(files).sort()).toEqual(['data.json', `media/songs/${song.id}.mp3`]);
    expect(strFromU8(files[`media/songs/${song.id}.mp3`]!)).toBe('not really an mp3');
    const data = JSON.parse(strFromU8(files['data.json']!));
    expect(data.tables.users[0]).toMatchObject({ id: user.id, password: '[redacted: argon2id hash]', audio_provider_api_key: '[encrypted; ends in 9876]' });
    expect(data.tables.songs.map((s: { title: string }) => s.title)).toEqual(['Mine to keep']);
    expect(data.tables.liked_songs).toHaveLength(1);
    expect(data.tables.playlists[0].name).toBe('Road trip');
    expect(data.tables.playlist_songs.map((entry: { playlist_id: number }) => String(entry.playlist_id))).toEqual([roadTrip.id]);
    expect(data.tables.sessions[0].id).toBe('[redacted]');
    expect(JSON.stringify(data)).not.toContain('secret-key-9876');
    expect(data.tables.app_passwords).toEqual([expect.objectContaining({ name: 'Phone', sealed_password: '[redacted]' })]);
    expect(data.tables.access_tokens).toEqual([expect.objectContaining({ name: 'Script', token_hash: '[redacted]' })]);
    expect(JSON.stringify(data)).not.toContain(appPassword.secret);
    expect(JSON.stringify(data)).not.toContain(accessToken.secret);
  });

  it('deletes the account only with the password, leaving no row that points at it and none of its media', async () => {
    const { user, cookie, username } = await member();
    const other = await member();
    const theirs = await insertSong(em(), { title: 'Someone else’s', genre: 'rock', user: other.user });
    const mine = await insertSong(em(), { title: 'Going away', genre: 'jazz', user });
    mkdirSync(path.join(t.config.mediaDir, 'songs'), { recursive: true });
    const audio = path.join(t.config.mediaDir, 'songs', `${mine.id}.mp3`);
    writeFileSync(audio, 'audio');
    const avatar = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#3366ff' } }).png().toBuffer();
    const profile = await t.app.services.profiles.uploadAvatar(em(), user, avatar);
    await t.app.services.likes.like(em(), user, { songId: theirs.id });
    await t.app.services.likes.like(em(), other.user, { songId: mine.id });
    await t.app.services.playlists.create(em(), other.user, { name: 'Has their song', songIds: [mine.id, theirs.id] });
    await t.app.services.playlists.create(em(), user, { name: 'Mine', songIds: [theirs.id] });
    await t.app.services.queue.playSong(em(), other.user, { id: mine.id });
    await t.app.services.preferences.update(em(), user, { theme: 'light' });
    await t.app.services.profiles.updateDetails(em(), user, { displayName: 'Leaving', bio: 'bye' });
    await account().setAudioProviderKey(em(), user, { apiKey: 'secret-key-1234' });
    const phone = await login(username);

    await expectAppError(account().deleteAccount(em(), user, null, { currentPassword: 'not-mine' }), 'BAD_USER_INPUT', 'Current password is incorrect');
    expect(await em().count(User, { id: user.id })).toBe(1);
    const othersPage = async () => (await libraryPage(t, other.cookie)).map((song) => song.id);
    expect(await othersPage()).toContain(mine.id);
    await account().deleteAccount(em(), user, null, { currentPassword: 'password1' });
    // Their songs leave others' library pages at once (kept in memory until a song changes).
    expect(await othersPage()).not.toContain(mine.id);

    expect(await em().count(User, { id: user.id })).toBe(0);
    for (const { table, column } of await referencesTo(em(), 'users')) {
      const [{ n }] = await em().execute<Array<{ n: string }>>(`select count(*) as n from "${table}" where "${column}" = ?`, [user.id]);
      expect({ table, column, rows: Number(n) }).toEqual({ table, column, rows: 0 });
    }
    expect(await em().count(Song, { id: mine.id })).toBe(0);
    expect(await em().count(Session, { user: user.id })).toBe(0);
    // The like they gave is taken off the other song's count; their song left the other user's playlist and queue.
    expect((await em().findOneOrFail(Song, { id: theirs.id })).likeCount).toBe(0);
    const otherPlaylists = await t.app.services.playlists.mine(em(), other.user);
    expect(otherPlaylists.map((p) => p.songCount)).toEqual([1]);
    expect((await t.app.services.queue.getQueue(em(), other.user)).currentSong).toBeNull();
    expect(existsSync(audio)).toBe(false);
    for (const url of [profile.avatarUrl!, profile.avatarSmallUrl!]) expect(existsSync(path.join(t.config.mediaDir, url.slice('/media/'.length)))).toBe(false);
    expect((await me(cookie)).status).toBe(401);
    expect((await me(phone)).status).toBe(401);
    expect((await supertest(t.baseUrl).post('/api/login').send({ username, password: 'password1' })).status).toBe(401);
    // The name is free again.
    expect((await supertest(t.baseUrl).post('/api/register').send({ username, password: 'password1' })).status).toBe(201);
  });
});
