/**
 * Who may do what, for every GraphQL operation and every REST route. The operations are enumerated
 * from the built schema and the routes from the REST router, so a new one without an entry here fails.
 *
 * Actors: the owner of the resources under test (a private song, generation requests, playlists),
 * another free user, a free user whose generation permission an admin revoked (listener), an admin,
 * and nobody. The rules (docs/permissions.md): signed-out callers get UNAUTHENTICATED / 401; others'
 * private songs are NOT_FOUND / 404 as if absent (song(id) answers null); admins see every generation
 * request, but no one's private songs; generating needs canGenerateMusic (FORBIDDEN / 403); others'
 * private playlists are NOT_FOUND, public ones read-only (FORBIDDEN to change, docs/playlists.md).
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

const ACTORS = ['anonymous', 'owner', 'other', 'listener', 'admin'] as const;
type Actor = (typeof ACTORS)[number];
type SignedInActor = Exclude<Actor, 'anonymous'>;
/** ok: answered without errors; null: answered null (what song(id) says for a song one may not see). */
type Outcome = 'ok' | 'null' | 'UNAUTHENTICATED' | 'FORBIDDEN' | 'NOT_FOUND';
type Rule = Record<Actor, Outcome>;

const signedIn: Rule = { anonymous: 'UNAUTHENTICATED', owner: 'ok', other: 'ok', listener: 'ok', admin: 'ok' };
const everyone: Rule = { anonymous: 'ok', owner: 'ok', other: 'ok', listener: 'ok', admin: 'ok' };
/** The owner's private song: others are told it does not exist, admins included. */
const ownerOnly: Rule = { anonymous: 'UNAUTHENTICATED', owner: 'ok', other: 'NOT_FOUND', listener: 'NOT_FOUND', admin: 'NOT_FOUND' };
/** The owner's generation requests: admins see and manage every user's. */
const ownerOrAdmin: Rule = { anonymous: 'UNAUTHENTICATED', owner: 'ok', other: 'NOT_FOUND', listener: 'NOT_FOUND', admin: 'ok' };
const generators: Rule = { anonymous: 'UNAUTHENTICATED', owner: 'ok', other: 'ok', listener: 'FORBIDDEN', admin: 'ok' };
/** Changing the owner's public playlist: everyone else may see it, but only the owner changes it, admins included. */
const ownerChangesPublic: Rule = { anonymous: 'UNAUTHENTICATED', owner: 'ok', other: 'FORBIDDEN', listener: 'FORBIDDEN', admin: 'FORBIDDEN' };

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
const newAccount = () => ({ username: `matrix${(accounts += 1)}x${Date.now() % 100_000}`, password: 'password1' });
const SONG_FIELDS = '{ id title }';
const QUEUE_FIELDS = '{ version currentSong { id } upcomingQueue { id } }';
const GENERATION_FIELDS = '{ id status }';
const privateSongId: Variables = (f) => ({ id: f.privateSong.id });
const MIXER = { crossfadeEnabled: true, crossfadeDuration: 5000, mixTightness: 3, djModeEnabled: false, silenceEliminationEnabled: false };
const fillQueue = async (f: Fixtures, actor: SignedInActor) => {
  for (let i = 0; i < 2; i += 1) await f.t.app.services.queue.enqueue(f.em(), f.users[actor], { songId: f.publicSong.id });
};
const PLAYLIST_FIELDS = '{ id name songs { song { id } } }';
/** A fresh private playlist of the owner's for each call (deleting or emptying one leaves the next call its own). */
const privatePlaylist: Variables = async (f) => ({ id: await f.ownerPlaylist(false), song: f.publicSong.id });

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

const QUERIES: Record<string, GraphQLCase> = {
  me: { document: '{ me { id } }', rule: { ...everyone, anonymous: 'null' } },
  song: { document: `query ($id: ID!) { song(id: $id) ${SONG_FIELDS} }`, variables: privateSongId, rule: { ...ownerOnly, other: 'null', listener: 'null', admin: 'null' } },
  songs: { document: `{ songs(first: 5) { songs ${SONG_FIELDS} } }`, rule: signedIn },
  isLiked: { document: 'query ($id: ID!) { isLiked(songId: $id) }', variables: privateSongId, rule: ownerOnly },
  likedSongs: { document: `{ likedSongs ${SONG_FIELDS} }`, rule: signedIn },
  mixerSettings: { document: '{ mixerSettings { crossfadeDuration } }', rule: signedIn },
  queue: { document: `{ queue ${QUEUE_FIELDS} }`, rule: signedIn },
  planSong: { document: '{ planSong(input: { prompt: "rainy piano" }) { bpm key } }', rule: generators },
  generation: { document: `query ($id: ID!) { generation(id: $id) ${GENERATION_FIELDS} }`, variables: async (f) => ({ id: String(await f.ownerRequest('pending')) }), rule: ownerOrAdmin },
  generations: { document: `{ generations(first: 5) { nodes ${GENERATION_FIELDS} } }`, rule: signedIn },
  generationStatus: { document: '{ generationStatus { active { requestId } } }', rule: signedIn },
  playlists: { document: '{ playlists { id isOwner } }', rule: signedIn, before: async (f, actor) => void (await f.t.app.services.playlists.create(f.em(), f.users[actor], { name: 'Mine' })) },
  playlist: onPrivatePlaylist('playlist'),
};

