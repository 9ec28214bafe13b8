import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import sharp from 'sharp';
import supertest from 'supertest';
import { DATABASE_TARGETS } from '../test-support/services-available.js';
import { signUpMember, startTestApp, type TestApp } from '../test-support/test-app.js';
import { expectAppError } from '../test-support/app-errors.js';
import { insertSong } from '../library/test-fixtures.js';
import { User } from '../users/user.entity.js';
import { Song } from '../songs/song.entity.js';
import { AVATAR_FORMAT_ERROR, AVATAR_MAX_BYTES } from './avatar-image.js';

const image = (format: 'png' | 'jpeg' | 'webp' | 'gif' | 'tiff', width = 300, height = 200) =>
  sharp({ create: { width, height, channels: 3, background: '#ff8800' } })
    .withMetadata({ exif: { IFD0: { Artist: 'Secret Person' } } })
    .toFormat(format)
    .toBuffer();

describe.each(DATABASE_TARGETS)('profiles on %s PostgreSQL', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ target });
  });
  afterAll(async () => {
    await t?.close();
  });
  const em = () => t.app.database.orm.em.fork() as EntityManager;
  const profiles = () => t.app.services.profiles;
  const member = () => signUpMember(t, 'prof');
  const fileOf = (url: string) => path.join(t.config.mediaDir, url.slice('/media/'.length));

  it.each(['png', 'jpeg', 'webp'] as const)('re-encodes a %s avatar into 256 and 64 px WebP squares without its metadata, replacing the old files', async (format) => {
    const { user } = await member();
    const first = await profiles().uploadAvatar(em(), user, await image(format));
    for (const [url, size] of [[first.avatarUrl!, 256], [first.avatarSmallUrl!, 64]] as const) {
      expect(url).toMatch(new RegExp(`^/media/avatars/${user.id}-[0-9a-f]{16}-${size}\\.webp$`));
      const meta = await sharp(readFileSync(fileOf(url))).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height, exif: meta.exif }).toEqual({ format: 'webp', width: size, height: size, exif: undefined });
    }
    expect((await em().findOneOrFail(User, { id: user.id })).avatarUrl).toBe(first.avatarUrl);
    const second = await profiles().uploadAvatar(em(), user, await image('png', 64, 64));
    expect(second.avatarUrl).not.toBe(first.avatarUrl);
    expect(existsSync(fileOf(first.avatarUrl!))).toBe(false);
    expect(existsSync(fileOf(first.avatarSmallUrl!))).toBe(false);
    const removed = await profiles().removeAvatar(em(), user);
    expect({ large: removed.avatarUrl, small: removed.avatarSmallUrl }).toEqual({ large: null, small: null });
    expect(existsSync(fileOf(second.avatarUrl!))).toBe(false);
  });

  it('refuses anything but PNG, JPEG and WebP, damaged files and oversized ones, keeping the avatar', async () => {
    const { user } = await member();
    await expectAppError(profiles().uploadAvatar(em(), user, await image('gif')), 'BAD_USER_INPUT', AVATAR_FORMAT_ERROR);
    await expectAppError(profiles().uploadAvatar(em(), user, await image('tiff')), 'BAD_USER_INPUT', AVATAR_FORMAT_ERROR);
    await expectAppError(profiles().uploadAvatar(em(), user, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')), 'BAD_USER_INPUT', AVATAR_FORMAT_ERROR);
    const png = await image('png');
    await expectAppError(profiles().uploadAvatar(em(), user, png.subarray(0, png.length - 40)), 'BAD_USER_INPUT', 'The avatar image is damaged or too large to decode');
    await expectAppError(profiles().uploadAvatar(em(), user, Buffer.alloc(AVATAR_MAX_BYTES + 1)), 'BAD_USER_INPUT', 'The avatar must be at most 5 MB');
    await expectAppError(profiles().uploadAvatar(em(), user, Buffer.alloc(0)), 'BAD_USER_INPUT', 'The avatar file is empty');
    expect((await em().findOneOrFail(User, { id: user.id })).avatarUrl).toBeNull();
  });

  it('uploads over REST: the file as the body, 400 with the reason for a wrong one, 413 over the size limit', async () => {
    const { cookie } = await member();
    const upload = (body: Buffer, type: string) => supertest(t.baseUrl).post('/api/profile/avatar').set('cookie', cookie).set('origin', t.baseUrl).set('content-type', type).send(body);
    const ok = await upload(await image('jpeg'), 'image/jpeg');
    expect(ok.status).toBe(200);
    expect(ok.body.avatarUrl).toMatch(/-256\.webp$/);
    // The profile as before the lists became connections: its songs and playlists in the answer.
    expect(ok.body).toMatchObject({ isOwn: true, songs: [], playlists: [] });
    expect((await supertest(t.baseUrl).get(ok.body.avatarUrl)).status).toBe(200);
    const wrong = await upload(await image('gif'), 'image/gif');
    expect({ status: wrong.status, body: wrong.body }).toEqual({ status: 400, body: { error: AVATAR_FORMAT_ERROR } });
    expect((await upload(Buffer.from('{}'), 'application/json')).body).toEqual({ error: AVATAR_FORMAT_ERROR });
    expect((await upload(Buffer.alloc(AVATAR_MAX_BYTES + 10), 'image/png')).status).toBe(413);
  });

  it('keeps the display name and bio, trimmed, empty text clearing them', async () => {
    const { user } = await member();
    expect(await profiles().updateDetails(em(), user, { displayName: '  DJ Night  ', bio: 'Makes lo-fi at 3 am.' })).toMatchObject({ displayName: 'DJ Night', bio: 'Makes lo-fi at 3 am.' });
    expect(await profiles().updateDetails(em(), user, { bio: '' })).toMatchObject({ displayName: 'DJ Night', bio: null });
    await expectAppError(profiles().updateDetails(em(), user, { displayName: 'x'.repeat(51) }), 'BAD_USER_INPUT', 'Display name must be at most 50 characters');
    await expectAppError(profiles().updateDetails(em(), user, { bio: 'x'.repeat(501) }), 'BAD_USER_INPUT', 'Bio must be at most 500 characters');
  });

  it('counts songs, plays, likes received and top genres; others see only public songs and playlists', async () => {
    const { user } = await member();
    const viewer = await member();
    const songs = [
      await insertSong(em(), { title: 'Jazz one', genre: 'jazz', user }),
      await insertSong(em(), { title: 'Jazz two', genre: 'jazz', user }),
      await insertSong(em(), { title: 'Rock one', genre: 'rock', user }),
      await insertSong(em(), { title: 'Secret ambient', genre: 'ambient', user, isPublic: false }),
    ];
    await em().nativeUpdate(Song, { id: songs[0].id }, { playCount: 10 });
    await em().nativeUpdate(Song, { id: songs[3].id }, { playCount: 5 });
    await t.app.services.likes.like(em(), viewer.user, { songId: songs[2].id });
    await t.app.services.playlists.create(em(), user, { name: 'Public mix', isPublic: true, songIds: [songs[0].id] });
    await t.app.services.playlists.create(em(), user, { name: 'Private mix', songIds: [songs[3].id] });

    const own = await profiles().myProfile(em(), user);
    expect(own.stats).toEqual({ songsCreated: 4, plays: 15, likesReceived: 1, topGenres: [{ genre: 'jazz', songs: 2 }, { genre: 'ambient', songs: 1 }, { genre: 'rock', songs: 1 }] });
    expect(own.isOwn).toBe(true);
    expect((await profiles().playlists(em(), user, own)).map((p) => p.name).sort()).toEqual(['Private mix', 'Public mix']);

    const seen = await profiles().profileOf(em(), viewer.user, { username: user.username.toUpperCase() });
    expect(seen.isOwn).toBe(false);
    expect(seen.stats).toEqual({ songsCreated: 3, plays: 10, likesReceived: 1, topGenres: [{ genre: 'jazz', songs: 2 }, { genre: 'rock', songs: 1 }] });
    expect((await profiles().songs(em(), viewer.user, seen)).map((s) => s.title).sort()).toEqual(['Jazz one', 'Jazz two', 'Rock one']);
    expect((await profiles().playlists(em(), viewer.user, seen)).map((p) => p.name)).toEqual(['Public mix']);
    await expectAppError(profiles().profileOf(em(), viewer.user, { username: 'nobody-here' }), 'NOT_FOUND', 'User not found');
  });
});
