/**
 * extendSong, coverSong and editSongLyrics: new requests made from one of the user's songs (its stored request
 * nested in theirs), counted against the tier's limits like any request; refused for others'
 * songs (admins included), hidden ones and songs the engine did not make.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DATABASE_TARGETS } from '../test-support/services-available.js';
import { signUp, startTestApp, type TestApp } from '../test-support/test-app.js';
import { graphqlCaller } from '../test-support/graphql-caller.js';
import { insertSong } from '../library/test-fixtures.js';
import { Song } from '../songs/song.entity.js';
import { User } from '../users/user.entity.js';
import type { SongRequest } from '../music/types.js';
import { GenerationRequest } from './generation-request.entity.js';

const EXTEND = 'mutation ($input: ExtendSongInput!) { extendSong(input: $input) { id status title genres durationSeconds plan { durationSeconds bpm key summary } } }';
const EDIT = 'mutation ($input: EditSongLyricsInput!) { editSongLyrics(input: $input) { id status title genres durationSeconds plan { durationSeconds bpm key summary } } }';
const NEW_WORDS = '[Verse]\nFerry horns across the bay tonight\n[Chorus]\nCarry me home';
const COVER = 'mutation ($input: CoverSongInput!) { coverSong(input: $input) { id status title genres moods plan { bpm key summary } } }';
const SETTINGS = { prompt: 'pop song about a harbour', title: 'Harbour Lights', genres: ['pop'], moods: ['happy'], lyrics: '[Verse]\nLights across the harbour glow\n[Chorus]\nHold me where the rivers go', generateLyrics: false, generateAlbumArt: false, durationSeconds: 90, seed: 1234 };

describe.each(DATABASE_TARGETS)('extend and cover on %s PostgreSQL', (target) => {
  let t: TestApp;
  let admin: string;
  let owner: string;
  let other: string;
  let ownerUser: User;
  const em = () => t.app.database.orm.em.fork() as EntityManager;
  const { ok, gql } = graphqlCaller(() => t.baseUrl);
  const ownSong = async (extra: Partial<SongRequest> = {}, isPublic = true) => {
    const song = await insertSong(em(), { title: 'Harbour Lights', user: ownerUser, duration: 90, isPublic });
    await em().nativeUpdate(Song, { id: song.id }, { settings: { ...SETTINGS, ...extra } });
    return song;
  };

  beforeAll(async () => {
    // No workers: the requests stay queued, which is what these tests look at.
    t = await startTestApp({ target, config: { workerConcurrency: 0, seed: false, demoCatalogue: false } });
    admin = await signUp(t, 'derive-admin');
    owner = await signUp(t, 'derive-owner');
    other = await signUp(t, 'derive-other');
    await em().nativeUpdate(User, { username: 'derive-owner' }, { monthlyGenerationLimit: 3, adminOverride: false, userTier: 'free' });
    ownerUser = await em().findOneOrFail(User, { username: 'derive-owner' });
  });
  afterAll(async () => {
    await t.close();
  });

  it("extends the owner's song with the source's request nested in it, its length checked as the whole new song", async () => {
    const song = await ownSong();
    const extension = (await ok(owner, EXTEND, { input: { songId: song.id, fromSeconds: 30, durationSeconds: 40 } })).extendSong;
    expect(extension).toMatchObject({ status: 'pending', title: 'Harbour Lights (extended)', genres: ['pop'] });
    expect(extension.plan.summary).toContain('continues "Harbour Lights" from 0:');
    expect(extension.plan.durationSeconds).toBeGreaterThan(60);
    expect(extension.plan.durationSeconds).toBeLessThan(80);
    // The request's length is the whole new song's too, not the 40 s it adds.
    expect(extension.durationSeconds).toBe(extension.plan.durationSeconds);
    const stored = await em().findOneOrFail(GenerationRequest, { id: Number(extension.id) });
    expect(stored.settings).toMatchObject({ durationSeconds: 40, source: { kind: 'extend', fromSeconds: 30, request: SETTINGS } });

    // From the end of a 170 s song, 40 s more is past the free plan's 180 s.
    const long = await ownSong({ durationSeconds: 170 });
    const tooLong = await gql(owner, EXTEND, { input: { songId: long.id, durationSeconds: 40 } });
    expect(tooLong.errors?.[0]).toMatchObject({ message: 'Songs on the free plan are at most 180 seconds', extensions: { code: 'FORBIDDEN' } });
    // Words written by the engine for the continuation are an extended feature.
    const written = await gql(owner, EXTEND, { input: { songId: song.id, generateLyrics: true } });
    expect(written.errors?.[0]).toMatchObject({ message: 'Lyrics written by the engine are not part of the free plan', extensions: { code: 'FORBIDDEN' } });
    const bad = await gql(owner, EXTEND, { input: { songId: song.id, durationSeconds: 5 } });
    expect(bad.errors?.[0]).toMatchObject({ message: 'An extension adds between 30 and 240 seconds', extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('covers the song in another genre keeping its key, and counts against the monthly limit', async () => {
    const song = await ownSong();
    const cover = (await ok(owner, COVER, { input: { songId: song.id, genres: ['jazz'] } })).coverSong;
    expect(cover).toMatchObject({ status: 'pending', title: 'Harbour Lights (Jazz cover)' });
    expect(cover.genres[0]).toBe('jazz');
    expect(cover.plan.summary).toContain('cover of "Harbour Lights"');
    const source = (await ok(owner, 'query ($input: GenerateSongInput!) { planSong(input: $input) { key } }', { input: SETTINGS })).planSong;
    expect(cover.plan.key).toBe(source.key);
    const stored = await em().findOneOrFail(GenerationRequest, { id: Number(cover.id) });
    expect(stored.settings).toMatchObject({ genres: ['jazz'], source: { kind: 'cover', request: SETTINGS } });
    expect(stored.settings.seed).not.toBe(1234);

    const none = await gql(owner, COVER, { input: { songId: song.id } });
    expect(none.errors?.[0]).toMatchObject({ message: 'A cover needs another genre or mood', extensions: { code: 'BAD_USER_INPUT' } });
    // The two requests above and this one use the month's 3 generations.
    await ok(owner, COVER, { input: { songId: song.id, moods: ['sad'] } });
    const over = await gql(owner, COVER, { input: { songId: song.id, genres: ['rock'] } });
    expect(over.errors?.[0]).toMatchObject({ message: 'Monthly generation limit reached (3/3)', extensions: { code: 'FORBIDDEN' } });
  });

  it("edits the lyrics of the owner's sung song: the source's plan with the new words, refused for an instrumental and bad words", async () => {
    // A fresh month for the owner (the requests above count against the monthly and concurrent limits).
    await em().nativeDelete(GenerationRequest, { user: ownerUser.id });
    const song = await ownSong();
    const edit = (await ok(owner, EDIT, { input: { songId: song.id, lyrics: NEW_WORDS } })).editSongLyrics;
    expect(edit).toMatchObject({ status: 'pending', title: 'Harbour Lights (new lyrics)', genres: ['pop'] });
    expect(edit.plan.summary).toContain('new words for "Harbour Lights"');
    const source = (await ok(owner, 'query ($input: GenerateSongInput!) { planSong(input: $input) { bpm key durationSeconds } }', { input: SETTINGS })).planSong;
    expect(edit.plan).toMatchObject(source);
    expect(edit.durationSeconds).toBe(source.durationSeconds);
    const stored = await em().findOneOrFail(GenerationRequest, { id: Number(edit.id) });
    expect(stored.settings).toMatchObject({ lyrics: NEW_WORDS, source: { kind: 'relyric', request: SETTINGS } });

    const instrumental = await ownSong({ lyrics: null, instrumental: true });
    expect((await gql(owner, EDIT, { input: { songId: instrumental.id, lyrics: NEW_WORDS } })).errors?.[0]).toMatchObject({
      message: 'This song is an instrumental: it has no vocals to sing new words',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect((await gql(owner, EDIT, { input: { songId: song.id, lyrics: '  ' } })).errors?.[0]).toMatchObject({ message: 'Lyrics are required', extensions: { code: 'BAD_USER_INPUT' } });
    expect((await gql(owner, EDIT, { input: { songId: song.id, lyrics: 'la '.repeat(3400) } })).errors?.[0]).toMatchObject({ message: 'Lyrics must be at most 10000 characters', extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('extends a song that is itself an extension from the whole of it', async () => {
    await em().nativeDelete(GenerationRequest, { user: ownerUser.id });
    const extension = await ownSong({ lyrics: null, durationSeconds: 40, seed: 5, source: { kind: 'extend', request: SETTINGS, fromSeconds: null } });
    const first = (await ok(owner, 'query ($input: GenerateSongInput!) { planSong(input: $input) { durationSeconds } }', { input: SETTINGS })).planSong;
    const again = (await ok(owner, EXTEND, { input: { songId: extension.id, durationSeconds: 30 } })).extendSong;
    // The source's 90 s less its outro, its 40 s continuation less that one's outro, then 30 s more.
    expect(again.plan.durationSeconds).toBeGreaterThan(first.durationSeconds + 40);
    expect(again.durationSeconds).toBe(again.plan.durationSeconds);
  });

  it("refuses others' songs (admins too), hidden songs and songs the engine did not make", async () => {
    const privateSong = await ownSong({}, false);
    const publicSong = await ownSong();
    const uploaded = await insertSong(em(), { title: 'Uploaded', user: ownerUser });
    for (const [mutation, input, field] of [
      [EXTEND, {}, 'extend it'],
      [COVER, { genres: ['rock'] }, 'cover it'],
      [EDIT, { lyrics: NEW_WORDS }, 'edit its lyrics'],
    ] as const) {
      expect((await gql(other, mutation, { input: { ...input, songId: privateSong.id } })).errors?.[0].extensions?.code).toBe('NOT_FOUND');
      expect((await gql(other, mutation, { input: { ...input, songId: publicSong.id } })).errors?.[0]).toMatchObject({ message: `Only the song's owner can ${field}`, extensions: { code: 'FORBIDDEN' } });
      expect((await gql(admin, mutation, { input: { ...input, songId: privateSong.id } })).errors?.[0]).toMatchObject({ extensions: { code: 'FORBIDDEN' } });
      expect((await gql(owner, mutation, { input: { ...input, songId: uploaded.id } })).errors?.[0].extensions?.code).toBe('CONFLICT');
    }
  });
});
