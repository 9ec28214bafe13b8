/**
 * createVariation: a new request from one of the user's songs, with its prompt, tags, length and
 * words and a new seed, counted against the monthly limit; refused for others' songs and for songs
 * the engine did not make.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DATABASE_TARGETS } from '../test-support/services-available.js';
import { signUp, startTestApp, type TestApp } from '../test-support/test-app.js';
import { graphqlCaller } from '../test-support/graphql-caller.js';
import { insertSong } from '../library/test-fixtures.js';
import { Song } from '../songs/song.entity.js';
import { User } from '../users/user.entity.js';
import { GenerationRequest } from './generation-request.entity.js';

const VARY = 'mutation ($id: ID!) { createVariation(songId: $id) { id status title genres moods durationSeconds } }';

describe.each(DATABASE_TARGETS)('variations on %s PostgreSQL', (target) => {
  let t: TestApp;
  let owner: string;
  let other: string;
  let ownerUser: User;
  const em = () => t.app.database.orm.em.fork() as EntityManager;
  const { ok, gql } = graphqlCaller(() => t.baseUrl);

  beforeAll(async () => {
    // No workers: the requests stay queued, which is what these tests look at.
    t = await startTestApp({ target, config: { workerConcurrency: 0, seed: false, demoCatalogue: false } });
    await signUp(t, 'vary-admin');
    owner = await signUp(t, 'vary-owner');
    other = await signUp(t, 'vary-other');
    await em().nativeUpdate(User, { username: 'vary-owner' }, { monthlyGenerationLimit: 2, adminOverride: false, userTier: 'free' });
    ownerUser = await em().findOneOrFail(User, { username: 'vary-owner' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('queues the same request with the song\'s words and a new seed, within the monthly limit', async () => {
    const song = await insertSong(em(), { title: 'Harbour Lights', user: ownerUser, duration: 60 });
    const settings = { prompt: 'pop song about a harbour', title: null, genres: ['pop'], moods: ['nostalgic'], lyrics: null, generateLyrics: true, generateAlbumArt: false, durationSeconds: 60, seed: 1234 };
    await em().nativeUpdate(Song, { id: song.id }, { settings, lyrics: '[Verse]\nLights across the harbour' });

    const first = (await ok(owner, VARY, { id: song.id })).createVariation;
    expect(first).toMatchObject({ status: 'pending', title: 'Harbour Lights (variation)', genres: ['pop'], moods: ['nostalgic'], durationSeconds: 60 });
    const stored = await em().findOneOrFail(GenerationRequest, { id: Number(first.id) });
    expect(stored.prompt).toBe('pop song about a harbour');
    expect(stored.settings).toMatchObject({ lyrics: '[Verse]\nLights across the harbour', durationSeconds: 60, generateAlbumArt: false });
    expect(stored.settings.seed).toEqual(expect.any(Number));
    expect(stored.settings.seed).not.toBe(1234);

    await ok(owner, VARY, { id: song.id });
    const over = await gql(owner, VARY, { id: song.id });
    expect(over.errors?.[0]).toMatchObject({ message: 'Monthly generation limit reached (2/2)', extensions: { code: 'FORBIDDEN' } });
  });

  it("refuses others' songs and songs the engine did not make", async () => {
    const privateSong = await insertSong(em(), { title: 'Mine', user: ownerUser, isPublic: false });
    const publicSong = await insertSong(em(), { title: 'Ours', user: ownerUser });
    await em().nativeUpdate(Song, { id: { $in: [privateSong.id, publicSong.id] } }, { settings: { prompt: 'x', genres: [], moods: [], generateLyrics: false, generateAlbumArt: false, durationSeconds: 30, seed: 1 } });
    expect((await gql(other, VARY, { id: privateSong.id })).errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect((await gql(other, VARY, { id: publicSong.id })).errors?.[0]).toMatchObject({ message: "Only the song's owner can make a variation of it", extensions: { code: 'FORBIDDEN' } });
    const uploaded = await insertSong(em(), { title: 'Uploaded', user: ownerUser });
    expect((await gql(owner, VARY, { id: uploaded.id })).errors?.[0].extensions?.code).toBe('CONFLICT');
  });
});
