/**
 * Who may do what, for every GraphQL operation and every REST route. The operations are enumerated
 * from the built schema and the routes from the REST router, so a new one without an entry here fails.
 *
 * Actors: the owner of the resources under test (a private song, generation requests, playlists),
 * another free user, a free user whose generation permission an admin revoked (listener), an admin,
 * and nobody. The rules (docs/permissions.md): signed-out callers get UNAUTHENTICATED / 401; others'
 * private songs are NOT_FOUND / 404 as if absent (song(id) answers null), except to admins, who see every
 * song and every generation request; generating needs canGenerateMusic (FORBIDDEN / 403); others'
 * private playlists are NOT_FOUND, public ones read-only (FORBIDDEN to change, docs/playlists.md); /admin's
 * operations need canAccessAdmin (FORBIDDEN for everyone else).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import supertest from 'supertest';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Router } from 'express';
import { DATABASE_TARGETS, TEST_REDIS_URL, redisAvailable } from '../test-support/services-available.js';
import { signUp, startTestApp, type TestApp } from '../test-support/test-app.js';
import { collect, cookiePair, wsClient } from '../test-support/ws-client.js';
import { buildAppSchema } from '../graphql/schema.js';
import { createPubSub } from '../pubsub/pubsub.js';
import { apiRoutes } from '../http/api-routes.js';
import { User } from '../users/user.entity.js';
import { Song } from '../songs/song.entity.js';
import { GenerationRequest } from '../generation/generation-request.entity.js';
import { insertSong } from '../library/test-fixtures.js';
import { ContentModerationItem } from '../moderation/content-moderation-item.entity.js';
import { ContentRegenerationRequest } from '../moderation/content-regeneration-request.entity.js';
import sharp from 'sharp';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PUBLIC_SUBSONIC_METHODS, subsonicMethods } from '../subsonic/subsonic.routes.js';
import { albumId, artistId } from '../subsonic/subsonic-library.js';
import { effectivePermissions } from '../users/permissions.js';
import { EnhancementBatch } from '../enhancement/enhancement-batch.entity.js';
import { EnhancementItem } from '../enhancement/enhancement-item.entity.js';
import { ProductionSong } from '../songs/production-song.entity.js';

const ACTORS = ['anonymous', 'owner', 'other', 'listener', 'admin'] as const;
type Actor = (typeof ACTORS)[number];
type SignedInActor = Exclude<Actor, 'anonymous'>;
/** ok: answered without errors; null: answered null (what song(id) says for a song one may not see). */
type Outcome = 'ok' | 'null' | 'UNAUTHENTICATED' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT' | 'BAD_USER_INPUT';
type Rule = Record<Actor, Outcome>;

const signedIn: Rule = { anonymous: 'UNAUTHENTICATED', owner: 'ok', other: 'ok', listener: 'ok', admin: 'ok' };
const everyone: Rule = { anonymous: 'ok', owner: 'ok', other: 'ok', listener: 'ok', admin: 'ok' };
/** The owner's own things (smart playlists, private playlists, sessions...): others are told they do not exist, admins included. */
const ownerOnly: Rule = { anonymous: 'UNAUTHENTICATED', owner: 'ok', other: 'NOT_FOUND', listener: 'NOT_FOUND', admin: 'NOT_FOUND' };
/** The owner's private song and generation requests: admins see every song and manage every request. */
const ownerOrAdmin: Rule = { anonymous: 'UNAUTHENTICATED', owner: 'ok', other: 'NOT_FOUND', listener: 'NOT_FOUND', admin: 'ok' };
/** Admin-only operations (/admin, plan codes, the cost model, the radio line-up): canAccessAdmin, checked on the server (docs/permissions.md). */
const adminOnly: Rule = { anonymous: 'UNAUTHENTICATED', owner: 'FORBIDDEN', other: 'FORBIDDEN', listener: 'FORBIDDEN', admin: 'ok' };
const generators: Rule = { anonymous: 'UNAUTHENTICATED', owner: 'ok', other: 'ok', listener: 'FORBIDDEN', admin: 'ok' };
/** Changing the owner's public playlist: everyone else may see it, but only the owner changes it, admins included. */
const ownerChangesPublic: Rule = { anonymous: 'UNAUTHENTICATED', owner: 'ok', other: 'FORBIDDEN', listener: 'FORBIDDEN', admin: 'FORBIDDEN' };
/**
 * Account operations that would end the shared sessions or accounts (password change, deletion) run
 * with a wrong current password: signed-in callers reach the check on their own account, nobody else's.
 */
const ownAccountWrongPassword: Rule = { anonymous: 'UNAUTHENTICATED', owner: 'BAD_USER_INPUT', other: 'BAD_USER_INPUT', listener: 'BAD_USER_INPUT', admin: 'BAD_USER_INPUT' };

interface Fixtures {
  t: TestApp;
  em(): EntityManager;
  users: Record<SignedInActor, User>;
  cookies: Record<SignedInActor, string>;
  privateSong: Song;
  publicSong: Song;
  /** A new request of the owner's, queued (pending) or already failed. */
  ownerRequest(status: 'pending' | 'failed'): Promise<number>;
  /** A new playlist of the owner's holding the public song; answers its id. */
  ownerPlaylist(isPublic: boolean): Promise<string>;
  /** A new smart playlist of the actor's; answers its id. */
  ownSmartPlaylist(actor: SignedInActor): Promise<string>;
}

type Variables = (f: Fixtures, actor: Actor) => Promise<Record<string, unknown>> | Record<string, unknown>;

interface GraphQLCase {
  document: string;
  variables?: Variables;
  rule: Rule;
  /** Register, login and logout change the session: each actor runs them on a session of its own. */
  ownSession?: boolean;
  /** Runs before the call, as the actor (e.g. fills the queue that moveInQueue reorders). */
  before?: (f: Fixtures, actor: SignedInActor) => Promise<void>;
}

let accounts = 0;
const issueCode = (f: Fixtures) => f.t.app.services.plans.issueCodes(f.em(), f.users.admin, { tier: 'starter', durationDays: 30, validForDays: 7 });
const newAccount = () => ({ username: `matrix${(accounts += 1)}x${Date.now() % 100_000}`, password: 'password1' });
const SONG_FIELDS = '{ id title }';
const QUEUE_FIELDS = '{ version currentSong { id } upcomingQueue { id } }';
const GENERATION_FIELDS = '{ id status }';
const privateSongId: Variables = (f) => ({ id: f.privateSong.id });
/** A fresh account for each call, so disabling or resetting one leaves the actors' own accounts alone. */
const bystander: Variables = async (f) => {
  const em = f.em();
  const user = em.create(User, { username: newAccount().username });
  await em.flush();
  return { id: String(user.id) };
};
/** A fresh pending moderation item on the public song for each call. */
const moderationItem: Variables = async (f) => {
  const em = f.em();
  const item = em.create(ContentModerationItem, { song: em.getReference(Song, f.publicSong.id), flaggedFor: ['offensive language'], flaggedWords: ['f*ck'] });
  await em.flush();
  return { id: String(item.id) };
};
/** A fresh paused enhancement batch with one finished song (its lyrics field "changed" from null to null), so every call has its own. */
const enhancementBatch = async (f: Fixtures): Promise<{ batch: string; item: string }> => {
  const em = f.em();
  const batch = em.create(EnhancementBatch, { operations: ['cover'], selection: 'matrix', status: 'paused' });
  const item = em.create(EnhancementItem, { batch, song: em.getReference(Song, f.publicSong.id), status: 'completed', before: { lyrics: null }, after: { lyrics: null } });
  await em.flush();
  return { batch: String(batch.id), item: String(item.id) };
};
/** A fresh public song published to the production catalogue for each call: its production row's id. */
const productionSong: Variables = async (f) => {
  const song = await insertSong(f.em(), { title: 'Published by the matrix', genre: 'jazz' });
  await f.t.app.services.productionSync.transferSelected(f.em(), f.users.admin, [song.id]);
  return { ids: [(await f.em().findOneOrFail(ProductionSong, { originalDevId: song.id })).id] };
};
const privateSongArtist: Variables = async (f) => {
  await f.em().nativeUpdate(Song, { id: f.privateSong.id }, { artist: 'Matrix Private Artist' });
  return { name: 'Matrix Private Artist' };
};
const MIXER = { crossfadeEnabled: true, crossfadeDuration: 5000, mixTightness: 3, djModeEnabled: false, silenceEliminationEnabled: false };
const fillQueue = async (f: Fixtures, actor: SignedInActor) => {
  for (let i = 0; i < 2; i += 1) await f.t.app.services.queue.enqueue(f.em(), f.users[actor], { songId: f.publicSong.id });
};
const PLAYLIST_FIELDS = '{ id name songs { song { id } } songsConnection(first: 5) { edges { node { song { id } } } } }';
/** A fresh private playlist of the owner's for each call (deleting or emptying one leaves the next call its own). */
const privatePlaylist: Variables = async (f) => ({ id: await f.ownerPlaylist(false), song: f.publicSong.id });

const OVERRIDE = { name: 'Matrix week', energyLevel: 0.4, startDate: '2026-11-23', endDate: '2026-11-29' };
const OVERRIDE_FIELDS = '{ id name isActive }';
/** A fresh Mood & Time override of the owner's for each call. */
const ownerOverride: Variables = async (f) => ({ id: String((await f.t.app.services.schedules.createOverride(f.em(), f.users.owner, OVERRIDE)).id), input: OVERRIDE });
const CURVES = {
  perWeekday: false,
  everyDay: [{ hour: 0, energy: 0.2 }, { hour: 12, energy: 0.8 }],
  moods: { morning: ['happy'], afternoon: ['energetic'], evening: ['chill'], night: ['dreamy'] },
};
const TUNING = { genres: ['jazz'], moods: [], energy: 0.5, tempoMin: 60, tempoMax: 160, freshness: 0.5 };
/** The pop station's id (seeded with every installation). */
const popStation: Variables = async (f) => ({ id: String((await f.t.app.services.radioStations.list(f.em(), f.users.admin, {})).find((l) => l.station.genre === 'pop')!.station.id) });

