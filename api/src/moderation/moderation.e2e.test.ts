/**
 * The moderation flow end to end on the real server and engine: a song with profane lyrics is
 * analysed in its generation job and queued; an admin reviews it with the lyrics highlighted and
 * hides it; only its owner still sees it, with the outcome; reports, approval and regeneration requests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import supertest from 'supertest';
import type { EntityManager } from '@mikro-orm/postgresql';
import { libraryPage, signUp, startTestApp, type TestApp } from '../test-support/test-app.js';
import { insertSong } from '../library/test-fixtures.js';
import { SongContentAnalysis } from './song-content-analysis.entity.js';
import { ContentRegenerationRequest } from './content-regeneration-request.entity.js';
import { AdminAuditEntry } from '../admin/admin-audit-entry.entity.js';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { User } from '../users/user.entity.js';
import { Song } from '../songs/song.entity.js';
import { Playlist } from '../playlists/playlist.entity.js';
import { PlaylistSong } from '../playlists/playlist-song.entity.js';
import { LikedSong } from '../library/liked-song.entity.js';
import { PlayQueue } from '../library/play-queue.entity.js';
import { PlayQueueEntry } from '../library/play-queue-entry.entity.js';
import { RegenerationJobs } from './regeneration-jobs.js';
import { SongRegenerator } from './song-regenerator.js';
import { Topics, userTopic } from '../pubsub/pubsub.js';
import type { QueueChangedEvent } from '../library/queue.service.js';
import type { PlaylistChangedEvent } from '../playlists/playlist.service.js';

const gql = (t: TestApp, cookie: string, query: string, variables: Record<string, unknown> = {}) =>
  supertest(t.baseUrl).post('/graphql').set('cookie', cookie).send({ query, variables }).then((res) => res.body as { data?: Record<string, any>; errors?: Array<{ message: string; extensions: { code: string } }> });

const QUEUE = `query ($status: String) { moderationQueue(status: $status) { id songId songTitle status flaggedFor flaggedWords moderatorNotes reviewedBy reviewedAt songModerationStatus
  highlightedLyrics { text flagged } analysis { language contentRating offensiveContent adultContent offensiveWords sentiment analysisVersion analysisModel wordCount } } }`;
const REVIEW = 'mutation ($id: ID!, $decision: String!, $notes: String) { reviewModeration(id: $id, decision: $decision, notes: $notes) { status moderatorNotes reviewedBy reviewedAt songModerationStatus } }';
const SONG = 'query ($id: ID!) { song(id: $id) { id title moderationOutcome { status moderatorNotes reviewedAt regeneration { status error newSongId decision completedAt } } } }';
const REGENERATIONS = `{ regenerationRequests { id status error wordsToEliminate replacementWords { word replacement } preservedElements replacedWords { word replacement }
  decision decidedBy requestedBy completedAt originalSong { id title audioUrl lyrics moderationStatus } newSong { id title audioUrl lyrics moderationStatus } } }`;
const DECIDE = 'mutation ($id: ID!, $decision: String!) { decideRegeneration(id: $id, decision: $decision) { id decision decidedBy newSong { id moderationStatus } } }';
const REGENERATE = 'mutation ($id: ID!, $regeneration: RegenerationInput) { reviewModeration(id: $id, decision: "regenerate", regeneration: $regeneration) { status } }';

describe('content analysis and moderation, end to end', () => {
  let t: TestApp;
  let admin: string;
  let owner: string;
  let listener: string;
  /** The flagged generated song and its moderation item (first test). */
  let songId: string;
  let itemId: string;
  const em = () => t.app.database.orm.em.fork() as EntityManager;
  const regenerations = async () => (await gql(t, admin, REGENERATIONS)).data?.regenerationRequests as Array<Record<string, any>>;
  /** The regeneration request for the song with this id, once it is no longer pending or processing. */
  const finishedRegeneration = async (id: string) => {
    await expect.poll(async () => (await regenerations()).find((r) => r.id === id)?.status, { timeout: 120_000, interval: 500 }).toMatch(/completed|failed/);
    return (await regenerations()).find((r) => r.id === id)!;
  };
  const latestRegenerationId = async () => String((await em().findOneOrFail(ContentRegenerationRequest, { originalSong: songId }, { orderBy: { id: 'desc' } })).id);

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
    songId = (await gql(t, owner, 'query ($id: ID!) { generation(id: $id) { song { id } } }', { id: requestId })).data?.generation.song.id as string;

    const analysis = await em().findOneOrFail(SongContentAnalysis, { song: songId });
    expect(analysis).toMatchObject({ language: 'eng', contentRating: 'explicit', offensiveContent: true, adultContent: true, analysisVersion: '1.0' });
    expect(analysis.offensiveWords).toEqual(expect.arrayContaining(['fuck', 'shit']));

    const pending = (await gql(t, admin, QUEUE, { status: 'pending' })).data?.moderationQueue as Array<Record<string, any>>;
    const item = pending.find((i) => i.songId === songId)!;
    itemId = item.id;
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
    expect(regeneration).toMatchObject({ preservedElements: ['melody', 'arrangement', 'title'] });
    expect(['pending', 'processing', 'completed']).toContain(regeneration.status);
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

  it('regenerates the song with the flagged words replaced on the same notes; accepting it puts it in the original\'s place', async () => {
    // The original was in a listener's playlist, likes and queue before it was hidden.
    const db = em();
    const listenerUser = await db.findOneOrFail(User, { username: 'listener' });
    const playlist = db.create(Playlist, { user: listenerUser, name: 'Drives' });
    db.create(PlaylistSong, { playlist, music: db.getReference(Song, songId), position: 1 });
    db.create(LikedSong, { user: listenerUser, music: db.getReference(Song, songId) });
    db.create(PlayQueueEntry, { user: listenerUser, song: db.getReference(Song, songId), position: 1 });
    db.create(PlayQueue, { user: listenerUser, currentSong: db.getReference(Song, songId) });
    await db.flush();
    await db.nativeUpdate(Song, { id: songId }, { likeCount: 1 });
    // The owner's library page, kept in memory from here, lists the regenerated song once it is committed.
    const ownPage = async () => ((await gql(t, owner, '{ songs(mine: true, first: 100) { songs { id } } }')).data?.songs.songs as Array<{ id: string }>).map((s) => s.id);
    await ownPage();

    const done = await finishedRegeneration(await latestRegenerationId());
    expect(done).toMatchObject({ status: 'completed', error: null, decision: null, requestedBy: 'moderator', preservedElements: ['melody', 'arrangement', 'title'] });
    expect(done.wordsToEliminate).toEqual(expect.arrayContaining(['fuck', 'shit']));
    expect(done.replacedWords.map((r: { word: string }) => r.word)).toEqual(['f*ck', 'sh1t']);
    const newSong = done.newSong as Record<string, any>;
    expect(newSong).toMatchObject({ title: 'Night Drive', moderationStatus: 'hidden' });
    await expect.poll(ownPage, { timeout: 5_000, interval: 50 }).toContain(newSong.id);
    expect(newSong.lyrics).toContain(`What the ${done.replacedWords[0].replacement} is going on`);
    expect(newSong.lyrics).not.toMatch(/f\*ck|sh1t/);
    expect(done.originalSong.lyrics).toContain('What the f*ck is going on');
    expect(existsSync(path.join(t.config.mediaDir, newSong.audioUrl.replace(/^\/media\//, '')))).toBe(true);
    const [original, regenerated] = await Promise.all([em().findOneOrFail(Song, { id: songId }), em().findOneOrFail(Song, { id: newSong.id })]);
    // Same seed and composition: the same length, tempo and key; the words' analysis is clean.
    expect(regenerated).toMatchObject({ duration: original.duration, bpm: original.bpm, musicalKey: original.musicalKey, genre: original.genre, user: original.user });
    expect((regenerated.settings as { seed: number }).seed).toBe((original.settings as { seed: number }).seed);
    expect(await em().findOneOrFail(SongContentAnalysis, { song: newSong.id })).toMatchObject({ offensiveContent: false, contentRating: 'clean' });

    // The owner sees the outcome; nobody else sees the new song before a moderator accepts it.
    expect((await gql(t, owner, SONG, { id: songId })).data?.song.moderationOutcome.regeneration).toMatchObject({ status: 'completed', newSongId: newSong.id, decision: null });
    expect((await gql(t, owner, SONG, { id: newSong.id })).data?.song).toMatchObject({ id: newSong.id });
    expect((await gql(t, listener, SONG, { id: newSong.id })).data?.song).toBeNull();
    const forbidden = await gql(t, owner, DECIDE, { id: done.id, decision: 'accept' });
    expect(forbidden.errors?.[0].extensions.code).toBe('FORBIDDEN');
    expect((await gql(t, admin, DECIDE, { id: done.id, decision: 'keep' })).errors?.[0].extensions.code).toBe('BAD_USER_INPUT');

    // The listener's open player and playlist hear of the swap at once (the engine subscribes on the first pull).
    const queuePushes = t.app.services.pubsub.subscribe(userTopic(Topics.queueChanged, listenerUser.id))[Symbol.asyncIterator]();
    const playlistPushes = t.app.services.pubsub.subscribe(userTopic(Topics.playlistChanged, listenerUser.id))[Symbol.asyncIterator]();
    const [nextQueue, nextPlaylist] = [queuePushes.next(), playlistPushes.next()];
    const listenerPage = async () => (await libraryPage(t, listener)).map((song) => song.id);
    expect(await listenerPage()).not.toContain(newSong.id);
    const accepted = await gql(t, admin, DECIDE, { id: done.id, decision: 'accept' });
    expect(accepted.errors).toBeUndefined();
    const pushedQueue = (await nextQueue).value as QueueChangedEvent;
    expect(pushedQueue.queue.currentSong?.id).toBe(newSong.id);
    expect(pushedQueue.queue.upcomingQueue.map((song) => song.id)).toEqual([newSong.id]);
    expect(((await nextPlaylist).value as PlaylistChangedEvent).playlistId).toBe(playlist.id);
    await Promise.all([queuePushes.return?.(), playlistPushes.return?.()]);
    expect(accepted.data?.decideRegeneration).toMatchObject({ decision: 'accepted', decidedBy: 'moderator', newSong: { id: newSong.id, moderationStatus: 'visible' } });
    // The listener's library page, kept in memory before, lists the new song at once.
    expect(await listenerPage()).toContain(newSong.id);
    // Nothing of the listener's points at the original any more; all of it points at the new song.
    const check = em();
    expect(await check.count(PlaylistSong, { music: songId })).toBe(0);
    expect(await check.count(LikedSong, { music: songId })).toBe(0);
    expect(await check.count(PlayQueueEntry, { song: songId })).toBe(0);
    expect(await check.count(PlayQueue, { currentSong: songId })).toBe(0);
    expect(await check.count(PlaylistSong, { playlist: playlist.id, music: newSong.id })).toBe(1);
    expect(await check.count(LikedSong, { user: listenerUser.id, music: newSong.id })).toBe(1);
    expect(await check.count(PlayQueueEntry, { user: listenerUser.id, song: newSong.id })).toBe(1);
    expect((await check.findOneOrFail(PlayQueue, { user: listenerUser.id })).currentSong?.id).toBe(newSong.id);
    expect((await check.findOneOrFail(Song, { id: newSong.id })).likeCount).toBe(1);
    expect((await check.findOneOrFail(Song, { id: songId })).likeCount).toBe(0);
    expect((await gql(t, listener, SONG, { id: newSong.id })).data?.song).toMatchObject({ id: newSong.id, title: 'Night Drive' });
    expect((await gql(t, owner, SONG, { id: songId })).data?.song.moderationOutcome.regeneration).toMatchObject({ decision: 'accepted' });
    expect(await check.count(AdminAuditEntry, { action: 'moderation.regeneration.accept', targetId: songId })).toBe(1);
    expect((await gql(t, admin, DECIDE, { id: done.id, decision: 'reject' })).errors?.[0].extensions.code).toBe('CONFLICT');
  }, 180_000);

  it('fails a regeneration that cannot keep the melody, and a rejected one is deleted with its files', async () => {
    const bad = await gql(t, admin, REGENERATE, { id: itemId, regeneration: { replacementWords: [{ word: 'fuck', replacement: 'fiddlesticks' }] } });
    expect(bad.errors).toBeUndefined();
    const failed = await finishedRegeneration(await latestRegenerationId());
    expect(failed).toMatchObject({ status: 'failed', newSong: null, replacementWords: [{ word: 'fuck', replacement: 'fiddlesticks' }] });
    expect(failed.error).toMatch(/"fiddlesticks" has 3 syllable/);
    expect(failed.completedAt).toEqual(expect.any(String));
    expect((await gql(t, owner, SONG, { id: songId })).data?.song.moderationOutcome.regeneration).toMatchObject({ status: 'failed', error: failed.error });
    const invalid = await gql(t, admin, REGENERATE, { id: itemId, regeneration: { preservedElements: ['drums'] } });
    expect(invalid.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
    expect((await gql(t, admin, DECIDE, { id: failed.id, decision: 'accept' })).errors?.[0].extensions.code).toBe('CONFLICT');

    await gql(t, admin, REGENERATE, { id: itemId, regeneration: { replacementWords: [{ word: 'fuck', replacement: 'heck' }, { word: 'shit', replacement: 'stuff' }] } });
    const done = await finishedRegeneration(await latestRegenerationId());
    expect(done.status).toBe('completed');
    expect(done.newSong.lyrics).toContain('What the heck is going on');
    const file = path.join(t.config.mediaDir, done.newSong.audioUrl.replace(/^\/media\//, ''));
    expect(existsSync(file)).toBe(true);
    const rejected = await gql(t, admin, DECIDE, { id: done.id, decision: 'reject' });
    expect(rejected.data?.decideRegeneration).toMatchObject({ decision: 'rejected', newSong: null });
    expect(await em().count(Song, { id: done.newSong.id })).toBe(0);
    expect(existsSync(file)).toBe(false);
    expect(await em().count(AdminAuditEntry, { action: 'moderation.regeneration.reject', targetId: songId })).toBe(1);
  }, 180_000);

  it('hands back a regeneration a dead process left processing, and fails one for a song not made by the engine', async () => {
    const db = em();
    const song = await insertSong(db, { title: 'Imported track' });
    const request = db.create(ContentRegenerationRequest, { originalSong: song, requestedBy: await db.findOneOrFail(User, { username: 'moderator' }), wordsToEliminate: ['heck'], replacementWords: null, status: 'processing' });
    await db.flush();
    const jobs = new RegenerationJobs(t.app.database.orm, new SongRegenerator(t.app.services.musicProvider, t.app.services.media.storage), t.app.logger, t.app.services.pubsub);
    expect(await jobs.requeueUnfinished()).toContain(request.id);
    expect((await em().findOneOrFail(ContentRegenerationRequest, { id: request.id })).status).toBe('pending');
    await t.app.services.moderation.regenerations.enqueue(request);
    await expect.poll(async () => (await em().findOneOrFail(ContentRegenerationRequest, { id: request.id })).status, { timeout: 30_000, interval: 250 }).toBe('failed');
    const failed = await em().findOneOrFail(ContentRegenerationRequest, { id: request.id });
    expect(failed.error).toBe('The song was not made by this engine (no generation settings): it cannot be regenerated');
    expect(failed.completedAt).toBeInstanceOf(Date);
  });
});
