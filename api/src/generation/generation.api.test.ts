import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import supertest from 'supertest';
import { DATABASE_TARGETS } from '../test-support/services-available.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { collect, cookiePair, wsClient } from '../test-support/ws-client.js';
import { User } from '../users/user.entity.js';
import { GenerationRequest } from './generation-request.entity.js';

const GENERATE = 'mutation ($input: GenerateSongInput!) { generateSong(input: $input) { id status title genres moods durationSeconds } }';
const PLAN = 'query ($input: GenerateSongInput!) { planSong(input: $input) { genre mood bpm key title seed durationSeconds withLyrics withCoverArt summary } }';
const CANCEL = 'mutation ($id: ID!) { cancelGeneration(id: $id) { id status error } }';
const RETRY = 'mutation ($id: ID!) { retryGeneration(id: $id) { id status retryCount error } }';
const LIST = 'query ($status: String, $first: Int, $after: String) { generations(status: $status, first: $first, after: $after) { nodes { id status } endCursor hasNextPage } }';

/** With no workers in this app, requests stay pending: these tests cover the API around the queue. */
describe.each(DATABASE_TARGETS)('generation API on %s PostgreSQL', (target) => {
  let t: TestApp;
  let users = 0;
  beforeAll(async () => {
    t = await startTestApp({ target, config: { workerConcurrency: 0, seed: false, demoCatalogue: false } });
    // The first account of an installation is its admin; the tests use ordinary accounts after it.
    expect((await supertest(t.baseUrl).post('/api/register').send({ username: 'owner', password: 'password1' })).status).toBe(201);
  });
  afterAll(async () => {
    await t.close();
  });

  async function signUp(changes: Partial<Pick<User, 'monthlyGenerationLimit' | 'adminOverride' | 'defaultDuration' | 'generateLyrics' | 'canGenerateMusic' | 'userTier'>> = {}) {
    const username = `user${++users}`;
    const res = await supertest(t.baseUrl).post('/api/register').send({ username, password: 'password1' });
    expect(res.status).toBe(201);
    if (Object.keys(changes).length) await t.app.database.orm.em.fork().nativeUpdate(User, { username }, changes);
    const cookie = cookiePair(res.headers['set-cookie']);
    const gql = (query: string, variables: Record<string, unknown> = {}) => supertest(t.baseUrl).post('/graphql').set('cookie', cookie).send({ query, variables });
    return { username, cookie, gql };
  }

  it("tells the user how many generations are left this month before they press Generate", async () => {
    const LEFT = '{ me { generationsLeftThisMonth monthlyGenerationLimit } }';
    const { gql } = await signUp({ monthlyGenerationLimit: 2 });
    expect((await gql(LEFT)).body.data.me).toEqual({ generationsLeftThisMonth: 2, monthlyGenerationLimit: 2 });
    const first = await gql(GENERATE, { input: { prompt: 'one', durationSeconds: 30 } });
    await gql(GENERATE, { input: { prompt: 'two', durationSeconds: 30 } });
    expect((await gql(LEFT)).body.data.me.generationsLeftThisMonth).toBe(0);
    await gql(CANCEL, { id: first.body.data.generateSong.id });
    expect((await gql(LEFT)).body.data.me.generationsLeftThisMonth).toBe(1);
    const unlimited = await signUp({ adminOverride: true });
    expect((await unlimited.gql(LEFT)).body.data.me.generationsLeftThisMonth).toBeNull();
    const em = t.app.database.orm.em.fork();
    const [asker, other] = await Promise.all([em.findOneOrFail(User, { username: unlimited.username }), em.findOneOrFail(User, { username: 'owner' })]);
    await expect(t.app.services.users.generationsLeftThisMonth(em, asker, other.id)).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('lets exactly the remaining quota through when 20 requests race, counting failed ones out', async () => {
    const { gql, cookie, username } = await signUp({ monthlyGenerationLimit: 3 });
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => gql(GENERATE, { input: { prompt: `race ${i}`, durationSeconds: 30 } })));
    const created = results.filter((r) => r.body.data?.generateSong);
    const refused = results.filter((r) => r.body.errors);
    expect(created).toHaveLength(3);
    expect(refused).toHaveLength(17);
    for (const r of refused) expect(r.body.errors[0]).toMatchObject({ message: 'Monthly generation limit reached (3/3)', extensions: { code: 'FORBIDDEN' } });
    const em = t.app.database.orm.em.fork();
    expect(await em.count(GenerationRequest, { user: { username } })).toBe(3);

    const rest = await supertest(t.baseUrl).post('/api/generations').set('cookie', cookie).send({ prompt: 'one more' });
    expect(rest.status).toBe(429);
    expect(rest.body).toEqual({ error: 'Monthly generation limit reached (3/3)' });

    // A cancelled (failed) request no longer counts; retrying it counts again.
    const cancelled = await gql(CANCEL, { id: created[0].body.data.generateSong.id });
    expect(cancelled.body.data.cancelGeneration).toMatchObject({ status: 'failed', error: 'Cancelled' });
    const again = await gql(GENERATE, { input: { prompt: 'after cancel' } });
    expect(again.body.data.generateSong.status).toBe('pending');
    const retry = await gql(RETRY, { id: created[0].body.data.generateSong.id });
    expect(retry.body.errors[0]).toMatchObject({ message: 'Monthly generation limit reached (3/3)', extensions: { code: 'FORBIDDEN' } });
  });

  it('refuses generation to a free account whose permission was revoked, and allows it again by tier', async () => {
    const { gql, cookie, username } = await signUp({ canGenerateMusic: false });
    const denied = await gql(GENERATE, { input: { prompt: 'not allowed' } });
    expect(denied.body.errors[0]).toMatchObject({ message: 'You do not have permission to generate music', extensions: { code: 'FORBIDDEN' } });
    const rest = await supertest(t.baseUrl).post('/api/generations').set('cookie', cookie).send({ prompt: 'not allowed' });
    expect(rest.status).toBe(403);
    expect(rest.body).toEqual({ error: 'You do not have permission to generate music' });
    const em = t.app.database.orm.em.fork();
    expect(await em.count(GenerationRequest, { user: { username } })).toBe(0);

    await em.nativeUpdate(User, { username }, { userTier: 'starter' });
    // A tier change is announced, as the code that makes one must: the signed-in session is cached.
    await t.app.services.sessions.usersChanged([(await em.findOneOrFail(User, { username })).id]);
    expect((await gql(GENERATE, { input: { prompt: 'allowed by the starter tier' } })).body.data.generateSong.status).toBe('pending');
  });

  it('lifts the limit with adminOverride', async () => {
    const { gql } = await signUp({ monthlyGenerationLimit: 1, adminOverride: true });
    for (let i = 0; i < 3; i++) expect((await gql(GENERATE, { input: { prompt: `override ${i}` } })).body.data.generateSong.status).toBe('pending');
  });

  it('fills omitted settings from the user preferences and plans like the engine', async () => {
    const { gql } = await signUp({ defaultDuration: 95 });
    const res = await gql(GENERATE, { input: { prompt: 'upbeat synthwave drive at night' } });
    expect(res.body.data.generateSong).toMatchObject({ status: 'pending', durationSeconds: 95, genres: ['synthwave'] });
    expect(res.body.data.generateSong.title).toBeTruthy();
    const plan = await gql(PLAN, { input: { prompt: 'slow sad blues in E minor', seed: 7, durationSeconds: 60, generateAlbumArt: false } });
    expect(plan.body.data.planSong).toMatchObject({ genre: 'blues', key: 'E minor', seed: 7, durationSeconds: 60, withLyrics: false, withCoverArt: false });
    expect(plan.body.data.planSong.summary).toContain('blues');
    const again = await gql(PLAN, { input: { prompt: 'slow sad blues in E minor', seed: 7, durationSeconds: 60, generateAlbumArt: false } });
    expect(again.body.data.planSong).toEqual(plan.body.data.planSong);
  });

  it('rejects bad input with clear messages', async () => {
    const { gql, cookie } = await signUp();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ prompt: '   ' }, 'Prompt is required'],
      [{ prompt: 'x', durationSeconds: 10 }, 'Duration must be between 30 and 480 seconds'],
      [{ prompt: 'x', durationSeconds: 481 }, 'Duration must be between 30 and 480 seconds'],
      [{ prompt: 'x', seed: -1 }, 'Seed must be between 0 and 4294967295'],
    ];
    for (const [input, message] of cases) {
      const res = await gql(GENERATE, { input });
      expect(res.body.errors[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
    }
    const unknownGenre = await gql(GENERATE, { input: { prompt: 'x', genres: ['polka-step'] } });
    expect(unknownGenre.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(unknownGenre.body.errors[0].message).toMatch(/polka-step/i);
    const rest = await supertest(t.baseUrl).post('/api/generations').set('cookie', cookie).send({ prompt: '' });
    expect(rest.status).toBe(400);
    expect(rest.body).toEqual({ error: 'Prompt is required' });
    // Nothing was stored and nothing counted.
    const status = await supertest(t.baseUrl).get('/api/generations/status').set('cookie', cookie);
    expect(status.body).toEqual({ active: [], completed: [] });
  });

  it('refuses anonymous callers and hides other users\u2019 requests', async () => {
    const owner = await signUp();
    const other = await signUp();
    const id = (await owner.gql(GENERATE, { input: { prompt: 'mine' } })).body.data.generateSong.id;
    const anonymous = await supertest(t.baseUrl).post('/graphql').send({ query: GENERATE, variables: { input: { prompt: 'x' } } });
    expect(anonymous.body.errors[0]).toMatchObject({ message: 'Not authenticated', extensions: { code: 'UNAUTHENTICATED' } });
    expect((await supertest(t.baseUrl).get('/api/generations/status')).status).toBe(401);
    for (const query of [CANCEL, RETRY]) {
      const res = await other.gql(query, { id });
      expect(res.body.errors[0]).toMatchObject({ message: 'Generation not found', extensions: { code: 'NOT_FOUND' } });
    }
    expect((await supertest(t.baseUrl).get(`/api/generations/${id}`).set('cookie', other.cookie)).status).toBe(404);
    expect((await supertest(t.baseUrl).get(`/api/generations/${id}`).set('cookie', owner.cookie)).body).toMatchObject({ id, status: 'pending' });
  });

  it('pushes generationUpdated to the owner and to admins only', async () => {
    const adminCookie = cookiePair((await supertest(t.baseUrl).post('/api/login').send({ username: 'owner', password: 'password1' })).headers['set-cookie']);
    const owner = await signUp();
    const bystander = await signUp();
    const subscription = 'subscription { generationUpdated { requestId status genres progress { stage percentage } } }';
    const clients = [wsClient(t.baseUrl, adminCookie), wsClient(t.baseUrl, owner.cookie), wsClient(t.baseUrl, bystander.cookie)];
    const [adminEvents, ownerEvents, bystanderEvents] = clients.map((c) => collect<{ generationUpdated: { requestId: string; status: string } }>(c, subscription));
    try {
      await new Promise((r) => setTimeout(r, 300));
      const id = (await owner.gql(GENERATE, { input: { prompt: 'for my ears', genres: ['funk'] } })).body.data.generateSong.id;
      const expected = { requestId: id, status: 'pending', genres: ['funk'], progress: { stage: 'Starting...', percentage: 0 } };
      expect((await ownerEvents.next(1))[0].generationUpdated).toEqual(expected);
      expect((await adminEvents.next(1))[0].generationUpdated).toEqual(expected);
      await new Promise((r) => setTimeout(r, 300));
      expect(bystanderEvents.results).toEqual([]);
    } finally {
      for (const events of [adminEvents, ownerEvents, bystanderEvents]) events.dispose();
      for (const client of clients) await client.dispose();
    }
  });

  it('reports status items per SPEC and pages the queue', async () => {
    const { gql, cookie } = await signUp();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await gql(GENERATE, { input: { prompt: `queue ${i}`, genres: ['jazz'], moods: ['romantic'] } })).body.data.generateSong.id);
    await gql(CANCEL, { id: ids[1] });
    const status = await supertest(t.baseUrl).get('/api/generations/status').set('cookie', cookie);
    expect(status.body.active.map((i: { requestId: string }) => i.requestId)).toEqual([ids[0], ids[2]]);
    expect(status.body.active[0]).toMatchObject({ status: 'pending', genres: ['jazz'], moods: ['romantic'], error: null, progress: { stage: 'Starting...', percentage: 0 } });
    expect(status.body.completed).toEqual([expect.objectContaining({ requestId: ids[1], status: 'failed', error: 'Cancelled' })]);
    const cancelAgain = await gql(CANCEL, { id: ids[1] });
    expect(cancelAgain.body.errors[0].extensions.code).toBe('CONFLICT');
    const retryPending = await gql(RETRY, { id: ids[0] });
    expect(retryPending.body.errors[0]).toMatchObject({ message: 'Only failed generations can be retried', extensions: { code: 'CONFLICT' } });

    const first = await gql(LIST, { first: 2 });
    expect(first.body.data.generations).toMatchObject({ nodes: [{ id: ids[2] }, { id: ids[1] }], hasNextPage: true });
    const second = await gql(LIST, { first: 2, after: first.body.data.generations.endCursor });
    expect(second.body.data.generations).toMatchObject({ nodes: [{ id: ids[0] }], hasNextPage: false });
    const failed = await gql(LIST, { status: 'failed' });
    expect(failed.body.data.generations.nodes).toEqual([{ id: ids[1], status: 'failed' }]);

    // Backward: the oldest two, then the one before them (newest), with Relay's page info.
    const BACKWARD = 'query ($last: Int, $before: String) { generations(last: $last, before: $before) { edges { node { id } } pageInfo { hasPreviousPage hasNextPage startCursor } } }';
    const oldest = (await gql(BACKWARD, { last: 2 })).body.data.generations;
    expect(oldest.edges.map((edge: { node: { id: string } }) => edge.node.id)).toEqual([ids[1], ids[0]]);
    expect(oldest.pageInfo).toMatchObject({ hasPreviousPage: true, hasNextPage: false });
    const newest = (await gql(BACKWARD, { last: 2, before: oldest.pageInfo.startCursor })).body.data.generations;
    expect(newest.edges.map((edge: { node: { id: string } }) => edge.node.id)).toEqual([ids[2]]);
    expect(newest.pageInfo).toMatchObject({ hasPreviousPage: false, hasNextPage: true });
    const mixed = await gql('{ generations(first: 1, last: 1) { totalCount } }');
    expect(mixed.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });
});