/** A genre only a fresh song has, so each call may add its station. */
const newStationGenre: Variables = async (f) => {
  const genre = `matrix-${newAccount().username}`.toLowerCase();
  await insertSong(f.em(), { title: 'Genre seed', genre });
  return { genre };
};
const PRESET = { name: 'Matrix preset', description: 'Made by the matrix', curves: CURVES };
/** A fresh preset for each call (a unique name), made by the admin. */
const newPreset: Variables = async (f) => {
  const preset = await f.t.app.services.schedulePresets.create(f.em(), f.users.admin, { name: `Preset ${newAccount().username}`, description: 'For one call', schedule: CURVES });
  return { id: String(preset.id), input: { description: 'Edited by the matrix' } };
};
/** A fresh completed regeneration of a fresh song for each call (rejecting it deletes its new song only). */
const completedRegeneration: Variables = async (f) => {
  const em = f.em();
  const original = await insertSong(em, { title: 'To regenerate' });
  const regenerated = await insertSong(em, { title: 'Regenerated' });
  const request = em.create(ContentRegenerationRequest, { originalSong: original, requestedBy: em.getReference(User, f.users.admin.id), wordsToEliminate: ['heck'], replacementWords: null, status: 'completed', newSong: regenerated, completedAt: new Date() });
  await em.flush();
  return { id: String(request.id) };
};

/** The playlist operations on one of the owner's playlists, keyed by operation name (private playlists in QUERIES and MUTATIONS). */
const PLAYLIST_OPERATIONS: Record<string, { document: string; reads: boolean }> = {
  playlist: { document: `query ($id: ID!) { playlist(id: $id) ${PLAYLIST_FIELDS} }`, reads: true },
  renamePlaylist: { document: `mutation ($id: ID!) { renamePlaylist(id: $id, name: "Renamed") ${PLAYLIST_FIELDS} }`, reads: false },
  describePlaylist: { document: `mutation ($id: ID!) { describePlaylist(id: $id, description: "Described") ${PLAYLIST_FIELDS} }`, reads: false },
  setPlaylistPublic: { document: `mutation ($id: ID!) { setPlaylistPublic(id: $id, isPublic: true) ${PLAYLIST_FIELDS} }`, reads: false },
  deletePlaylist: { document: 'mutation ($id: ID!) { deletePlaylist(id: $id) }', reads: false },
  addSongsToPlaylist: { document: `mutation ($id: ID!, $song: ID!) { addSongsToPlaylist(id: $id, songIds: [$song], position: 0) ${PLAYLIST_FIELDS} }`, reads: false },
  removeSongsFromPlaylist: { document: `mutation ($id: ID!, $song: ID!) { removeSongsFromPlaylist(id: $id, songIds: [$song]) ${PLAYLIST_FIELDS} }`, reads: false },
  moveSongInPlaylist: { document: `mutation ($id: ID!, $song: ID!) { moveSongInPlaylist(id: $id, songId: $song, toPosition: 0) ${PLAYLIST_FIELDS} }`, reads: false },
  duplicatePlaylist: { document: `mutation ($id: ID!) { duplicatePlaylist(id: $id) ${PLAYLIST_FIELDS} }`, reads: true },
  playPlaylist: { document: `mutation ($id: ID!) { playPlaylist(id: $id) ${QUEUE_FIELDS} }`, reads: true },
  enqueuePlaylist: { document: `mutation ($id: ID!) { enqueuePlaylist(id: $id) ${QUEUE_FIELDS} }`, reads: true },
};
/** Each playlist operation on a private playlist of the owner's: others, admins included, are told it does not exist. */
const onPrivatePlaylist = (name: string): GraphQLCase => ({ document: PLAYLIST_OPERATIONS[name]!.document, variables: privatePlaylist, rule: ownerOnly });
/** Each playlist operation on a public playlist of the owner's: every signed-in user reads it, only the owner changes it. */
const PUBLIC_PLAYLIST: Record<string, GraphQLCase> = Object.fromEntries(
  Object.entries(PLAYLIST_OPERATIONS).map(([name, { document, reads }]) => [
    name,
    { document, variables: async (f: Fixtures) => ({ id: await f.ownerPlaylist(true), song: f.publicSong.id }), rule: reads ? signedIn : ownerChangesPublic },
  ]),
);

const SMART_FIELDS = '{ id name rules }';
/** Rules every actor's preview and new smart playlist use: the jazz songs (the public one plays). */
const SMART_RULES_LITERAL = '{ all: [{ field: "genre", operator: "is", value: "jazz" }] }';
/** A smart playlist of the owner's (a fresh one per call): only the owner may see, change or play it; admins included. */
const onOwnerSmartPlaylist = (document: string): GraphQLCase => ({ document, variables: async (f) => ({ id: await f.ownSmartPlaylist('owner') }), rule: ownerOnly });

/** Song management: the owner has canManageSongs (set on the row), the other free users do not; admins manage every song. */
const songManagers: Rule = { anonymous: 'UNAUTHENTICATED', owner: 'ok', other: 'FORBIDDEN', listener: 'FORBIDDEN', admin: 'ok' };
const MANAGED_FIELDS = '{ id title isPublic }';

/** DJ Studio needs canAccessDJ: 'other' has the right on its row, the admin through its tier; the free owner and listener do not. */
const djUsers: Rule = { anonymous: 'UNAUTHENTICATED', owner: 'FORBIDDEN', other: 'ok', listener: 'FORBIDDEN', admin: 'ok' };
const DJ_SET_FIELDS = '{ active upcoming { song { id } pinned } }';
/** A DJ set playing for each actor that may have one (two fresh public songs, so there is something upcoming). */
const startDjSet = async (f: Fixtures, actor: SignedInActor) => {
  if (!effectivePermissions(f.users[actor]).canAccessDJ) return;
  for (const title of ['DJ one', 'DJ two']) await insertSong(f.em(), { title, genre: 'house' });
  await f.t.app.services.dj.start(f.em(), f.users[actor], {});
};
/** The first upcoming song of the actor's set (the public song for those who have none). */
const djSong: Variables = async (f, actor) => {
  if (actor === 'anonymous' || !effectivePermissions(f.users[actor]).canAccessDJ) return { id: f.publicSong.id };
  const queue = await f.t.app.services.queue.getQueue(f.em(), f.users[actor]);
  return { id: queue.upcomingQueue[0]!.id };
};
/** A fresh private AI Artist of the owner's for each call, with the owner's private song as its song: others are told it does not exist; admins see and change it (docs/artists.md). */
const privateArtist: Variables = async (f) => {
  const artist = await f.t.app.services.artists.create(f.em(), f.users.owner, { name: `Matrix artist ${newAccount().username}` });
  await f.em().nativeUpdate(Song, { id: f.privateSong.id }, { aiArtist: artist.id });
  return { id: String(artist.id) };
};
const ARTIST_FIELDS = '{ id name songCount }';
/** The profile's connections: what each viewer sees in them is profile.service.test.ts's subject. */
const PROFILE_CONNECTIONS = 'songsConnection(first: 5) { totalCount edges { node { id } } } playlistsConnection(first: 5) { totalCount edges { node { id } } }';

