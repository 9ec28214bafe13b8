/**
 * The moderation flow end to end on the real server and engine: a song with profane lyrics is
 * analysed in its generation job and queued; an admin reviews it with the lyrics highlighted and
 * hides it; only its owner still sees it, with the outcome; reports, approval and regeneration requests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import supertest from 'supertest';
import type { EntityManager } from '@mikro-orm/postgresql';
import { signUp, startTestApp, type TestApp } from '../test-support/test-app.js';
import { insertSong } from '../library/test-fixtures.js';
import { SongContentAnalysis } from './song-content-analysis.entity.js';
import { ContentRegenerationRequest } from './content-regeneration-request.entity.js';
import { AdminAuditEntry } from '../admin/admin-audit-entry.entity.js';

const gql = (t: TestApp, cookie: string, query: string, variables: Record<string, unknown> = {}) =>
  supertest(t.baseUrl).post('/graphql').set('cookie', cookie).send({ query, variables }).then((res) => res.body as { data?: Record<string, any>; errors?: Array<{ message: string; extensions: { code: string } }> });

const QUEUE = `query ($status: String) { moderationQueue(status: $status) { id songId songTitle status flaggedFor flaggedWords moderatorNotes reviewedBy reviewedAt songModerationStatus
  highlightedLyrics { text flagged } analysis { language contentRating offensiveContent adultContent offensiveWords sentiment analysisVersion analysisModel wordCount } } }`;
const REVIEW = 'mutation ($id: ID!, $decision: String!, $notes: String) { reviewModeration(id: $id, decision: $decision, notes: $notes) { status moderatorNotes reviewedBy reviewedAt songModerationStatus } }';
const SONG = 'query ($id: ID!) { song(id: $id) { id title moderationOutcome { status moderatorNotes reviewedAt } } }';

describe('content analysis and moderation, end to end', () => {
  let t: TestApp;
  let admin: string;
  let owner: string;
  let listener: string;
  const em = () => t.app.database.orm.em.fork() as EntityManager;

  beforeAll(async () => {
    t = await startTestApp({ target: 'embedded', config: { workerConcurrency: 1 } });
    admin = await signUp(t, 'moderator');
    owner = await signUp(t, 'songwriter');
    listener = await signUp(t, 'listener');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('analyses a generated song in its job, flags it, and a hidden song is seen only by its owner', async () => {
    const lyrics = 'Driving through the city lights tonight\nWhat the f*ck is going on\nThis sh1t keeps me up till dawn';
    const generated = await gql(t, owner, 'mutation ($lyrics: String!) { generateSong(input: { prompt: "late night synthwave drive", title: "Night Drive", lyrics: $lyrics, durationSeconds: 30, generateAlbumArt: false, seed: 3 }) { id } }', { lyrics });
    const requestId = generated.data?.generateSong.id as string;
    await expect
      .poll(async () => (await gql(t, owner, 'query ($id: ID!) { generation(id: $id) { status error song { id } } }', { id: requestId })).data?.generation.status, { timeout: 120_000, interval: 500 })
      .toBe('completed');
    const songId = (await gql(t, owner, 'query ($id: ID!) { generation(id: $id) { song { id } } }', { id: requestId })).data?.generation.song.id as string;

    const analysis = await em().findOneOrFail(SongContentAnalysis, { song: songId });
    expect(analysis).toMatchObject({ language: 'eng', contentRating: 'explicit', offensiveContent: true, adultContent: true, analysisVersion: '1.0' });
    expect(analysis.offensiveWords).toEqual(expect.arrayContaining(['fuck', 'shit']));

    const pending = (await gql(t, admin, QUEUE, { status: 'pending' })).data?.moderationQueue as Array<Record<string, any>>;
    const item = pending.find((i) => i.songId === songId)!;
    expect(item).toMatchObject({ songTitle: 'Night Drive', status: 'pending', flaggedFor: ['offensive language'], songModerationStatus: 'visible' });
    expect(item.flaggedWords).toEqual(expect.arrayContaining(['f*ck', 'sh1t']));
    expect(item.highlightedLyrics.filter((s: { flagged: boolean }) => s.flagged).map((s: { text: string }) => s.text)).toEqual(['f*ck', 'sh1t']);
    expect(item.highlightedLyrics.map((s: { text: string }) => s.text).join('')).toContain('What the f*ck is going on');
    expect(item.analysis).toMatchObject({ language: 'eng', offensiveContent: true, analysisModel: expect.stringContaining('obscenity') });

    // Everyone sees the song before the review.
    expect((await gql(t, listener, SONG, { id: songId })).data?.song).toMatchObject({ id: songId, moderationOutcome: null });

    const reviewed = await gql(t, admin, REVIEW, { id: item.id, decision: 'hide', notes: 'Explicit lyrics in a public song' });
    expect(reviewed.data?.reviewModeration).toMatchObject({ status: 'hidden', moderatorNotes: 'Explicit lyrics in a public song', reviewedBy: 'moderator', songModerationStatus: 'hidden' });
    expect(reviewed.data?.reviewModeration.reviewedAt).toEqual(expect.any(String));

    expect((await gql(t, listener, SONG, { id: songId })).data?.song).toBeNull();
    const listenerLibrary = (await gql(t, listener, '{ songs(first: 50) { songs { id } } }')).data?.songs.songs as Array<{ id: string }>;
    expect(listenerLibrary.map((s) => s.id)).not.toContain(songId);
    expect((await supertest(t.baseUrl).post(`/api/songs/${songId}/like`).set('cookie', listener).send({})).status).toBe(404);
    expect((await gql(t, owner, SONG, { id: songId })).data?.song).toMatchObject({
      id: songId,
      moderationOutcome: { status: 'hidden', moderatorNotes: 'Explicit lyrics in a public song', reviewedAt: expect.any(String) },
    });
    expect(await em().count(AdminAuditEntry, { action: 'moderation.hide', targetId: songId })).toBe(1);

    // A regeneration request keeps the song hidden and records the words to eliminate.
    const regenerate = await gql(t, admin, REVIEW, { id: item.id, decision: 'regenerate', notes: 'Rewrite the chorus' });
    expect(regenerate.errors).toBeUndefined();
    expect(regenerate.data?.reviewModeration).toMatchObject({ status: 'regeneration', songModerationStatus: 'hidden' });
    const regeneration = await em().findOneOrFail(ContentRegenerationRequest, { originalSong: songId });
    expect(regeneration).toMatchObject({ status: 'pending', preservedElements: ['melody', 'arrangement', 'title'] });
    expect(regeneration.wordsToEliminate).toEqual(expect.arrayContaining(['fuck', 'shit']));
    expect((await gql(t, listener, SONG, { id: songId })).data?.song).toBeNull();
  }, 180_000);

  it('lets users report a song they can see; approving keeps it visible', async () => {
    const song = await insertSong(em(), { title: 'Reported tune', genre: 'pop' });
    expect((await gql(t, listener, 'mutation ($id: ID!) { reportSong(songId: $id, reason: "Hateful words") }', { id: song.id })).data).toEqual({ reportSong: true });
    expect((await gql(t, owner, 'mutation ($id: ID!) { reportSong(songId: $id, reason: "Also bad") }', { id: song.id })).data).toEqual({ reportSong: true });
    const empty = await gql(t, listener, 'mutation ($id: ID!) { reportSong(songId: $id, reason: "  ") }', { id: song.id });
    expect(empty.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
    const item = ((await gql(t, admin, QUEUE, { status: 'pending' })).data?.moderationQueue as Array<Record<string, any>>).find((i) => i.songId === song.id)!;
    expect(item.flaggedFor).toEqual(['reported by listener: Hateful words', 'reported by songwriter: Also bad']);
    await gql(t, admin, REVIEW, { id: item.id, decision: 'approve', notes: 'Nothing wrong' });
    expect((await gql(t, listener, SONG, { id: song.id })).data?.song).toMatchObject({ id: song.id, moderationOutcome: null });
    const bad = await gql(t, admin, REVIEW, { id: item.id, decision: 'delete' });
    expect(bad.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
  });
});