const MUTATIONS: Record<string, GraphQLCase> = {
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
  like: { document: `mutation ($id: ID!) { like(songId: $id) ${SONG_FIELDS} }`, variables: privateSongId, rule: ownerOnly },
  unlike: { document: `mutation ($id: ID!) { unlike(songId: $id) ${SONG_FIELDS} }`, variables: privateSongId, rule: ownerOnly },
  enqueue: { document: `mutation ($id: ID!) { enqueue(songId: $id) ${QUEUE_FIELDS} }`, variables: privateSongId, rule: ownerOnly },
  playNext: { document: `mutation ($id: ID!) { playNext(songId: $id) ${QUEUE_FIELDS} }`, variables: privateSongId, rule: ownerOnly },
  playSong: { document: `mutation ($id: ID!) { playSong(id: $id) ${QUEUE_FIELDS} }`, variables: privateSongId, rule: ownerOnly },
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
};

interface SubscriptionCase {
  document: string;
  /** Changes the actor's data; resolves with a marker that identifies the pushed event. */
  trigger: (f: Fixtures, actor: SignedInActor) => Promise<string>;
  matches: (data: Record<string, unknown>, marker: string) => boolean;
  /** Who receives an event about the owner's data (anonymous sockets are refused on connect). */
  receivers: SignedInActor[];
}

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
  rule: RestRule;
  ownSession?: boolean;
  before?: (f: Fixtures, actor: SignedInActor) => Promise<void>;
}
const restSignedIn = (status = 200): RestRule => ({ anonymous: 401, owner: status, other: status, listener: status, admin: status });
const restOwnerOnly: RestRule = { anonymous: 401, owner: 200, other: 404, listener: 404, admin: 404 };

/** Keyed "METHOD /path" as the REST router declares it (mounted under /api). */
const REST: Record<string, RestCase> = {
  'POST /register': { path: () => '/api/register', body: () => newAccount(), rule: { anonymous: 201, owner: 201, other: 201, listener: 201, admin: 201 }, ownSession: true },
  'POST /login': { path: () => '/api/login', body: (f, actor) => ({ username: f.users[actor === 'anonymous' ? 'owner' : actor].username, password: 'password1' }), rule: { anonymous: 200, owner: 200, other: 200, listener: 200, admin: 200 }, ownSession: true },
  'POST /logout': { path: () => '/api/logout', rule: { anonymous: 200, owner: 200, other: 200, listener: 200, admin: 200 }, ownSession: true },
  'GET /user': { path: () => '/api/user', rule: restSignedIn() },
  'GET /songs/queue': { path: () => '/api/songs/queue', rule: restSignedIn() },
  'POST /songs/auto-advance': { path: () => '/api/songs/auto-advance', rule: restSignedIn() },
  'POST /songs/shift-backward': { path: () => '/api/songs/shift-backward', rule: restSignedIn() },
  'POST /songs/play-next-song': { path: () => '/api/songs/play-next-song', rule: restSignedIn() },
  'POST /songs/play-previous-song': { path: () => '/api/songs/play-previous-song', rule: restSignedIn() },
  'POST /songs/:id/play-state': { path: (f) => `/api/songs/${f.privateSong.id}/play-state`, rule: restOwnerOnly },
  'GET /songs/:id/is-liked': { path: (f) => `/api/songs/${f.privateSong.id}/is-liked`, rule: restOwnerOnly },
  'POST /songs/:id/like': { path: (f) => `/api/songs/${f.privateSong.id}/like`, rule: restOwnerOnly },
  'DELETE /songs/:id/unlike': { path: (f) => `/api/songs/${f.privateSong.id}/unlike`, rule: restOwnerOnly },
  'GET /user/mixer-settings': {
    path: () => '/api/user/mixer-settings',
    rule: restSignedIn(),
    before: async (f, actor) => void (await f.t.app.services.mixerSettings.save(f.em(), f.users[actor], MIXER)),
  },
  'POST /user/mixer-settings': { path: () => '/api/user/mixer-settings', body: () => MIXER, rule: restSignedIn() },
  'GET /generations/status': { path: () => '/api/generations/status', rule: restSignedIn() },
  'POST /generations': { path: () => '/api/generations', body: () => ({ prompt: 'matrix over rest' }), rule: { anonymous: 401, owner: 201, other: 201, listener: 403, admin: 201 } },
  'GET /generations/:id': { path: async (f) => `/api/generations/${await f.ownerRequest('pending')}`, rule: { anonymous: 401, owner: 200, other: 404, listener: 404, admin: 200 } },
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
    // Roles are set on the rows, so the matrix does not depend on which account registered first.
    await em().nativeUpdate(User, { id: users.admin.id }, { userTier: 'admin', canAccessAdmin: true });
    await em().nativeUpdate(User, { id: users.listener.id }, { canGenerateMusic: false });
    await em().nativeUpdate(User, { id: { $in: [users.owner.id, users.other.id, users.admin.id] } }, { monthlyGenerationLimit: 1000 });
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
      const res = method === 'GET' ? await req : await req.send(c.body?.(f, actor) ?? {});
      statuses[actor] = res.status;
    }
    expect(statuses).toEqual(c.rule);
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