const QUERIES: Record<string, GraphQLCase> = {
  me: { document: '{ me { id } }', rule: { ...everyone, anonymous: 'null' } },
  song: { document: `query ($id: ID!) { song(id: $id) ${SONG_FIELDS} }`, variables: privateSongId, rule: { ...ownerOrAdmin, other: 'null', listener: 'null' } },
  songs: { document: `{ songs(first: 5) { songs ${SONG_FIELDS} } }`, rule: signedIn },
  // Admins see the links (the MP3); the WAV and stems are the owner's (docs/downloads.md).
  songDownloads: { document: 'query ($id: ID!) { songDownloads(songId: $id) { songId mp3Url wavUrl } }', variables: privateSongId, rule: ownerOrAdmin },
  // The connections call the same services as the lists; what each caller sees in them is connections.service.test.ts's subject.
  songsConnection: { document: `{ songsConnection(first: 5) { totalCount edges { cursor node ${SONG_FIELDS} } } }`, rule: signedIn },
  playlistsConnection: { document: '{ playlistsConnection(first: 5) { totalCount edges { node { id songsConnection(first: 5) { edges { node { position } } } } } } }', rule: signedIn },
  playHistory: { document: `{ playHistory(first: 5) { totalCount edges { node { playedAt song ${SONG_FIELDS} } } } }`, rule: signedIn },
  searchSongs: { document: `{ searchSongs(text: "matrix", first: 5) { totalCount edges { node ${SONG_FIELDS} } } }`, rule: signedIn },
  searchPlaylists: { document: '{ searchPlaylists(text: "matrix", first: 5) { totalCount edges { node { id } } } }', rule: signedIn },
  searchArtists: { document: '{ searchArtists(text: "matrix", first: 5) { totalCount edges { node { name } } } }', rule: signedIn },
  isLiked: { document: 'query ($id: ID!) { isLiked(songId: $id) }', variables: privateSongId, rule: ownerOrAdmin },
  likedSongs: { document: `{ likedSongs ${SONG_FIELDS} }`, rule: signedIn },
  likedSongsConnection: { document: `{ likedSongsConnection(first: 5) { totalCount edges { cursor node ${SONG_FIELDS} } } }`, rule: signedIn },
  mixerSettings: { document: '{ mixerSettings { crossfadeDuration } }', rule: signedIn },
  queue: { document: `{ queue ${QUEUE_FIELDS} }`, rule: signedIn },
  planSong: { document: '{ planSong(input: { prompt: "rainy piano" }) { bpm key } }', rule: generators },
  generation: { document: `query ($id: ID!) { generation(id: $id) ${GENERATION_FIELDS} }`, variables: async (f) => ({ id: String(await f.ownerRequest('pending')) }), rule: ownerOrAdmin },
  generations: { document: `{ generations(first: 5) { nodes ${GENERATION_FIELDS} totalCount edges { node { id } } } }`, rule: signedIn },
  generationStatus: { document: '{ generationStatus { active { requestId } } }', rule: signedIn },
  playlists: { document: '{ playlists { id isOwner } }', rule: signedIn, before: async (f, actor) => void (await f.t.app.services.playlists.create(f.em(), f.users[actor], { name: 'Mine' })) },
  playlist: onPrivatePlaylist('playlist'),
  smartPlaylists: { document: '{ smartPlaylists { id name } }', rule: signedIn, before: async (f, actor) => void (await f.ownSmartPlaylist(actor)) },
  smartPlaylist: onOwnerSmartPlaylist(`query ($id: ID!) { smartPlaylist(id: $id) ${SMART_FIELDS} }`),
  smartPlaylistPresets: { document: '{ smartPlaylistPresets { name rules } }', rule: signedIn },
  managedSongs: { document: `{ managedSongs ${MANAGED_FIELDS} }`, rule: songManagers },
  managedSongsConnection: { document: `{ managedSongsConnection(first: 5) { totalCount edges { node ${MANAGED_FIELDS} } } }`, rule: songManagers },
  coverChoices: { document: '{ coverChoices { songId coverUrl } }', rule: songManagers },
  // Preview: each caller sees only songs they may see (the owner's private song is in the service tests).
  smartPlaylistSongs: { document: `{ smartPlaylistSongs(rules: ${SMART_RULES_LITERAL}) { count songs ${SONG_FIELDS} } }`, rule: signedIn },
  adminOverview: { document: '{ adminOverview { users appVersion postgres { status } } }', rule: adminOnly },
  adminUsers: { document: '{ adminUsers(first: 5) { total users { id } } }', rule: adminOnly },
  adminGenerations: { document: '{ adminGenerations(first: 5) { nodes { username request { id } } } }', rule: adminOnly },
  adminAuditLog: { document: '{ adminAuditLog(first: 5) { total entries { action } } }', rule: adminOnly },
  enhancementBatches: { document: '{ enhancementBatches { id status total } }', rule: adminOnly },
  productionSync: { document: '{ productionSync(first: 5) { newSongs { total songs { songId } } run { status } } }', rule: adminOnly },
  enhancementBatch: { document: 'query ($id: ID!) { enhancementBatch(id: $id) { id items { status } } }', variables: async (f) => ({ id: (await enhancementBatch(f)).batch }), rule: adminOnly },
  moderationQueue: { document: '{ moderationQueue(first: 5) { id status } }', rule: adminOnly },
  regenerationRequests: { document: '{ regenerationRequests(first: 5) { id status } }', rule: adminOnly },
  // Answers every signed-in user; what each may see in it is the search service test's subject.
  search: { document: '{ search(text: "matrix") { songs { id } playlists { id } artists { name } } }', rule: signedIn },
  home: { document: `{ home { recentlyPlayed ${SONG_FIELDS} latestCreations ${SONG_FIELDS} recentlyLiked ${SONG_FIELDS} madeForYou ${SONG_FIELDS} } }`, rule: signedIn },
  tiers: { document: '{ tiers { tier monthlyGenerations } }', rule: signedIn },
  myPlan: { document: '{ myPlan { tier generationsLeft } }', rule: signedIn },
  planCodes: { document: '{ planCodes { id codeHint } }', rule: adminOnly },
  usageBreakdown: { document: '{ usageBreakdown { month totals { cost } } }', rule: signedIn },
  radioStations: { document: '{ radioStations(includeInactive: true) { genre isActive } }', rule: adminOnly },
  radioDials: { document: '{ radioDials { genres moods } }', rule: signedIn },
  energySchedule: { document: '{ energySchedule { isDefault timezone } }', rule: signedIn },
  energySchedulePresets: { document: '{ energySchedulePresets { name } }', rule: signedIn },
  scheduleOverrides: { document: `{ scheduleOverrides ${OVERRIDE_FIELDS} }`, rule: signedIn },
  energyNow: { document: '{ energyNow(timezone: "Europe/Berlin") { energy explanation } }', rule: signedIn },
  preferences: { document: '{ preferences { theme repeatMode } }', rule: signedIn },
  myProfile: { document: `{ myProfile { userId stats { songsCreated } ${PROFILE_CONNECTIONS} } }`, rule: signedIn },
  // Every signed-in user may open another's profile; what it shows is the public part (profile.service.test.ts).
  profile: { document: `query ($u: String!) { profile(username: $u) { userId songs { id } ${PROFILE_CONNECTIONS} } }`, variables: (f) => ({ u: f.users.owner.username }), rule: signedIn },
  activeSessions: { document: '{ activeSessions { id current } }', rule: signedIn },
  audioProviderKeyLast4: { document: '{ audioProviderKeyLast4 }', rule: signedIn },
  appPasswords: { document: '{ appPasswords { id name } }', rule: signedIn },
  accessTokens: { document: '{ accessTokens { id name last4 } }', rule: signedIn },
  djSet: { document: `{ djSet(timezone: "Europe/Berlin") ${DJ_SET_FIELDS} }`, rule: djUsers },
  // The voice is off, so those who may ask are answered null.
  djVoiceLink: { document: 'query ($id: ID!) { djVoiceLink(fromSongId: $id, toSongId: $id) { audioUrl } }', variables: (f) => ({ id: f.publicSong.id }), rule: djUsers },
  aiArtists: { document: `{ aiArtists ${ARTIST_FIELDS} }`, rule: signedIn },
  aiArtistsConnection: { document: `{ aiArtistsConnection(first: 5) { totalCount edges { node ${ARTIST_FIELDS} } } }`, rule: signedIn },
  aiArtist: { document: `query ($id: ID!) { aiArtist(id: $id) { id name songCount songsConnection(first: 5) { totalCount edges { node { id } } } } }`, variables: privateArtist, rule: ownerOrAdmin },
};

