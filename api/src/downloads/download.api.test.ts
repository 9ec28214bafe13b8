/**
 * Song downloads over GraphQL and REST (docs/downloads.md): the owner's links, a stem as WAV and the
 * streamed zip with the song's WAV, its stems and lyrics; someone else gets the MP3 of a public song
 * but not its WAV or stems; an instrumental has no vocals stem; songs without generation settings
 * offer only their MP3.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import supertest from 'supertest';
import { strFromU8, unzipSync } from 'fflate';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DATABASE_TARGETS } from '../test-support/services-available.js';
import { signUp, startTestApp, type TestApp } from '../test-support/test-app.js';
import { graphqlCaller } from '../test-support/graphql-caller.js';
import { insertSong } from '../library/test-fixtures.js';
import { Song } from '../songs/song.entity.js';
import { User } from '../users/user.entity.js';
import { NO_RECIPE, OWNER_ONLY } from './download.service.js';

const LINKS = '{ songId mp3Url wavUrl zipUrl stems { stem url } unavailableReason }';
const LYRICS = '[Verse]\nNeon rivers running through the night\n\n[Chorus]\nStay with me until the morning light';

/** The body of a binary answer. */
function download(t: TestApp, url: string, cookie: string) {
  return supertest(t.baseUrl).get(url).set('cookie', cookie).buffer(true).parse((r, done) => {
    const chunks: Buffer[] = [];
    r.on('data', (c: Buffer) => chunks.push(c)).on('end', () => done(null, Buffer.concat(chunks)));
  });
}

/** Frames of a 16-bit stereo WAV, after checking its header. */
function wavFrames(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  expect(Buffer.from(bytes.subarray(0, 4)).toString('ascii')).toBe('RIFF');
  expect([view.getUint16(22, true), view.getUint16(34, true)]).toEqual([2, 16]);
  expect(view.getUint32(40, true)).toBe(bytes.length - 44);
  return (bytes.length - 44) / 4;
}

