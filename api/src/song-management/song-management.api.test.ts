/**
 * Song management over GraphQL and its one REST route, as /song-management calls them: the
 * manager's songs, an edit that re-syncs the LRC, a cover taken from another song or uploaded
 * (resized on the server), visibility in bulk, delete (the media files go); FORBIDDEN without
 * canManageSongs, NOT_FOUND for someone else's song, admins manage every song.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import supertest from 'supertest';
import sharp from 'sharp';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DATABASE_TARGETS } from '../test-support/services-available.js';
import { signUp, startTestApp, type TestApp } from '../test-support/test-app.js';
import { graphqlCaller } from '../test-support/graphql-caller.js';
import { insertSong } from '../library/test-fixtures.js';
import { Song } from '../songs/song.entity.js';
import { User } from '../users/user.entity.js';

const MANAGED = '{ id title artist genre mood lyrics lrc coverUrl thumbnailUrl isPublic canBeShared ownerName }';

describe.each(DATABASE_TARGETS)('song management over GraphQL on %s PostgreSQL', (target) => {
  let t: TestApp;
  let admin: string;
  let manager: string;
  let listener: string;
  let managerUser: User;
  const em = () => t.app.database.orm.em.fork() as EntityManager;
  const { gql, ok } = graphqlCaller(() => t.baseUrl);
  /** A song of the manager's with its audio and cover files, as generation leaves them. */
  async function managedSong(title: string): Promise<Song> {
    const song = await insertSong(em(), { title, user: managerUser, duration: 60 });
    const media = t.config.mediaDir;
    await mkdir(path.join(media, 'songs'), { recursive: true });
    await mkdir(path.join(media, 'covers'), { recursive: true });
    await writeFile(path.join(media, 'songs', `${song.id}.mp3`), 'mp3');
    await writeFile(path.join(media, 'covers', `${song.id}.png`), await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } }).png().toBuffer());
    await em().nativeUpdate(Song, { id: song.id }, { coverUrl: `/media/covers/${song.id}.png`, thumbnailUrl: `/media/covers/${song.id}.png`, lyrics: 'one\ntwo', lrc: '[00:05.00]one\n[00:10.00]two' });
    return song;
  }

  beforeAll(async () => {
    t = await startTestApp({ target });
    admin = await signUp(t, 'manage-admin'); // the first account is the admin
    manager = await signUp(t, 'manage-pro');
    listener = await signUp(t, 'manage-free');
    await em().nativeUpdate(User, { username: 'manage-pro' }, { canManageSongs: true });
    managerUser = await em().findOneOrFail(User, { username: 'manage-pro' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('edits, re-covers, hides and deletes the manager\'s songs with the shapes the page reads', async () => {
    const song = await managedSong('Draft One');
    const donor = await managedSong('Donor');
    const listed = (await ok(manager, `{ managedSongs ${MANAGED} }`)).managedSongs;
    expect(listed.map((s: { title: string }) => s.title).sort()).toEqual(['Donor', 'Draft One']);
    expect(listed[0]).toMatchObject({ ownerName: 'manage-pro', isPublic: true, canBeShared: true });

    const edited = (await ok(manager, `mutation ($id: ID!, $input: ManagedSongInput!) { updateManagedSong(id: $id, input: $input) ${MANAGED} }`, {
      id: song.id,
      input: { title: 'Final One', artist: 'The Editors', genre: 'folk', mood: '', lyrics: '[Verse]\nuno\ndos', isPublic: false, canBeShared: false },
    })).updateManagedSong;
    expect(edited).toMatchObject({ title: 'Final One', artist: 'The Editors', genre: 'folk', mood: null, lyrics: '[Verse]\nuno\ndos', lrc: '[00:05.00]uno\n[00:10.00]dos', isPublic: false, canBeShared: false });

    const choices = (await ok(manager, '{ coverChoices { songId title coverUrl thumbnailUrl } }')).coverChoices;
    expect(choices.map((c: { songId: string }) => c.songId)).toContain(donor.id);
    const recovered = (await ok(manager, `mutation ($id: ID!, $from: ID!) { updateManagedSong(id: $id, input: { coverFromSongId: $from }) ${MANAGED} }`, { id: song.id, from: donor.id })).updateManagedSong;
    expect(recovered.coverUrl).toMatch(new RegExp(`^/media/covers/${song.id}`));
    const image = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#aa3300' } }).jpeg().toBuffer();
    const uploaded = await supertest(t.baseUrl).post(`/api/songs/${song.id}/cover`).set('cookie', manager).set('origin', t.baseUrl).set('content-type', 'image/jpeg').send(image);
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.coverUrl).toMatch(new RegExp(`^/media/covers/${song.id}`));
    const stored = path.join(t.config.mediaDir, uploaded.body.coverUrl.slice('/media/'.length));
    expect((await sharp(stored).metadata()).width).toBe(1024);

    const visibility = (await ok(manager, 'mutation ($ids: [ID!]!) { setSongsVisibility(songIds: $ids, isPublic: true) { id isPublic } }', { ids: [song.id, donor.id] })).setSongsVisibility;
    expect(visibility.map((s: { isPublic: boolean }) => s.isPublic)).toEqual([true, true]);

    expect((await ok(manager, 'mutation ($ids: [ID!]!) { deleteSongs(songIds: $ids) }', { ids: [song.id] })).deleteSongs).toEqual([song.id]);
    expect(existsSync(path.join(t.config.mediaDir, 'songs', `${song.id}.mp3`))).toBe(false);
    expect(existsSync(stored)).toBe(false);
    expect(await em().count(Song, { id: song.id })).toBe(0);
  });

  it('is FORBIDDEN without canManageSongs, NOT_FOUND on someone else\'s song, and open to admins on every song', async () => {
    const song = await managedSong('Guarded');
    expect((await gql(listener, `{ managedSongs ${MANAGED} }`)).errors?.[0]).toMatchObject({ message: 'You do not have permission to manage songs', extensions: { code: 'FORBIDDEN' } });
    const otherManager = await signUp(t, 'manage-pro2');
    await em().nativeUpdate(User, { username: 'manage-pro2' }, { canManageSongs: true });
    expect((await gql(otherManager, 'mutation ($id: ID!) { updateManagedSong(id: $id, input: { title: "Mine now" }) { id } }', { id: song.id })).errors?.[0]?.extensions.code).toBe('NOT_FOUND');
    expect((await gql(manager, '{ managedSongs(all: true) { id } }')).errors?.[0]?.extensions.code).toBe('FORBIDDEN');
    expect((await ok(admin, '{ managedSongs(all: true) { id } }')).managedSongs.map((s: { id: string }) => s.id)).toContain(song.id);
    expect((await ok(admin, 'mutation ($id: ID!) { updateManagedSong(id: $id, input: { title: "Renamed by admin" }) { title } }', { id: song.id })).updateManagedSong.title).toBe('Renamed by admin');
    expect((await gql(manager, 'mutation ($id: ID!) { updateManagedSong(id: $id, input: { title: "" }) { id } }', { id: song.id })).errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
  });
});