const MUTATIONS: Record<string, GraphQLCase> = {
  // The private song has no generation settings: its owner passes the checks and hears there is nothing to vary; admins may not vary others' songs.
  createVariation: { document: `mutation ($id: ID!) { createVariation(songId: $id) ${GENERATION_FIELDS} }`, variables: privateSongId, rule: { anonymous: 'UNAUTHENTICATED', owner: 'CONFLICT', other: 'NOT_FOUND', listener: 'FORBIDDEN', admin: 'FORBIDDEN' } },
  extendSong: { document: `mutation ($id: ID!) { extendSong(input: { songId: $id }) ${GENERATION_FIELDS} }`, variables: privateSongId, rule: { anonymous: 'UNAUTHENTICATED', owner: 'CONFLICT', other: 'NOT_FOUND', listener: 'FORBIDDEN', admin: 'FORBIDDEN' } },
  coverSong: { document: `mutation ($id: ID!) { coverSong(input: { songId: $id, genres: ["jazz"] }) ${GENERATION_FIELDS} }`, variables: privateSongId, rule: { anonymous: 'UNAUTHENTICATED', owner: 'CONFLICT', other: 'NOT_FOUND', listener: 'FORBIDDEN', admin: 'FORBIDDEN' } },
  editSongLyrics: { document: `mutation ($id: ID!) { editSongLyrics(input: { songId: $id, lyrics: "new words" }) ${GENERATION_FIELDS} }`, variables: privateSongId, rule: { anonymous: 'UNAUTHENTICATED', owner: 'CONFLICT', other: 'NOT_FOUND', listener: 'FORBIDDEN', admin: 'FORBIDDEN' } },
  register: { document: 'mutation ($u: String!, $p: String!) { register(username: $u, password: $p) { id } }', variables: () => ({ u: newAccount().username, p: 'password1' }), rule: everyone, ownSession: true },
  login: {
    document: 'mutation ($u: String!, $p: String!) { login(username: $u, password: $p) { id } }',
    variables: (f, actor) => ({ u: f.users[actor === 'anonymous' ? 'owner' : actor].username, p: 'password1' }),
    rule: everyone,
    ownSession: true,
  },
  logout: { document: 'mutation { logout }', rule: everyone, ownSession: true },
  updateProfile: { document: 'mutation { updateProfile(input: { defaultDuration: 200 }) { id } }', rule: signedIn },
  saveMixerSettings: { document: 'mutation ($input: MixerSettingsInput!) { saveMixerSettings(input: $input) { crossfadeDuration } }', variables: () => ({ input: MIXER }), rule: signedIn },
  like: { document: `mutation ($id: ID!) { like(songId: $id) ${SONG_FIELDS} }`, variables: privateSongId, rule: ownerOrAdmin },
  unlike: { document: `mutation ($id: ID!) { unlike(songId: $id) ${SONG_FIELDS} }`, variables: privateSongId, rule: ownerOrAdmin },
  enqueue: { document: `mutation ($id: ID!) { enqueue(songId: $id) ${QUEUE_FIELDS} }`, variables: privateSongId, rule: ownerOrAdmin },
  playNext: { document: `mutation ($id: ID!) { playNext(songId: $id) ${QUEUE_FIELDS} }`, variables: privateSongId, rule: ownerOrAdmin },
  playSong: { document: `mutation ($id: ID!) { playSong(id: $id) ${QUEUE_FIELDS} }`, variables: privateSongId, rule: ownerOrAdmin },
  playSongs: { document: `mutation ($ids: [ID!]!) { playSongs(songIds: $ids) ${QUEUE_FIELDS} }`, variables: (f) => ({ ids: [f.publicSong.id, f.privateSong.id] }), rule: ownerOrAdmin },
  moveInQueue: { document: `mutation { moveInQueue(from: 1, to: 0) ${QUEUE_FIELDS} }`, rule: signedIn, before: fillQueue },
  removeFromQueue: { document: `mutation { removeFromQueue(index: 0) ${QUEUE_FIELDS} }`, rule: signedIn, before: fillQueue },
  clearQueue: { document: `mutation { clearQueue ${QUEUE_FIELDS} }`, rule: signedIn },
  nextSong: { document: `mutation { nextSong ${QUEUE_FIELDS} }`, rule: signedIn },
  previousSong: { document: `mutation { previousSong ${QUEUE_FIELDS} }`, rule: signedIn },
  shiftBackward: { document: `mutation { shiftBackward ${QUEUE_FIELDS} }`, rule: signedIn },
  autoAdvance: { document: `mutation ($id: ID!) { autoAdvance(finishedSongId: $id) ${QUEUE_FIELDS} }`, variables: (f) => ({ id: f.publicSong.id }), rule: signedIn },
  generateSong: { document: `mutation { generateSong(input: { prompt: "matrix test" }) ${GENERATION_FIELDS} }`, rule: generators },
  retryGeneration: { document: `mutation ($id: ID!) { retryGeneration(id: $id) ${GENERATION_FIELDS} }`, variables: async (f) => ({ id: String(await f.ownerRequest('failed')) }), rule: ownerOrAdmin },
  cancelGeneration: { document: `mutation ($id: ID!) { cancelGeneration(id: $id) ${GENERATION_FIELDS} }`, variables: async (f) => ({ id: String(await f.ownerRequest('pending')) }), rule: ownerOrAdmin },
  createPlaylist: { document: `mutation ($song: ID!) { createPlaylist(name: "Matrix mix", songIds: [$song]) ${PLAYLIST_FIELDS} }`, variables: (f) => ({ song: f.publicSong.id }), rule: signedIn },
  renamePlaylist: onPrivatePlaylist('renamePlaylist'),
  describePlaylist: onPrivatePlaylist('describePlaylist'),
  setPlaylistPublic: onPrivatePlaylist('setPlaylistPublic'),
  deletePlaylist: onPrivatePlaylist('deletePlaylist'),
  addSongsToPlaylist: onPrivatePlaylist('addSongsToPlaylist'),
  removeSongsFromPlaylist: onPrivatePlaylist('removeSongsFromPlaylist'),
  moveSongInPlaylist: onPrivatePlaylist('moveSongInPlaylist'),
  duplicatePlaylist: onPrivatePlaylist('duplicatePlaylist'),
  playPlaylist: onPrivatePlaylist('playPlaylist'),
  enqueuePlaylist: onPrivatePlaylist('enqueuePlaylist'),
  createSmartPlaylist: { document: `mutation { createSmartPlaylist(name: "Matrix smart", rules: ${SMART_RULES_LITERAL}) ${SMART_FIELDS} }`, rule: signedIn },
  updateSmartPlaylist: onOwnerSmartPlaylist(`mutation ($id: ID!) { updateSmartPlaylist(id: $id, name: "Renamed") ${SMART_FIELDS} }`),
  deleteSmartPlaylist: onOwnerSmartPlaylist('mutation ($id: ID!) { deleteSmartPlaylist(id: $id) }'),
  playSmartPlaylist: onOwnerSmartPlaylist(`mutation ($id: ID!) { playSmartPlaylist(id: $id) ${QUEUE_FIELDS} }`),
  updateManagedSong: { document: `mutation ($id: ID!) { updateManagedSong(id: $id, input: { title: "Owner only" }) ${MANAGED_FIELDS} }`, variables: privateSongId, rule: songManagers },
  setSongsVisibility: { document: `mutation ($id: ID!) { setSongsVisibility(songIds: [$id], isPublic: false) ${MANAGED_FIELDS} }`, variables: privateSongId, rule: songManagers },
  deleteSongs: {
    document: 'mutation ($id: ID!) { deleteSongs(songIds: [$id]) }',
    variables: async (f) => ({ id: (await insertSong(f.em(), { title: 'Doomed', isPublic: false, user: f.users.owner })).id }),
    rule: songManagers,
  },
  updateUserRights: { document: 'mutation ($id: ID!) { updateUserRights(id: $id, changes: { monthlyGenerationLimit: 7, canAccessDJ: true }) { id } }', variables: bystander, rule: adminOnly },
  setUserDisabled: { document: 'mutation ($id: ID!) { setUserDisabled(id: $id, disabled: true) { id disabled } }', variables: bystander, rule: adminOnly },
  forcePasswordReset: { document: 'mutation ($id: ID!) { forcePasswordReset(id: $id) { temporaryPassword } }', variables: bystander, rule: adminOnly },
  adminCancelGeneration: { document: 'mutation ($id: ID!) { adminCancelGeneration(id: $id) { priority } }', variables: async (f) => ({ id: String(await f.ownerRequest('pending')) }), rule: adminOnly },
  adminRetryGeneration: { document: 'mutation ($id: ID!) { adminRetryGeneration(id: $id) { priority } }', variables: async (f) => ({ id: String(await f.ownerRequest('failed')) }), rule: adminOnly },
  setGenerationPriority: { document: 'mutation ($id: ID!) { setGenerationPriority(id: $id, priority: 3) { priority } }', variables: async (f) => ({ id: String(await f.ownerRequest('pending')) }), rule: adminOnly },
  reportSong: { document: 'mutation ($id: ID!) { reportSong(songId: $id, reason: "Offensive words") }', variables: privateSongId, rule: ownerOrAdmin },
  createEnhancementBatch: { document: 'mutation ($song: ID!) { createEnhancementBatch(input: { operations: ["content"], songIds: [$song] }) { id total } }', variables: (f) => ({ song: f.publicSong.id }), rule: adminOnly },
  controlEnhancementBatch: { document: 'mutation ($id: ID!) { controlEnhancementBatch(id: $id, action: "pause") { status } }', variables: async (f) => ({ id: (await enhancementBatch(f)).batch }), rule: adminOnly },
  undoEnhancement: { document: 'mutation ($id: ID!) { undoEnhancement(itemId: $id) { status } }', variables: async (f) => ({ id: (await enhancementBatch(f)).item }), rule: adminOnly },
  transferToProduction: { document: 'mutation ($ids: [ID!]!) { transferToProduction(songIds: $ids) { added updated } }', variables: (f) => ({ ids: [f.publicSong.id] }), rule: adminOnly },
  startProductionTransfer: { document: 'mutation { startProductionTransfer { id status } }', rule: adminOnly },
  unpublishProductionSongs: { document: 'mutation ($ids: [ID!]!) { unpublishProductionSongs(productionIds: $ids) }', variables: productionSong, rule: adminOnly },
  confirmEnhancementBatch: { document: 'mutation ($id: ID!) { confirmEnhancementBatch(id: $id) { confirmedAt } }', variables: async (f) => ({ id: (await enhancementBatch(f)).batch }), rule: adminOnly },
  reviewModeration: { document: 'mutation ($id: ID!) { reviewModeration(id: $id, decision: "approve", notes: "Fine") { status reviewedBy } }', variables: moderationItem, rule: adminOnly },
  decideRegeneration: { document: 'mutation ($id: ID!) { decideRegeneration(id: $id, decision: "reject") { decision } }', variables: completedRegeneration, rule: adminOnly },
  // An artist known only from the owner's private song: others (but admins) are told there are no songs by them.
  playArtist: { document: `mutation ($name: String!) { playArtist(name: $name) ${QUEUE_FIELDS} }`, variables: privateSongArtist, rule: ownerOrAdmin },
  redeemPlanCode: { document: 'mutation ($code: String!) { redeemPlanCode(code: $code) { tier } }', variables: async (f) => ({ code: (await issueCode(f)).codes[0] }), rule: signedIn },
  // Each caller cancels only their own plan: 'other' has a paid one, the rest have nothing to cancel.
  // This also puts back the plans redeemPlanCode gave everyone (a paid tier grants generating).
  cancelSubscription: {
    document: 'mutation { cancelSubscription { status } }',
    before: async (f, actor) => {
      const plan =
        actor === 'other'
          ? { userTier: 'basic', subscriptionStatus: 'active', subscriptionExpiresAt: new Date(Date.now() + 86_400_000) }
          : { userTier: actor === 'admin' ? 'admin' : 'free', subscriptionStatus: 'inactive', subscriptionExpiresAt: null };
      await f.em().nativeUpdate(User, { id: f.users[actor].id }, plan);
    },
    rule: { anonymous: 'UNAUTHENTICATED', owner: 'CONFLICT', other: 'ok', listener: 'CONFLICT', admin: 'CONFLICT' },
  },
  // This server takes no card payments (src/plans/stripe.api.test.ts covers Stripe): every signed-in caller is told so.
  startCheckout: { document: 'mutation { startCheckout(tier: "pro") }', rule: { anonymous: 'UNAUTHENTICATED', owner: 'CONFLICT', other: 'CONFLICT', listener: 'CONFLICT', admin: 'CONFLICT' } },
  openBillingPortal: { document: 'mutation { openBillingPortal }', rule: { anonymous: 'UNAUTHENTICATED', owner: 'CONFLICT', other: 'CONFLICT', listener: 'CONFLICT', admin: 'CONFLICT' } },
  issuePlanCodes: { document: 'mutation { issuePlanCodes(input: { tier: "pro", durationDays: 30, validForDays: 7 }) { codes } }', rule: adminOnly },
  revokePlanCode: { document: 'mutation ($id: ID!) { revokePlanCode(id: $id) { revokedAt } }', variables: async (f) => ({ id: String((await issueCode(f)).rows[0].id) }), rule: adminOnly },
  setCostModel: { document: 'mutation { setCostModel(input: { cpuSecondPrice: 0.00002, gbMonthPrice: null }) { cpuSecondPrice } }', rule: adminOnly },
  playRadioStation: { document: `mutation { playRadioStation(genre: "jazz") ${QUEUE_FIELDS} }`, rule: signedIn },
  tuneRadio: { document: `mutation ($t: RadioTuningInput!) { tuneRadio(tuning: $t) { note queue ${QUEUE_FIELDS} } }`, variables: () => ({ t: TUNING }), rule: signedIn },
  updateRadioStation: { document: 'mutation ($id: ID!) { updateRadioStation(id: $id, input: { description: "Edited by the matrix" }) { genre description } }', variables: popStation, rule: adminOnly },
  createRadioStation: { document: 'mutation ($genre: String!) { createRadioStation(input: { genre: $genre, mood: "chill" }) { genre displayOrder } }', variables: newStationGenre, rule: adminOnly },
  createEnergySchedulePreset: {
    document: 'mutation ($input: EnergySchedulePresetInput!) { createEnergySchedulePreset(input: $input) { id name } }',
    variables: () => ({ input: { ...PRESET, name: `Preset ${newAccount().username}` } }),
    rule: adminOnly,
  },
  updateEnergySchedulePreset: { document: 'mutation ($id: ID!, $input: EnergySchedulePresetInput!) { updateEnergySchedulePreset(id: $id, input: $input) { description } }', variables: newPreset, rule: adminOnly },
  deleteEnergySchedulePreset: { document: 'mutation ($id: ID!) { deleteEnergySchedulePreset(id: $id) }', variables: async (f) => ({ id: (await newPreset(f, 'admin')).id }), rule: adminOnly },
  saveEnergySchedule: { document: 'mutation ($c: EnergyCurvesInput!) { saveEnergySchedule(curves: $c, timezone: "Europe/Berlin") { isDefault } }', variables: () => ({ c: CURVES }), rule: signedIn },
  createScheduleOverride: { document: `mutation ($input: ScheduleOverrideInput!) { createScheduleOverride(input: $input) ${OVERRIDE_FIELDS} }`, variables: () => ({ input: OVERRIDE }), rule: signedIn },
  updateScheduleOverride: { document: `mutation ($id: ID!, $input: ScheduleOverrideInput!) { updateScheduleOverride(id: $id, input: $input) ${OVERRIDE_FIELDS} }`, variables: ownerOverride, rule: ownerOnly },
  setScheduleOverrideActive: { document: `mutation ($id: ID!) { setScheduleOverrideActive(id: $id, isActive: false) ${OVERRIDE_FIELDS} }`, variables: ownerOverride, rule: ownerOnly },
  deleteScheduleOverride: { document: 'mutation ($id: ID!) { deleteScheduleOverride(id: $id) }', variables: ownerOverride, rule: ownerOnly },
  updatePreferences: { document: 'mutation { updatePreferences(input: { theme: "light" }) { theme } }', rule: signedIn },
  updateProfileDetails: { document: 'mutation { updateProfileDetails(bio: "Matrix") { bio } }', rule: signedIn },
  removeAvatar: { document: 'mutation { removeAvatar { avatarUrl } }', rule: signedIn },
  changePassword: { document: 'mutation { changePassword(currentPassword: "not-the-password", newPassword: "password2") }', rule: ownAccountWrongPassword },
  deleteAccount: { document: 'mutation { deleteAccount(currentPassword: "not-the-password") }', rule: ownAccountWrongPassword },
  changeEmail: { document: 'mutation ($e: String!) { changeEmail(currentPassword: "password1", email: $e) { email } }', variables: (_f, actor) => ({ e: `${actor}.${newAccount().username}@example.com` }), rule: signedIn },
  setAudioProviderKey: { document: 'mutation { setAudioProviderKey(apiKey: "matrix-key-0001") }', rule: signedIn },
  createAppPassword: { document: 'mutation { createAppPassword(name: "matrix") { secret } }', rule: signedIn },
  createAccessToken: { document: 'mutation { createAccessToken(name: "matrix") { secret } }', rule: signedIn },
  // A fresh credential of the owner's for each call: only the owner may revoke it; for anyone else it does not exist.
  revokeAppPassword: {
    document: 'mutation ($id: ID!) { revokeAppPassword(id: $id) }',
    variables: async (f) => ({ id: (await f.t.app.services.apiAccess.createAppPassword(f.em(), f.users.owner, { name: 'matrix' })).credential.id }),
    rule: ownerOnly,
  },
  revokeAccessToken: {
    document: 'mutation ($id: ID!) { revokeAccessToken(id: $id) }',
    variables: async (f) => ({ id: (await f.t.app.services.apiAccess.createAccessToken(f.em(), f.users.owner, { name: 'matrix' })).credential.id }),
    rule: ownerOnly,
  },
  startDj: { document: `mutation { startDj(timezone: "Europe/Berlin") { set ${DJ_SET_FIELDS} queue ${QUEUE_FIELDS} } }`, rule: djUsers },
  stopDj: { document: `mutation { stopDj ${DJ_SET_FIELDS} }`, rule: djUsers, before: startDjSet },
  pinDjSong: { document: `mutation ($id: ID!) { pinDjSong(songId: $id, pinned: true) ${DJ_SET_FIELDS} }`, variables: djSong, rule: djUsers, before: startDjSet },
  removeDjSong: { document: `mutation ($id: ID!) { removeDjSong(songId: $id) ${DJ_SET_FIELDS} }`, variables: djSong, rule: djUsers, before: startDjSet },
  moveDjSong: { document: `mutation ($id: ID!) { moveDjSong(songId: $id, toIndex: 0) ${DJ_SET_FIELDS} }`, variables: djSong, rule: djUsers, before: startDjSet },
  regenerateDjSet: { document: `mutation { regenerateDjSet ${DJ_SET_FIELDS} }`, rule: djUsers, before: startDjSet },
  setDjVoice: { document: `mutation { setDjVoice(enabled: false) ${DJ_SET_FIELDS} }`, rule: djUsers },
  // A fresh session of the owner's for each call: only the owner may end it; for anyone else it does not exist.
  revokeSession: {
    document: 'mutation ($id: ID!) { revokeSession(id: $id) }',
    variables: async (f) => {
      const res = await supertest(f.t.baseUrl).post('/api/login').send({ username: f.users.owner.username, password: 'password1' });
      return { id: f.t.app.services.sessions.digest(decodeURIComponent(cookiePair(res.headers['set-cookie']).split('=')[1]!)) };
    },
    rule: ownerOnly,
  },
  createAiArtist: { document: 'mutation ($name: String!) { createAiArtist(input: { name: $name }) { id } }', variables: () => ({ name: newAccount().username }), rule: signedIn },
  updateAiArtist: { document: `mutation ($id: ID!) { updateAiArtist(id: $id, input: { bio: "Changed" }) ${ARTIST_FIELDS} }`, variables: privateArtist, rule: ownerOrAdmin },
  deleteAiArtist: { document: 'mutation ($id: ID!) { deleteAiArtist(id: $id) }', variables: privateArtist, rule: ownerOrAdmin },
  // Play all plays the songs the caller may see: the admin sees the artist but not the owner's private song.
  playAiArtist: { document: `mutation ($id: ID!) { playAiArtist(id: $id) ${QUEUE_FIELDS} }`, variables: privateArtist, rule: ownerOrAdmin },
};

