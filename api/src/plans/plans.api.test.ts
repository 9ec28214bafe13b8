import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import supertest from 'supertest';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DATABASE_TARGETS } from '../test-support/services-available.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { cookiePair } from '../test-support/ws-client.js';
import { insertSong } from '../library/test-fixtures.js';
import { GenerationRequest } from '../generation/generation-request.entity.js';
import { GenerationUsage } from '../usage/generation-usage.entity.js';
import { User } from '../users/user.entity.js';
import { TIER_LIMITS } from './tiers.js';

const GENERATE = 'mutation ($input: GenerateSongInput!) { generateSong(input: $input) { id status } }';
const PLAN = '{ myPlan { tier status expiresAt generationsThisMonth generationsLeft activeGenerations storageBytes paymentProvider limits { tier monthlyGenerations maxSongSeconds concurrentJobs extendedFeatures storageBytes } } }';
const ISSUE = 'mutation ($input: IssuePlanCodesInput!) { issuePlanCodes(input: $input) { codes planCodes { id tier codeHint createdBy } } }';
const REDEEM = 'mutation ($code: String!) { redeemPlanCode(code: $code) { tier status limits { maxSongSeconds monthlyGenerations } } }';

/** The plan operations over GraphQL, and every tier limit as generateSong enforces it. */
describe.each(DATABASE_TARGETS)('plans API on %s PostgreSQL', (target) => {
  let t: TestApp;
  let users = 0;
  let admin: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await startTestApp({ target, config: { workerConcurrency: 0, seed: false, demoCatalogue: false } });
    // The first account of an installation is its admin.
    admin = await signUp();
  });
  afterAll(async () => {
    await t.close();
  });
  const em = () => t.app.database.orm.em.fork() as EntityManager;

  async function signUp(changes: Partial<Pick<User, 'monthlyGenerationLimit' | 'adminOverride' | 'userTier'>> = {}) {
    const username = `plans${++users}`;
    const res = await supertest(t.baseUrl).post('/api/register').send({ username, password: 'password1' });
    expect(res.status).toBe(201);
    if (Object.keys(changes).length) await em().nativeUpdate(User, { username }, changes);
    const cookie = cookiePair(res.headers['set-cookie']);
    const gql = (query: string, variables: Record<string, unknown> = {}) => supertest(t.baseUrl).post('/graphql').set('cookie', cookie).send({ query, variables });
    const user = await em().findOneOrFail(User, { username });
    return { username, cookie, gql, user };
  }

  it('serves the tier table', async () => {
    const { gql } = await signUp();
    const tiers = (await gql('{ tiers { tier priceCents monthlyGenerations maxSongSeconds concurrentJobs queuePriority extendedFeatures storageBytes } }')).body.data.tiers;
    expect(tiers.map((row: { tier: string }) => row.tier)).toEqual(['free', 'starter', 'basic', 'pro', 'premium', 'admin']);
    expect(tiers[3]).toEqual(TIER_LIMITS.pro);
  });

  it('redeems an admin’s plan code and lifts the limits in the same breath', async () => {
    const { gql } = await signUp();
    expect((await gql(PLAN)).body.data.myPlan).toMatchObject({ tier: 'free', status: 'inactive', expiresAt: null, generationsLeft: 5, paymentProvider: 'codes', limits: { maxSongSeconds: 180, extendedFeatures: false } });
    const tooLong = await gql(GENERATE, { input: { prompt: 'an epic', durationSeconds: 240 } });
    expect(tooLong.body.errors[0]).toMatchObject({ message: 'Songs on the free plan are at most 180 seconds', extensions: { code: 'FORBIDDEN' } });
    const lyrics = await gql(GENERATE, { input: { prompt: 'a ballad', generateLyrics: true } });
    expect(lyrics.body.errors[0]).toMatchObject({ message: 'Lyrics written by the engine are not part of the free plan', extensions: { code: 'FORBIDDEN' } });
    // Own lyrics are always fine.
    expect((await gql(GENERATE, { input: { prompt: 'a ballad', lyrics: 'la la la', generateLyrics: true } })).body.data.generateSong.status).toBe('pending');

    const issued = await admin.gql(ISSUE, { input: { tier: 'pro', durationDays: 30, validForDays: 7, count: 1, note: 'for a test' } });
    const [code] = issued.body.data.issuePlanCodes.codes;
    expect(issued.body.data.issuePlanCodes.planCodes[0]).toMatchObject({ tier: 'pro', codeHint: code.slice(-4), createdBy: admin.username });
    expect((await gql(REDEEM, { code })).body.data.redeemPlanCode).toEqual({ tier: 'pro', status: 'active', limits: { maxSongSeconds: 480, monthlyGenerations: 150 } });
    const created = await gql(GENERATE, { input: { prompt: 'an epic', durationSeconds: 240, generateLyrics: true } });
    expect(created.body.data.generateSong.status).toBe('pending');
    // Pro requests go ahead of free ones in the queue.
    expect((await em().findOneOrFail(GenerationRequest, Number(created.body.data.generateSong.id))).priority).toBe(TIER_LIMITS.pro.queuePriority);
    expect((await gql(PLAN)).body.data.myPlan).toMatchObject({ tier: 'pro', generationsThisMonth: 2, generationsLeft: 148, activeGenerations: 2 });
    // Redeemed codes are spent.
    expect((await gql(REDEEM, { code })).body.errors[0]).toMatchObject({ message: 'This code has already been redeemed', extensions: { code: 'CONFLICT' } });

    const canceled = await gql('mutation { cancelSubscription { tier status expiresAt } }');
    expect(canceled.body.data.cancelSubscription).toMatchObject({ tier: 'pro', status: 'canceled' });
  });

  it('lets exactly the plan’s jobs-at-once through when requests race, and frees a slot when one ends', async () => {
    const { gql, user, cookie } = await signUp({ monthlyGenerationLimit: 1000 });
    const limit = TIER_LIMITS.free.concurrentJobs!;
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => gql(GENERATE, { input: { prompt: `burst ${i}`, durationSeconds: 30 } })));
    const created = results.filter((r) => r.body.data?.generateSong);
    expect(created).toHaveLength(limit);
    for (const r of results.filter((r) => r.body.errors)) {
      expect(r.body.errors[0]).toMatchObject({ message: `At most ${limit} generations in progress at once on the free plan`, extensions: { code: 'FORBIDDEN' } });
    }
    const rest = await supertest(t.baseUrl).post('/api/generations').set('cookie', cookie).send({ prompt: 'one more' });
    expect(rest.status).toBe(429);
    await em().nativeUpdate(GenerationRequest, { id: Number(created[0].body.data.generateSong.id) }, { status: 'completed', completedAt: new Date() });
    expect((await gql(GENERATE, { input: { prompt: 'after one finished', durationSeconds: 30 } })).body.data.generateSong.status).toBe('pending');
    expect(await em().count(GenerationRequest, { user: user.id })).toBe(limit + 1);
  });

  it('refuses new songs once the plan’s storage is full, and lifts every limit with adminOverride', async () => {
    const { gql, user } = await signUp();
    const song = await insertSong(em(), { title: 'Huge', user: await em().findOneOrFail(User, user.id) });
    const e = em();
    e.create(GenerationUsage, { requestId: 900_000 + user.id, user: e.getReference(User, user.id), createdAt: new Date(), songId: song.id, storageBytes: TIER_LIMITS.free.storageBytes! });
    await e.flush();
    expect((await gql(PLAN)).body.data.myPlan.storageBytes).toBe(TIER_LIMITS.free.storageBytes);
    const refused = await gql(GENERATE, { input: { prompt: 'no room', durationSeconds: 30 } });
    expect(refused.body.errors[0]).toMatchObject({ message: 'Storage limit of the free plan reached: delete songs or change plan', extensions: { code: 'FORBIDDEN' } });

    await em().nativeUpdate(User, { id: user.id }, { adminOverride: true });
    expect((await gql(PLAN)).body.data.myPlan.limits).toMatchObject({ monthlyGenerations: null, concurrentJobs: null, storageBytes: null, maxSongSeconds: 480 });
    for (let i = 0; i < 5; i++) expect((await gql(GENERATE, { input: { prompt: `unlimited ${i}`, durationSeconds: 480, generateLyrics: true } })).body.data.generateSong.status).toBe('pending');
  });

  it('keeps plan codes to admins, with their audit trail', async () => {
    const { gql } = await signUp();
    expect((await gql(ISSUE, { input: { tier: 'pro', durationDays: 30, validForDays: 7 } })).body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await gql('{ planCodes { id } }')).body.errors[0].extensions.code).toBe('FORBIDDEN');
    const issued = await admin.gql(ISSUE, { input: { tier: 'basic', durationDays: 30, validForDays: 7, count: 2 } });
    const [first, second] = issued.body.data.issuePlanCodes.planCodes;
    await gql(REDEEM, { code: issued.body.data.issuePlanCodes.codes[0] });
    const revoked = await admin.gql('mutation ($id: ID!) { revokePlanCode(id: $id) { id revokedBy revokedAt } }', { id: second.id });
    expect(revoked.body.data.revokePlanCode).toMatchObject({ id: second.id, revokedBy: admin.username });
    const listed = (await admin.gql('{ planCodes { id redeemedBy redeemedAt revokedBy } }')).body.data.planCodes;
    expect(listed.find((row: { id: string }) => row.id === first.id)).toMatchObject({ redeemedBy: expect.stringMatching(/^plans/), revokedBy: null });
    expect(listed.find((row: { id: string }) => row.id === second.id)).toMatchObject({ redeemedBy: null, revokedBy: admin.username });
    const bad = await admin.gql(ISSUE, { input: { tier: 'pro', durationDays: 0, validForDays: 7 } });
    expect(bad.body.errors[0]).toMatchObject({ message: 'Duration must be between 1 and 366 days', extensions: { code: 'BAD_USER_INPUT' } });
    expect((await admin.gql('mutation { revokePlanCode(id: "x") { id } }')).body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });
});
