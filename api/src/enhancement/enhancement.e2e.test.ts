/**
 * AI enhancement end to end on the real server, engine and embedded queue: a generated song is
 * re-mastered to another loudness target, re-analysed, given a new cover and content-analysed as a
 * job of the generation workers; undo restores the previous version; confirm deletes the old media.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import supertest from 'supertest';
import type { EntityManager } from '@mikro-orm/postgresql';
import { signUp, startTestApp, type TestApp } from '../test-support/test-app.js';
import { Song } from '../songs/song.entity.js';
import { SongContentAnalysis } from '../moderation/song-content-analysis.entity.js';
import { AdminAuditEntry } from '../admin/admin-audit-entry.entity.js';
import { versionBelow } from './enhancement.service.js';
import { EnhancementBatch } from './enhancement-batch.entity.js';
import { EnhancementItem } from './enhancement-item.entity.js';
import { EnhancementJobs } from './enhancement-jobs.js';
import { SongEnhancer } from './song-enhancer.js';

const gql = (t: TestApp, cookie: string, query: string, variables: Record<string, unknown> = {}) =>
  supertest(t.baseUrl).post('/graphql').set('cookie', cookie).send({ query, variables }).then((res) => res.body as { data?: Record<string, any>; errors?: Array<{ message: string; extensions: { code: string } }> });

const BATCH_FIELDS = 'id status total done selection targetLufs counts { status count } items { id songId status notes error before { audioUrl coverUrl loudness } after { audioUrl coverUrl loudness bpm musicalKey engineVersion } }';
const CREATE = `mutation ($input: EnhancementBatchInput!) { createEnhancementBatch(input: $input) { ${BATCH_FIELDS} } }`;
const BATCH = `query ($id: ID!) { enhancementBatch(id: $id) { ${BATCH_FIELDS} } }`;

describe('AI enhancement batches', () => {
  let t: TestApp;
  let admin: string;
  let songId: string;
  const em = () => t.app.database.orm.em.fork() as EntityManager;
  const mediaFile = (url: string) => path.join(t.config.mediaDir, url.replace(/^\/media\//, ''));
  const finished = async (id: string) => {
    await expect.poll(async () => (await gql(t, admin, BATCH, { id })).data?.enhancementBatch.status, { timeout: 120_000, interval: 500 }).toBe('finished');
    return (await gql(t, admin, BATCH, { id })).data?.enhancementBatch as Record<string, any>;
  };

  beforeAll(async () => {
    t = await startTestApp({ target: 'embedded', config: { workerConcurrency: 1 } });
    admin = await signUp(t, 'enhancer');
    const generated = await gql(t, admin, 'mutation { generateSong(input: { prompt: "a calm piano piece about rain", title: "Rain Study", durationSeconds: 30, generateAlbumArt: false, seed: 11 }) { id } }');
    const requestId = generated.data?.generateSong.id as string;
    // expect.poll is for tests only: the generation is waited for by hand (a condition, no fixed sleep).
    const deadline = Date.now() + 180_000;
    while ((await gql(t, admin, 'query ($id: ID!) { generation(id: $id) { status } }', { id: requestId })).data?.generation.status !== 'completed') {
      if (Date.now() > deadline) throw new Error('The song was not generated in time');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    songId = (await gql(t, admin, 'query ($id: ID!) { generation(id: $id) { song { id } } }', { id: requestId })).data?.generation.song.id as string;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('re-masters, re-analyses, repaints and content-analyses a song; undo restores the previous version', async () => {
    const original = await em().findOneOrFail(Song, { id: songId });
    expect(original.engineVersion).toBe('2.0.0');
    await em().nativeDelete(SongContentAnalysis, { song: songId });
    // The library page, read before (and so kept in memory), shows each version once it is committed.
    const pageAudio = async () => ((await gql(t, admin, '{ songs(first: 100) { songs { id audioUrl } } }')).data?.songs.songs as Array<{ id: string; audioUrl: string }>).find((s) => s.id === songId)?.audioUrl;
    expect(await pageAudio()).toBe(original.audioUrl);
    const created = await gql(t, admin, CREATE, { input: { operations: ['remaster', 'reanalyse', 'cover', 'content'], songIds: [songId], targetLufs: -20 } });
    expect(created.errors).toBeUndefined();
    const batch = await finished(created.data?.createEnhancementBatch.id);
    expect(batch).toMatchObject({ total: 1, done: 1, selection: '1 selected song', targetLufs: -20 });
    const [item] = batch.items;
    expect(item).toMatchObject({ songId, status: 'completed', error: null });
    expect(item.before).toMatchObject({ audioUrl: original.audioUrl, coverUrl: original.coverUrl });
    expect(item.after.audioUrl).toBe(`/media/songs/${songId}-e${item.id}.mp3`);
    expect(item.after.coverUrl).toBe(`/media/covers/${songId}-e${item.id}.png`);
    // The mastering target is met within the engine's tolerance (the MP3 round trip moves it a little).
    expect(Math.abs(item.after.loudness - -20)).toBeLessThan(1);
    expect(item.before.loudness - item.after.loudness).toBeGreaterThan(4);
    expect(item.after).toMatchObject({ bpm: original.bpm, musicalKey: original.musicalKey, engineVersion: '2.0.0' });
    expect(item.notes.join(' ')).toContain('LUFS');
    // Both versions' files exist until the batch is confirmed; content analysis was redone.
    expect(existsSync(mediaFile(original.audioUrl!))).toBe(true);
    expect(existsSync(mediaFile(item.after.audioUrl))).toBe(true);
    expect(await em().count(SongContentAnalysis, { song: songId })).toBe(1);
    expect((await em().findOneOrFail(Song, { id: songId })).audioUrl).toBe(item.after.audioUrl);
    await expect.poll(pageAudio, { timeout: 5_000, interval: 50 }).toBe(item.after.audioUrl);

    const undone = await gql(t, admin, 'mutation ($id: ID!) { undoEnhancement(itemId: $id) { status } }', { id: item.id });
    expect(undone.data?.undoEnhancement).toEqual({ status: 'undone' });
    await expect.poll(pageAudio, { timeout: 5_000, interval: 50 }).toBe(original.audioUrl);
    const restored = await em().findOneOrFail(Song, { id: songId });
    expect({ audioUrl: restored.audioUrl, coverUrl: restored.coverUrl, loudness: restored.loudness }).toEqual({ audioUrl: original.audioUrl, coverUrl: original.coverUrl, loudness: original.loudness });
    expect(existsSync(mediaFile(item.after.audioUrl))).toBe(false);
    const again = await gql(t, admin, 'mutation ($id: ID!) { undoEnhancement(itemId: $id) { status } }', { id: item.id });
    expect(again.errors?.[0].extensions.code).toBe('CONFLICT');
    const actions = (await em().find(AdminAuditEntry, { action: { $like: 'enhancement.%' } }, { orderBy: { id: 'asc' } })).map((e) => e.action);
    expect(actions).toEqual(['enhancement.create', 'enhancement.undo']);
  });

  it('confirming a batch deletes the previous media; the filter picks songs; bad input is refused', async () => {
    const before = await em().findOneOrFail(Song, { id: songId });
    const created = await gql(t, admin, CREATE, { input: { operations: ['remaster'], filter: { engineVersionBelow: '9.0' }, targetLufs: -16 } });
    expect(created.data?.createEnhancementBatch.selection).toBe('songs made before engine 9.0');
    const batch = await finished(created.data?.createEnhancementBatch.id);
    const item = batch.items.find((i: { songId: string }) => i.songId === songId);
    expect(item.status).toBe('completed');
    const confirmed = await gql(t, admin, 'mutation ($id: ID!) { confirmEnhancementBatch(id: $id) { items { status } } }', { id: batch.id });
    expect(confirmed.data?.confirmEnhancementBatch.items.every((i: { status: string }) => i.status === 'confirmed')).toBe(true);
    expect(existsSync(mediaFile(before.audioUrl!))).toBe(false);
    expect(existsSync(mediaFile(item.after.audioUrl))).toBe(true);
    const undo = await gql(t, admin, 'mutation ($id: ID!) { undoEnhancement(itemId: $id) { status } }', { id: item.id });
    expect(undo.errors?.[0]).toMatchObject({ message: 'The batch was confirmed: its previous versions are gone', extensions: { code: 'CONFLICT' } });

    const none = await gql(t, admin, CREATE, { input: { operations: ['remaster'], filter: { engineVersionBelow: '1.0' } } });
    expect(none.errors?.[0]).toMatchObject({ message: 'No song matches the filter', extensions: { code: 'BAD_USER_INPUT' } });
    const both = await gql(t, admin, CREATE, { input: { operations: ['cover'], songIds: [songId], filter: { withoutLyrics: true } } });
    expect(both.errors?.[0].message).toBe('Choose songs, or a filter, not both');
    const loud = await gql(t, admin, CREATE, { input: { operations: ['remaster'], songIds: [songId], targetLufs: 0 } });
    expect(loud.errors?.[0].message).toBe('Loudness target must be between -30 and -6 LUFS');
    const unknown = await gql(t, admin, CREATE, { input: { operations: ['sparkle'], songIds: [songId] } });
    expect(unknown.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('a paused batch waits; resumed it runs; cancelled its waiting songs are dropped', async () => {
    // A batch paused before its song ran (inserted as such: a live one may be claimed before the pause arrives).
    const tx = em();
    const batch = tx.create(EnhancementBatch, { operations: ['content'], selection: 'test', status: 'paused' });
    tx.create(EnhancementItem, { batch, song: tx.getReference(Song, songId), before: null, after: null });
    await tx.flush();
    const jobs = new EnhancementJobs(t.app.database.orm, new SongEnhancer(t.app.services.musicProvider, t.app.services.media.storage), t.app.logger, t.app.services.pubsub);
    expect(await jobs.claim()).toBeNull();
    expect((await gql(t, admin, BATCH, { id: String(batch.id) })).data?.enhancementBatch).toMatchObject({ status: 'paused', done: 0 });
    const resume = await gql(t, admin, 'mutation ($id: ID!) { controlEnhancementBatch(id: $id, action: "resume") { id } }', { id: String(batch.id) });
    expect(resume.errors).toBeUndefined();
    expect((await finished(String(batch.id))).items[0].status).toBe('completed');

    const waiting = tx.create(EnhancementBatch, { operations: ['content'], selection: 'test', status: 'paused' });
    tx.create(EnhancementItem, { batch: waiting, song: tx.getReference(Song, songId), before: null, after: null });
    await tx.flush();
    const cancel = await gql(t, admin, 'mutation ($id: ID!) { controlEnhancementBatch(id: $id, action: "cancel") { status items { status } } }', { id: String(waiting.id) });
    expect(cancel.data?.controlEnhancementBatch).toEqual({ status: 'cancelled', items: [{ status: 'cancelled' }] });
    const wrong = await gql(t, admin, 'mutation ($id: ID!) { controlEnhancementBatch(id: $id, action: "explode") { id } }', { id: String(batch.id) });
    expect(wrong.errors?.[0].message).toBe('Action must be pause, resume or cancel');
  });
});

describe('versionBelow', () => {
  it('compares versions part by part; unrecorded versions are older than any', () => {
    expect(versionBelow('2.0.0', '2.1')).toBe(true);
    expect(versionBelow('2.10.0', '2.9.0')).toBe(false);
    expect(versionBelow('2.0.0', '2.0.0')).toBe(false);
    expect(versionBelow(null, '0.1')).toBe(true);
  });
});