interface SubscriptionCase {
  document: string;
  /** Changes the actor's data; resolves with a marker that identifies the pushed event. */
  trigger: (f: Fixtures, actor: SignedInActor) => Promise<string>;
  matches: (data: Record<string, unknown>, marker: string) => boolean;
  /** Who receives an event about the owner's data (anonymous sockets are refused on connect). */
  receivers: SignedInActor[];
}

/** Counts preferencesChanged triggers so each pushes a crossfade no other trigger used. */
let crossfadeMarkers = 0;

const SUBSCRIPTIONS: Record<string, SubscriptionCase> = {
  queueChanged: {
    document: 'subscription { queueChanged { upcomingQueue { id } } }',
    trigger: async (f, actor) => {
      const song = await insertSong(f.em(), { title: `Queued by ${actor}` });
      await f.t.app.services.queue.enqueue(f.em(), f.users[actor], { songId: song.id });
      return song.id;
    },
    matches: (data, marker) => (data.queueChanged as { upcomingQueue: Array<{ id: string }> }).upcomingQueue.some((s) => s.id === marker),
    receivers: ['owner'],
  },
  userUpdated: {
    document: 'subscription { userUpdated { id email } }',
    trigger: async (f, actor) => String((await f.t.app.services.users.updateProfile(f.em(), f.users[actor], { defaultDuration: 240 })).id),
    matches: (data, marker) => (data.userUpdated as { id: string }).id === marker,
    receivers: ['owner'],
  },
  generationUpdated: {
    document: 'subscription { generationUpdated { requestId } }',
    trigger: async (f, actor) => String((await f.t.app.services.generation.generate(f.em(), f.users[actor], { prompt: 'subscription matrix' })).id),
    matches: (data, marker) => (data.generationUpdated as { requestId: string }).requestId === marker,
    receivers: ['owner', 'admin'],
  },
  preferencesChanged: {
    document: 'subscription { preferencesChanged { crossfadeDuration } }',
    trigger: async (f, actor) => {
      // Distinct per trigger: a random value could repeat between actors and look like a leak.
      const duration = 1000 + 500 * (crossfadeMarkers++ % 58);
      await f.t.app.services.preferences.update(f.em(), f.users[actor], { crossfadeDuration: duration });
      return String(duration);
    },
    matches: (data, marker) => String((data.preferencesChanged as { crossfadeDuration: number }).crossfadeDuration) === marker,
    receivers: ['owner'],
  },
  // Without playlistId: the subscriber's own playlists only (with playlistId: below).
  playlistChanged: {
    document: 'subscription { playlistChanged { playlistId } }',
    trigger: async (f, actor) => (await f.t.app.services.playlists.create(f.em(), f.users[actor], { name: 'Pushed' })).id,
    matches: (data, marker) => (data.playlistChanged as { playlistId: string }).playlistId === marker,
    receivers: ['owner'],
  },
};