describe.each(DATABASE_TARGETS)('song downloads on %s PostgreSQL', (target) => {
  let t: TestApp;
  let owner: string;
  let other: string;
  let ownerUser: User;
  const em = () => t.app.database.orm.em.fork() as EntityManager;
  const { ok, gql } = graphqlCaller(() => t.baseUrl);

  /** A 30-second song of the owner's as generation leaves it: its request and seed in settings, an MP3 on disk. */
  async function engineSong(title: string, settings: Record<string, unknown>): Promise<Song> {
    const song = await insertSong(em(), { title, user: ownerUser, duration: 30 });
    await mkdir(path.join(t.config.mediaDir, 'songs'), { recursive: true });
    await writeFile(path.join(t.config.mediaDir, 'songs', `${song.id}.mp3`), 'mp3 bytes');
    const request = { prompt: 'dreamy pop about neon rivers', genres: ['pop'], moods: ['dreamy'], generateLyrics: false, generateAlbumArt: false, durationSeconds: 30, seed: 5, ...settings };
    await em().nativeUpdate(Song, { id: song.id }, { settings: request, lyrics: (settings.lyrics as string | undefined) ?? null });
    return song;
  }

  beforeAll(async () => {
    t = await startTestApp({ target });
    await signUp(t, 'dl-admin');
    owner = await signUp(t, 'dl-owner');
    other = await signUp(t, 'dl-other');
    ownerUser = await em().findOneOrFail(User, { username: 'dl-owner' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives the owner every link, and streams a zip of the MP3, the WAV, four stems and the lyrics', async () => {
    const song = await engineSong('Neon Rivers', { lyrics: LYRICS });
    const links = (await ok(owner, `query ($id: ID!) { songDownloads(songId: $id) ${LINKS} }`, { id: song.id })).songDownloads;
    const base = `/api/songs/${song.id}/download`;
    expect(links).toEqual({
      songId: song.id,
      mp3Url: `${base}/song.mp3`,
      wavUrl: `${base}/song.wav`,
      zipUrl: `${base}/stems.zip`,
      stems: ['vocals', 'drums', 'bass', 'music'].map((stem) => ({ stem, url: `${base}/${stem}.wav` })),
      unavailableReason: null,
    });

    const mp3 = await download(t, links.mp3Url, owner);
    expect(mp3.status).toBe(200);
    expect(mp3.headers['content-disposition']).toBe('attachment; filename="Neon Rivers.mp3"');
    expect(String(mp3.body)).toBe('mp3 bytes');

    const zip = await download(t, links.zipUrl, owner);
    expect(zip.status).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toBe('attachment; filename="Neon Rivers.zip"');
    const files = unzipSync(new Uint8Array(zip.body as Buffer));
    const stems = ['vocals', 'drums', 'bass', 'music'].map((s) => `Neon Rivers/stems/${s}.wav`);
    expect(Object.keys(files).sort()).toEqual(['Neon Rivers/Neon Rivers.mp3', 'Neon Rivers/Neon Rivers.wav', 'Neon Rivers/lyrics.txt', ...stems].sort());
    expect(strFromU8(files['Neon Rivers/lyrics.txt']!)).toBe(LYRICS);
    const frames = wavFrames(files['Neon Rivers/Neon Rivers.wav']!);
    expect(frames).toBeGreaterThan(30 * 44100);
    for (const stem of stems) expect(wavFrames(files[stem]!)).toBe(frames);
  }, 120_000);

  it('renders one stem of an instrumental, which has no vocals stem', async () => {
    const song = await engineSong('Drift', { instrumental: true });
    const links = (await ok(owner, `query ($id: ID!) { songDownloads(songId: $id) ${LINKS} }`, { id: song.id })).songDownloads;
    expect(links.stems.map((s: { stem: string }) => s.stem)).toEqual(['drums', 'bass', 'music']);
    const drums = await download(t, links.stems[0].url, owner);
    expect(drums.status).toBe(200);
    expect(drums.headers['content-type']).toBe('audio/wav');
    expect(drums.headers['content-disposition']).toBe('attachment; filename="Drift (drums).wav"');
    expect(wavFrames(new Uint8Array(drums.body as Buffer))).toBeGreaterThan(30 * 44100);
    const vocals = await supertest(t.baseUrl).get(`/api/songs/${song.id}/download/vocals.wav`).set('cookie', owner);
    expect([vocals.status, vocals.body]).toEqual([404, { error: 'This song has no vocals' }]);
  }, 120_000);

  it("gives others a public song's MP3 only, keeps private songs hidden, and refuses unknown files", async () => {
    const song = await engineSong('Shared Tune', {});
    const links = (await ok(other, `query ($id: ID!) { songDownloads(songId: $id) ${LINKS} }`, { id: song.id })).songDownloads;
    expect(links).toMatchObject({ mp3Url: `/api/songs/${song.id}/download/song.mp3`, wavUrl: null, zipUrl: null, stems: [], unavailableReason: OWNER_ONLY });
    expect((await download(t, links.mp3Url, other)).status).toBe(200);
    for (const file of ['song.wav', 'drums.wav', 'stems.zip']) {
      const refused = await supertest(t.baseUrl).get(`/api/songs/${song.id}/download/${file}`).set('cookie', other);
      expect([refused.status, refused.body]).toEqual([403, { error: OWNER_ONLY }]);
    }
    const bad = await supertest(t.baseUrl).get(`/api/songs/${song.id}/download/song.flac`).set('cookie', owner);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^File must be one of song.mp3, song.wav/);

    await em().nativeUpdate(Song, { id: song.id }, { isPublic: false });
    const hidden = await gql(other, `query ($id: ID!) { songDownloads(songId: $id) ${LINKS} }`, { id: song.id });
    expect(hidden.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect((await supertest(t.baseUrl).get(`/api/songs/${song.id}/download/song.mp3`).set('cookie', other)).status).toBe(404);
  });

  it('offers only the MP3 of a song the engine did not make', async () => {
    const song = await insertSong(em(), { title: 'Uploaded', user: ownerUser });
    await mkdir(path.join(t.config.mediaDir, 'songs'), { recursive: true });
    await writeFile(path.join(t.config.mediaDir, 'songs', `${song.id}.mp3`), 'mp3');
    const links = (await ok(owner, `query ($id: ID!) { songDownloads(songId: $id) ${LINKS} }`, { id: song.id })).songDownloads;
    expect(links).toMatchObject({ wavUrl: null, stems: [], unavailableReason: NO_RECIPE });
    const refused = await supertest(t.baseUrl).get(`/api/songs/${song.id}/download/song.wav`).set('cookie', owner);
    expect([refused.status, refused.body]).toEqual([409, { error: NO_RECIPE }]);
  });
});