type Status = number;
type RestRule = Record<Actor, Status>;
interface RestCase {
  path: (f: Fixtures) => Promise<string> | string;
  /** JSON body of a non-GET call ({} when absent: JSON is what a same-site client sends, docs/auth.md). */
  body?: (f: Fixtures, actor: Actor) => object;
  /** An image file sent as the body instead (same-origin, as the page's upload is). */
  image?: () => Promise<Buffer>;
  rule: RestRule;
  ownSession?: boolean;
  before?: (f: Fixtures, actor: SignedInActor) => Promise<void>;
}
const restSignedIn = (status = 200): RestRule => ({ anonymous: 401, owner: status, other: status, listener: status, admin: status });
/** The owner's private song over REST: 404 for others as if absent, but admins see every song. */
const restPrivateSong: RestRule = { anonymous: 401, owner: 200, other: 404, listener: 404, admin: 200 };

/** Keyed "METHOD /path" as the REST router declares it (mounted under /api). */
const REST: Record<string, RestCase> = {
  'POST /register': { path: () => '/api/register', body: () => newAccount(), rule: { anonymous: 201, owner: 201, other: 201, listener: 201, admin: 201 }, ownSession: true },
  'POST /login': { path: () => '/api/login', body: (f, actor) => ({ username: f.users[actor === 'anonymous' ? 'owner' : actor].username, password: 'password1' }), rule: { anonymous: 200, owner: 200, other: 200, listener: 200, admin: 200 }, ownSession: true },
  'POST /logout': { path: () => '/api/logout', rule: { anonymous: 200, owner: 200, other: 200, listener: 200, admin: 200 }, ownSession: true },
  'GET /user': { path: () => '/api/user', rule: restSignedIn() },
  // Single sign-on is for the signed out too; this server has no provider configured (src/auth/oidc.test.ts runs the flow).
  'GET /auth/oidc': { path: () => '/api/auth/oidc', rule: { anonymous: 200, owner: 200, other: 200, listener: 200, admin: 200 } },
  'GET /auth/oidc/start': { path: () => '/api/auth/oidc/start', rule: { anonymous: 404, owner: 404, other: 404, listener: 404, admin: 404 } },
  'GET /auth/oidc/callback': { path: () => '/api/auth/oidc/callback?code=x&state=y', rule: { anonymous: 404, owner: 404, other: 404, listener: 404, admin: 404 } },
  'GET /songs/queue': { path: () => '/api/songs/queue', rule: restSignedIn() },
  'POST /songs/auto-advance': { path: () => '/api/songs/auto-advance', rule: restSignedIn() },
  'POST /songs/shift-backward': { path: () => '/api/songs/shift-backward', rule: restSignedIn() },
  'POST /songs/play-next-song': { path: () => '/api/songs/play-next-song', rule: restSignedIn() },
  'POST /songs/play-previous-song': { path: () => '/api/songs/play-previous-song', rule: restSignedIn() },
  'POST /songs/:id/play-state': { path: (f) => `/api/songs/${f.privateSong.id}/play-state`, rule: restPrivateSong },
  'GET /songs/:id/is-liked': { path: (f) => `/api/songs/${f.privateSong.id}/is-liked`, rule: restPrivateSong },
  'POST /songs/:id/like': { path: (f) => `/api/songs/${f.privateSong.id}/like`, rule: restPrivateSong },
  'DELETE /songs/:id/unlike': { path: (f) => `/api/songs/${f.privateSong.id}/unlike`, rule: restPrivateSong },
  'GET /user/mixer-settings': {
    path: () => '/api/user/mixer-settings',
    rule: restSignedIn(),
    before: async (f, actor) => void (await f.t.app.services.mixerSettings.save(f.em(), f.users[actor], MIXER)),
  },
  'POST /user/mixer-settings': { path: () => '/api/user/mixer-settings', body: () => MIXER, rule: restSignedIn() },
  'GET /generations/status': { path: () => '/api/generations/status', rule: restSignedIn() },
  'POST /generations': { path: () => '/api/generations', body: () => ({ prompt: 'matrix over rest' }), rule: { anonymous: 401, owner: 201, other: 201, listener: 403, admin: 201 } },
  // The matrix sends JSON, not an image: whoever passes the permission checks is told to choose an image file (400).
  'POST /songs/:id/cover': { path: (f) => `/api/songs/${f.privateSong.id}/cover`, rule: { anonymous: 401, owner: 400, other: 403, listener: 403, admin: 400 } },
  'GET /usage/export': { path: () => '/api/usage/export', rule: restSignedIn() },
  'POST /profile/avatar': { path: () => '/api/profile/avatar', image: () => sharp({ create: { width: 32, height: 32, channels: 3, background: '#888' } }).png().toBuffer(), rule: restSignedIn() },
  'GET /account/export': { path: () => '/api/account/export', rule: restSignedIn() },
  // The private song has no generation settings: its owner passes the checks and hears there is nothing to render (409); admins may not have its WAV.
  'GET /songs/:id/download/:file': { path: (f) => `/api/songs/${f.privateSong.id}/download/song.wav`, rule: { anonymous: 401, owner: 409, other: 404, listener: 404, admin: 403 } },
  // Every published song's audio exists, so the admin's export succeeds (a missing file is a CONFLICT, tested in production/).
  'GET /admin/production/export': {
    path: () => '/api/admin/production/export',
    rule: { anonymous: 401, owner: 403, other: 403, listener: 403, admin: 200 },
    before: async (f) => {
      await mkdir(path.join(f.t.config.mediaDir, 'songs'), { recursive: true });
      for (const row of await f.em().find(ProductionSong, {}, { fields: ['audioUrl'] })) await writeFile(path.join(f.t.config.mediaDir, row.audioUrl!.slice('/media/'.length)), Buffer.alloc(64, 2));
    },
  },
  // The matrix sends JSON, not an archive: whoever passes the permission check is told it is not a .tar.gz (400).
  'POST /admin/production/import': { path: () => '/api/admin/production/import', rule: { anonymous: 401, owner: 403, other: 403, listener: 403, admin: 400 } },
  'GET /generations/:id': { path: async (f) => `/api/generations/${await f.ownerRequest('pending')}`, rule: { anonymous: 401, owner: 200, other: 404, listener: 404, admin: 200 } },
  // A failed request has nothing to play, for anyone (its owner is told so; others as if absent);
  // generation/song-stream.test.ts listens to one being generated (owner 200, others 404, finished 303).
  'GET /generations/:id/stream': { path: async (f) => `/api/generations/${await f.ownerRequest('failed')}/stream`, rule: { anonymous: 401, owner: 404, other: 404, listener: 404, admin: 404 } },
};

/**
 * Subsonic (/rest, docs/subsonic.md): each actor signs in with an app password of its own (an API key
 * for tokenInfo); anonymous sends none (error 10). Outcomes are Subsonic error codes: 70 for what
 * one may not see (as if absent), 50 for what one may see but not change.
 */
type SubsonicOutcome = 'ok' | number;
type SubsonicRule = Record<Actor, SubsonicOutcome>;
const subsonicSignedIn: SubsonicRule = { anonymous: 10, owner: 'ok', other: 'ok', listener: 'ok', admin: 'ok' };
const subsonicOwnerOnly: SubsonicRule = { anonymous: 10, owner: 'ok', other: 70, listener: 70, admin: 70 };
/** Calls on one song by id: admins may use every song, as in the web app (docs/permissions.md); browsing lists none of others' private songs. */
const subsonicOwnerOrAdmin: SubsonicRule = { ...subsonicOwnerOnly, admin: 'ok' };
const OWNER_ARTIST = 'Matrix Owner';
interface SubsonicCase {
  params?: (f: Fixtures, actor: Actor) => Promise<Record<string, string | string[]>> | Record<string, string | string[]>;
  rule: SubsonicRule;
  /** Authenticate with the actor's access token (apiKey) instead of an app password. */
  apiKey?: boolean;
}
const privateId = (f: Fixtures) => ({ id: f.privateSong.id });
const SUBSONIC: Record<string, SubsonicCase> = {
  ping: { rule: subsonicSignedIn },
  getLicense: { rule: subsonicSignedIn },
  getOpenSubsonicExtensions: { rule: { anonymous: 'ok', owner: 'ok', other: 'ok', listener: 'ok', admin: 'ok' } },
  tokenInfo: { rule: subsonicSignedIn, apiKey: true },
  getScanStatus: { rule: subsonicSignedIn },
  getMusicFolders: { rule: subsonicSignedIn },
  getIndexes: { rule: subsonicSignedIn },
  getArtists: { rule: subsonicSignedIn },
  getMusicDirectory: { params: (f) => ({ id: albumId(f.privateSong.id) }), rule: subsonicOwnerOnly },
  getArtist: { params: () => ({ id: artistId(OWNER_ARTIST) }), rule: subsonicOwnerOnly },
  getAlbum: { params: (f) => ({ id: albumId(f.privateSong.id) }), rule: subsonicOwnerOnly },
  getAlbumList2: { params: () => ({ type: 'newest' }), rule: subsonicSignedIn },
  getSong: { params: privateId, rule: subsonicOwnerOnly },
  getRandomSongs: { rule: subsonicSignedIn },
  getSongsByGenre: { params: () => ({ genre: 'jazz' }), rule: subsonicSignedIn },
  getGenres: { rule: subsonicSignedIn },
  search3: { params: () => ({ query: 'owner' }), rule: subsonicSignedIn },
  getCoverArt: { params: privateId, rule: subsonicOwnerOnly },
  stream: { params: privateId, rule: subsonicOwnerOrAdmin },
  download: { params: privateId, rule: subsonicOwnerOrAdmin },
  getPlaylists: { rule: subsonicSignedIn },
  getPlaylist: { params: async (f) => ({ id: await f.ownerPlaylist(false) }), rule: subsonicOwnerOnly },
  createPlaylist: { params: () => ({ name: 'Matrix over Subsonic' }), rule: subsonicSignedIn },
  updatePlaylist: { params: async (f) => ({ playlistId: await f.ownerPlaylist(true), name: 'Renamed over Subsonic' }), rule: { ...subsonicOwnerOnly, other: 50, listener: 50, admin: 50 } },
  deletePlaylist: { params: async (f) => ({ id: await f.ownerPlaylist(false) }), rule: subsonicOwnerOnly },
  star: { params: privateId, rule: subsonicOwnerOrAdmin },
  unstar: { params: privateId, rule: subsonicOwnerOrAdmin },
  getStarred2: { rule: subsonicSignedIn },
  scrobble: { params: privateId, rule: subsonicOwnerOrAdmin },
  getPlayQueue: { rule: subsonicSignedIn },
  savePlayQueue: { params: privateId, rule: subsonicOwnerOrAdmin },
  getLyricsBySongId: { params: privateId, rule: subsonicOwnerOrAdmin },
  getSimilarSongs: { params: privateId, rule: subsonicOwnerOnly },
  getSimilarSongs2: { params: () => ({ id: artistId(OWNER_ARTIST) }), rule: subsonicOwnerOnly },
  getTopSongs: { params: () => ({ artist: OWNER_ARTIST }), rule: subsonicSignedIn },
  getUser: { params: (f, actor) => ({ username: actor === 'anonymous' ? 'nobody' : f.users[actor].username }), rule: subsonicSignedIn },
};

/** Every route of the REST router as "METHOD /path", nested routers included. */
function declaredRoutes(router: Router): string[] {
  type Layer = { route?: { path: string; methods: Record<string, boolean> }; handle?: { stack?: Layer[] } };
  const walk = (stack: Layer[]): string[] =>
    stack.flatMap((layer) => {
      if (layer.route) return Object.keys(layer.route.methods).filter((m) => m !== '_all').map((m) => `${m.toUpperCase()} ${layer.route!.path}`);
      return layer.handle?.stack ? walk(layer.handle.stack) : [];
    });
  return walk((router as unknown as { stack: Layer[] }).stack);
}

describe('the authorization matrix covers every operation and route', () => {
  it('has an entry for every query, mutation and subscription in the schema', async () => {
    const schema = await buildAppSchema(createPubSub(null));
    expect(Object.keys(schema.getQueryType()!.getFields()).sort()).toEqual(Object.keys(QUERIES).sort());
    expect(Object.keys(schema.getMutationType()!.getFields()).sort()).toEqual(Object.keys(MUTATIONS).sort());
    expect(Object.keys(schema.getSubscriptionType()!.getFields()).sort()).toEqual(Object.keys(SUBSCRIPTIONS).sort());
  });

  it('has an entry for every Subsonic method', () => {
    const stub = { media: { storage: {} } } as unknown as Parameters<typeof subsonicMethods>[0];
    expect([...Object.keys(subsonicMethods(stub)), ...Object.keys(PUBLIC_SUBSONIC_METHODS)].sort()).toEqual(Object.keys(SUBSONIC).sort());
  });

  it('has an entry for every REST route', () => {
    const services = { generation: {}, queue: {}, likes: {}, mixerSettings: {}, auth: {} } as unknown as Parameters<typeof apiRoutes>[0];
    expect(declaredRoutes(apiRoutes(services)).sort()).toEqual(Object.keys(REST).sort());
  });
});

const TARGETS: Array<{ target: 'embedded' | 'postgres'; redisUrl: string | null; label: string }> = DATABASE_TARGETS.map((target) =>
  target === 'postgres' && redisAvailable ? { target, redisUrl: TEST_REDIS_URL, label: 'PostgreSQL and Redis' } : { target, redisUrl: null, label: `${target} PostgreSQL` },
);

describe.each(TARGETS)('authorization matrix on $label', ({ target, redisUrl }) => {
  let f: Fixtures;
  beforeAll(async () => {
    const t = await startTestApp({ target, redisUrl });
    const em = () => t.app.database.orm.em.fork() as EntityManager;
    const cookies = {} as Record<SignedInActor, string>;
    const users = {} as Record<SignedInActor, User>;
    for (const actor of ['owner', 'other', 'listener', 'admin'] as const) {
      const { username } = newAccount();
      cookies[actor] = await signUp(t, username);
      users[actor] = await em().findOneOrFail(User, { username });
    }
    // Roles are set on the rows, so the matrix does not depend on which account registered first (the first becomes admin).
    await em().nativeUpdate(User, { id: { $ne: users.admin.id } }, { userTier: 'free', canAccessAdmin: false, canManageSongs: false, canAccessDJ: false, adminOverride: false });
    await em().nativeUpdate(User, { id: users.admin.id }, { userTier: 'admin', canAccessAdmin: true });
    await em().nativeUpdate(User, { id: users.listener.id }, { canGenerateMusic: false });
    await em().nativeUpdate(User, { id: users.owner.id }, { canManageSongs: true });
    await em().nativeUpdate(User, { id: users.other.id }, { canAccessDJ: true });
    // The tier's limits (monthly, jobs at once) are tested in plans/; here they stay out of the way.
    await em().nativeUpdate(User, { id: { $in: [users.owner.id, users.other.id, users.admin.id] } }, { adminOverride: true });
    for (const actor of ['owner', 'other', 'listener', 'admin'] as const) users[actor] = await em().findOneOrFail(User, { id: users[actor].id });
    const privateSong = await insertSong(em(), { title: 'Owner only', genre: 'jazz', isPublic: false, user: users.owner });
    const publicSong = await insertSong(em(), { title: 'Everyone', genre: 'jazz' });
    f = {
      t,
      em,
      users,
      cookies,
      privateSong,
      publicSong,
      async ownerRequest(status) {
        const request = await t.app.services.generation.generate(em(), users.owner, { prompt: 'owner request' });
        if (status === 'failed') await em().nativeUpdate(GenerationRequest, { id: request.id }, { status: 'failed', error: 'Engine failed', completedAt: new Date() });
        return request.id;
      },
      async ownerPlaylist(isPublic) {
        return (await t.app.services.playlists.create(em(), users.owner, { name: 'Owner mix', isPublic, songIds: [publicSong.id] })).id;
      },
      async ownSmartPlaylist(actor) {
        return (await t.app.services.smartPlaylists.create(em(), users[actor], { name: 'Jazz', rules: { all: [{ field: 'genre', operator: 'is', value: 'jazz' }] } })).id;
      },
    };
  });
  afterAll(async () => {
    await f?.t.close();
  });

  /** The cookie an actor calls with: its shared session, or for session-changing calls a fresh one. */
  async function cookieOf(actor: Actor, ownSession: boolean | undefined): Promise<string | null> {
    if (actor === 'anonymous') return null;
    if (!ownSession) return f.cookies[actor];
    const res = await supertest(f.t.baseUrl).post('/api/login').send({ username: f.users[actor].username, password: 'password1' });
    return cookiePair(res.headers['set-cookie']);
  }

  async function outcomeOf(name: string, c: GraphQLCase, actor: Actor): Promise<Outcome | string> {
    if (actor !== 'anonymous') await c.before?.(f, actor);
    const cookie = await cookieOf(actor, c.ownSession);
    const req = supertest(f.t.baseUrl).post('/graphql');
    if (cookie) req.set('cookie', cookie);
    const res = await req.send({ query: c.document, variables: (await c.variables?.(f, actor)) ?? {} });
    if (res.body.errors) return String(res.body.errors[0].extensions?.code ?? res.body.errors[0].message);
    const value = res.body.data?.[name];
    if (value === undefined) return `no data (${res.status})`;
    return value === null ? 'null' : 'ok';
  }

  it.each([...Object.entries(QUERIES).map(([n, c]) => ['query', n, c] as const), ...Object.entries(MUTATIONS).map(([n, c]) => ['mutation', n, c] as const)])(
    '%s %s',
    async (_kind, name, c) => {
      const outcomes: Record<string, string> = {};
      for (const actor of ACTORS) outcomes[actor] = await outcomeOf(name, c, actor);
      // A nullable answer is still an answer: 'ok' accepts null (e.g. mixerSettings before the first save).
      const expected = Object.fromEntries(ACTORS.map((a) => [a, c.rule[a] === 'ok' && outcomes[a] === 'null' ? 'null' : c.rule[a]]));
      expect(outcomes).toEqual(expected);
    },
  );

  it.each(Object.entries(PUBLIC_PLAYLIST))('mutation or query %s on a public playlist', async (name, c) => {
    const outcomes: Record<string, string> = {};
    for (const actor of ACTORS) outcomes[actor] = await outcomeOf(name, c, actor);
    expect(outcomes).toEqual(c.rule);
  });

  it.each(Object.entries(REST))('REST %s', async (key, c) => {
    const [method] = key.split(' ');
    const statuses: Record<string, number> = {};
    for (const actor of ACTORS) {
      if (actor !== 'anonymous') await c.before?.(f, actor);
      const cookie = await cookieOf(actor, c.ownSession);
      const req = supertest(f.t.baseUrl)[method.toLowerCase() as 'get' | 'post' | 'delete'](await c.path(f));
      if (cookie) req.set('cookie', cookie);
      const res = method === 'GET' ? await req : c.image ? await req.set('origin', f.t.baseUrl).set('content-type', 'image/png').send(await c.image()) : await req.send(c.body?.(f, actor) ?? {});
      statuses[actor] = res.status;
    }
    expect(statuses).toEqual(c.rule);
  });

  describe('Subsonic methods', () => {
    const credentials = {} as Record<SignedInActor, { password: string; apiKey: string }>;
    beforeAll(async () => {
      for (const actor of ['owner', 'other', 'listener', 'admin'] as const) {
        const access = f.t.app.services.apiAccess;
        credentials[actor] = {
          password: (await access.createAppPassword(f.em(), f.users[actor], { name: 'matrix' })).secret,
          apiKey: (await access.createAccessToken(f.em(), f.users[actor], { name: 'matrix' })).secret,
        };
      }
      // The private song gets an artist, audio and a cover, so its owner's calls succeed.
      const media = f.t.config.mediaDir;
      await mkdir(path.join(media, 'songs'), { recursive: true });
      await mkdir(path.join(media, 'covers'), { recursive: true });
      await writeFile(path.join(media, 'songs', `${f.privateSong.id}.mp3`), Buffer.alloc(4096, 1));
      await writeFile(path.join(media, 'covers', `${f.privateSong.id}.png`), await sharp({ create: { width: 16, height: 16, channels: 3, background: '#888' } }).png().toBuffer());
      await f.em().nativeUpdate(Song, { id: f.privateSong.id }, { artist: OWNER_ARTIST, coverUrl: `/media/covers/${f.privateSong.id}.png`, lrc: '[00:01.00]Owner only' });
    });

    it.each(Object.entries(SUBSONIC))('Subsonic %s', async (method, c) => {
      const outcomes: Record<string, SubsonicOutcome | string> = {};
      for (const actor of ACTORS) {
        const query = new URLSearchParams({ v: '1.16.1', c: 'matrix', f: 'json' });
        if (actor !== 'anonymous') {
          if (c.apiKey) query.set('apiKey', credentials[actor].apiKey);
          else {
            query.set('u', f.users[actor].username);
            query.set('p', credentials[actor].password);
          }
        }
        for (const [name, value] of Object.entries((await c.params?.(f, actor)) ?? {})) for (const v of [value].flat()) query.append(name, v);
        const res = await fetch(`${f.t.baseUrl}/rest/${method}.view?${query}`);
        const type = res.headers.get('content-type') ?? '';
        if (!type.includes('json')) outcomes[actor] = res.status === 200 ? 'ok' : `HTTP ${res.status}`;
        else {
          const body = ((await res.json()) as { 'subsonic-response': { status: string; error?: { code: number } } })['subsonic-response'];
          outcomes[actor] = body.status === 'ok' ? 'ok' : (body.error?.code ?? 'no code');
        }
      }
      expect(outcomes).toEqual(c.rule);
    });
  });

  describe('media (/media, docs/storage.md)', () => {
    const ownerOnly = { anonymous: 404, owner: 200, other: 404, listener: 404, admin: 200 };
    const everyone = { anonymous: 200, owner: 200, other: 200, listener: 200, admin: 200 };
    const MEDIA: Array<[string, (f: Fixtures) => string, Record<Actor, number>]> = [
      ["a private song's audio", (f) => `/media/songs/${f.privateSong.id}.mp3`, ownerOnly],
      ["a private song's cover", (f) => `/media/covers/${f.privateSong.id}-256.png`, ownerOnly],
      ["a public song's audio", (f) => `/media/songs/${f.publicSong.id}.mp3`, everyone],
    ];
    beforeAll(async () => {
      const storage = f.t.app.services.media.storage;
      for (const song of [f.privateSong, f.publicSong]) await storage.write(`songs/${song.id}.mp3`, Buffer.alloc(2048, 1));
      await storage.write(`covers/${f.privateSong.id}-256.png`, Buffer.alloc(64, 2));
      await f.em().nativeUpdate(Song, { id: f.privateSong.id }, { thumbnailUrl: `/media/covers/${f.privateSong.id}-256.png` });
    });

    it.each(MEDIA)('GET %s', async (_name, url, rule) => {
      const statuses: Record<string, number> = {};
      for (const actor of ACTORS) {
        const req = supertest(f.t.baseUrl).get(url(f));
        if (actor !== 'anonymous') req.set('cookie', f.cookies[actor]);
        statuses[actor] = (await req).status;
      }
      expect(statuses).toEqual(rule);
    });
  });

  it.each(Object.entries(SUBSCRIPTIONS))('subscription %s reaches whom it concerns, and no signed-out socket', async (name, s) => {
    const actors = ['owner', 'other', 'listener', 'admin'] as const;
    const anonymousClient = wsClient(f.t.baseUrl, null);
    const anonymous = collect(anonymousClient, s.document);
    const clients = actors.map((actor) => wsClient(f.t.baseUrl, f.cookies[actor]));
    const streams = Object.fromEntries(actors.map((actor, i) => [actor, collect<Record<string, unknown>>(clients[i], s.document)])) as Record<SignedInActor, ReturnType<typeof collect<Record<string, unknown>>>>;
    const hasEvent = (actor: SignedInActor, marker: string) => streams[actor].results.some((data) => s.matches(data, marker));
    /** Pushes an event of the actor's own and waits for it (null when the actor may not cause one, e.g. generate). */
    const ownEventArrives = async (actor: SignedInActor): Promise<boolean> => {
      const marker = await s.trigger(f, actor).catch(() => null);
      if (marker === null) return false;
      await expect.poll(() => hasEvent(actor, marker), { timeout: 2000 }).toBe(true);
      return true;
    };
    try {
      await expect.poll(() => (anonymous.errors[0] as { code?: number } | undefined)?.code, { timeout: 5000 }).toBe(4403);
      // Each socket has subscribed once an event of its own user's has arrived.
      for (const actor of actors) await expect.poll(() => ownEventArrives(actor), { timeout: 10_000, interval: 300 }).toBe(actor !== 'listener' || name !== 'generationUpdated');
      const ownerMarker = await s.trigger(f, 'owner');
      for (const actor of s.receivers) await expect.poll(() => hasEvent(actor, ownerMarker), { timeout: 10_000 }).toBe(true);
      // Events reach a socket in order: once a later event of an actor's own has arrived, the owner's would have too.
      for (const actor of actors) if (!(await ownEventArrives(actor))) await new Promise((r) => setTimeout(r, 500));
      const receivers = actors.filter((actor) => hasEvent(actor, ownerMarker));
      expect(receivers).toEqual(s.receivers);
    } finally {
      for (const stream of Object.values(streams)) stream.dispose();
      anonymous.dispose();
      await Promise.all([anonymousClient, ...clients].map((client) => client.dispose()));
    }
  });

  it("subscription playlistChanged(playlistId) reaches every signed-in viewer of a public playlist, only the owner of a private one", async () => {
    const actors = ['owner', 'other', 'listener', 'admin'] as const;
    const document = 'subscription ($id: ID) { playlistChanged(playlistId: $id) { playlistId playlist { name } } }';
    const [publicId, privateId] = [await f.ownerPlaylist(true), await f.ownerPlaylist(false)];
    let renames = 0;
    /** Renames one of the owner's playlists to a new name; answers it. */
    const rename = async (id: string) => {
      const name = `Renamed ${(renames += 1)}`;
      await f.t.app.services.playlists.rename(f.em(), f.users.owner, { id, name });
      return name;
    };
    type Change = { playlistChanged: { playlistId: string; playlist: { name: string } | null } };
    const anonymousClient = wsClient(f.t.baseUrl, null);
    const anonymous = collect(anonymousClient, document, { id: publicId });
    const clients = actors.map((actor) => wsClient(f.t.baseUrl, f.cookies[actor]));
    const watch = (id: string) => Object.fromEntries(actors.map((actor, i) => [actor, collect<Change>(clients[i], document, { id })])) as Record<SignedInActor, ReturnType<typeof collect<Change>>>;
    const [onPublic, onPrivate] = [watch(publicId), watch(privateId)];
    const named = (streams: typeof onPublic, name: string) => actors.filter((actor) => streams[actor].results.some((data) => data.playlistChanged.playlist?.name === name));
    try {
      await expect.poll(() => (anonymous.errors[0] as { code?: number } | undefined)?.code, { timeout: 5000 }).toBe(4403);
      /** Renames the playlist and waits up to 2 s for `count` sockets to see the new name. */
      const reaches = async (streams: typeof onPublic, id: string, count: number) => {
        const name = await rename(id);
        for (let waited = 0; waited < 2000; waited += 100) {
          if (named(streams, name).length >= count) return true;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        return false;
      };
      // Every socket has subscribed once a change of the public playlist reaches all of them.
      await expect.poll(() => reaches(onPublic, publicId, actors.length), { timeout: 15_000, interval: 100 }).toBe(true);
      await expect.poll(() => reaches(onPrivate, privateId, 1), { timeout: 15_000, interval: 100 }).toBe(true);
      const privateName = await rename(privateId);
      // Pushes of the owner's later change of the public one have reached everyone: the private one's would have too.
      const laterName = await rename(publicId);
      await expect.poll(() => named(onPublic, laterName).length, { timeout: 10_000 }).toBe(actors.length);
      await expect.poll(() => named(onPrivate, privateName), { timeout: 10_000 }).toEqual(['owner']);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(actors.filter((actor) => onPrivate[actor].results.length > 0)).toEqual(['owner']);
    } finally {
      for (const stream of [...Object.values(onPublic), ...Object.values(onPrivate)]) stream.dispose();
      anonymous.dispose();
      await Promise.all([anonymousClient, ...clients].map((client) => client.dispose()));
    }
  });
});
