import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DATABASE_TARGETS } from '../test-support/services-available.js';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js';
import { createPubSub, type AppPubSub } from '../pubsub/pubsub.js';
import { GenerationRequest } from '../generation/generation-request.entity.js';
import { UserTimePreferences } from '../schedules/user-time-preferences.entity.js';
import { User } from '../users/user.entity.js';
import { PlanCode } from './plan-code.entity.js';
import { PlanService } from './plan.service.js';
import { SubscriptionEvent } from './subscription-event.entity.js';
import { limitsFor, TIER_LIMITS } from './tiers.js';

const DAY = 86_400_000;

describe.each(DATABASE_TARGETS)('plan service on %s PostgreSQL', (target) => {
  let db: TestDatabase;
  let pubsub: AppPubSub;
  let plans: PlanService;
  let admin: User;
  let users = 0;
  beforeAll(async () => {
    db = await createTestDatabase(target);
    pubsub = createPubSub(null);
    plans = new PlanService(pubsub);
    admin = await insertUser({ userTier: 'admin', canAccessAdmin: true });
  });
  afterAll(async () => {
    await pubsub.close();
    await db.close();
  });
  const em = () => db.orm.em.fork() as EntityManager;

  async function insertUser(fields: Partial<Pick<User, 'userTier' | 'canAccessAdmin' | 'subscriptionExpiresAt' | 'subscriptionStatus' | 'monthlyGenerationLimit'>> = {}, timezone?: string): Promise<User> {
    const e = em();
    const user = e.create(User, { username: `planner${++users}`, ...fields });
    if (timezone) e.create(UserTimePreferences, { user, timezone });
    await e.flush();
    return user;
  }

  async function issue(tier: string, fields: { durationDays?: number; validForDays?: number; count?: number } = {}) {
    return plans.issueCodes(em(), admin, { tier, durationDays: fields.durationDays ?? 30, validForDays: fields.validForDays ?? 7, count: fields.count ?? 1 });
  }

  it('counts the monthly quota per calendar month in the user’s own timezone', async () => {
    const tokyo = await insertUser({}, 'Asia/Tokyo');
    const newYork = await insertUser({}, 'America/New_York');
    const e = em();
    // 23:30 UTC on 31 January: already 1 February in Tokyo, still 31 January (18:30) in New York.
    for (const user of [tokyo, newYork]) {
      e.create(GenerationRequest, { user: e.getReference(User, user.id), prompt: 'edge', genres: [], moods: [], settings: {}, intermediateData: null, createdAt: new Date('2026-01-31T23:30:00Z') });
    }
    await e.flush();
    // 03:00 UTC on 1 February: February in Tokyo (since 31 Jan 15:00 UTC), still January in New York.
    const now = new Date('2026-02-01T03:00:00Z');
    expect((await plans.summary(em(), tokyo, now)).generationsThisMonth).toBe(1);
    expect((await plans.summary(em(), newYork, now)).generationsThisMonth).toBe(1);
    // 06:00 UTC: February has begun in New York too, so its January request no longer counts.
    const later = new Date('2026-02-01T06:00:00Z');
    const [tokyoPlan, newYorkPlan] = [await plans.summary(em(), tokyo, later), await plans.summary(em(), newYork, later)];
    expect(tokyoPlan).toMatchObject({ generationsThisMonth: 1, generationsLeft: 4, timezone: 'Asia/Tokyo', monthStart: new Date('2026-01-31T15:00:00Z') });
    expect(newYorkPlan).toMatchObject({ generationsThisMonth: 0, generationsLeft: 5, timezone: 'America/New_York', monthStart: new Date('2026-02-01T05:00:00Z') });
  });

  it('issues codes only to admins, shows each code once and keeps only its digest', async () => {
    const user = await insertUser();
    await expect(plans.issueCodes(em(), user, { tier: 'pro', durationDays: 30, validForDays: 7 })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(plans.listCodes(em(), user)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(issue('admin')).rejects.toMatchObject({ code: 'BAD_USER_INPUT', message: 'Tier must be one of starter, basic, pro, premium' });
    await expect(issue('pro', { count: 51 })).rejects.toMatchObject({ code: 'BAD_USER_INPUT', message: 'Issue 1 to 50 codes at a time' });
    const { codes, rows } = await issue('pro', { count: 3 });
    expect(codes).toHaveLength(3);
    for (const code of codes) expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
    const stored = await em().find(PlanCode, { id: { $in: rows.map((r) => r.id) } });
    for (const row of stored) {
      expect(codes.some((code) => code.endsWith(row.codeHint))).toBe(true);
      expect(codes.map((c) => c.replace(/-/g, ''))).not.toContain(row.codeDigest);
    }
    const listed = await plans.listCodes(em(), admin);
    expect(listed.find((r) => r.id === rows[0].id)).toMatchObject({ tier: 'pro', createdBy: { username: admin.username }, redeemedAt: null });
  });

  it('redeems a code into the plan, typed loosely, and refuses it a second time', async () => {
    const user = await insertUser();
    const { codes, rows } = await issue('basic', { durationDays: 30 });
    const now = new Date();
    const plan = await plans.redeem(em(), user, ` ${codes[0].toLowerCase().replace(/-/g, ' ')} `, now);
    expect(plan).toMatchObject({ tier: 'basic', status: 'active', limits: { monthlyGenerations: TIER_LIMITS.basic.monthlyGenerations, maxSongSeconds: 300 } });
    expect(plan.expiresAt!.getTime()).toBe(now.getTime() + 30 * DAY);
    const other = await insertUser();
    await expect(plans.redeem(em(), other, codes[0])).rejects.toMatchObject({ code: 'CONFLICT', message: 'This code has already been redeemed' });
    await expect(plans.redeem(em(), other, 'AAAA-BBBB-CCCC-DDDD')).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Plan code not found' });
    await expect(plans.redeem(em(), other, 'hello')).rejects.toMatchObject({ code: 'BAD_USER_INPUT', message: 'That is not a plan code' });
    const row = await em().findOneOrFail(PlanCode, rows[0].id, { populate: ['redeemedBy'] });
    expect(row.redeemedBy?.id).toBe(user.id);
    expect(await em().count(SubscriptionEvent, { user: user.id, kind: 'code_redeemed', planCodeId: rows[0].id })).toBe(1);
  });

  it('lets exactly one of many concurrent redemptions of one code win', async () => {
    const racers = await Promise.all(Array.from({ length: 8 }, () => insertUser()));
    const { codes, rows } = await issue('premium');
    const results = await Promise.allSettled(racers.map((user) => plans.redeem(em(), user, codes[0])));
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected')) expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'CONFLICT', message: 'This code has already been redeemed' });
    const premium = await em().find(User, { id: { $in: racers.map((u) => u.id) }, userTier: 'premium' });
    expect(premium).toHaveLength(1);
    expect((await em().findOneOrFail(PlanCode, rows[0].id)).redeemedBy?.id).toBe(premium[0].id);
    expect(await em().count(SubscriptionEvent, { planCodeId: rows[0].id })).toBe(1);
  });

  it('adds up two codes for the same plan redeemed at once by one user', async () => {
    const user = await insertUser();
    const { codes } = await issue('starter', { durationDays: 10, count: 2 });
    const now = new Date();
    await Promise.all(codes.map((code) => plans.redeem(em(), user, code, now)));
    const stored = await em().findOneOrFail(User, user.id);
    expect(stored.subscriptionExpiresAt!.getTime()).toBe(now.getTime() + 20 * DAY);
  });

  it('refuses expired and revoked codes, and revokes only unredeemed ones', async () => {
    const user = await insertUser();
    const { codes, rows } = await issue('pro', { count: 3 });
    await em().nativeUpdate(PlanCode, { id: rows[0].id }, { expiresAt: new Date(Date.now() - 1000) });
    await expect(plans.redeem(em(), user, codes[0])).rejects.toMatchObject({ code: 'CONFLICT', message: 'This code has expired' });
    await expect(plans.revokeCode(em(), user, rows[1].id)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await plans.revokeCode(em(), admin, rows[1].id)).toMatchObject({ revokedBy: { username: admin.username } });
    await expect(plans.redeem(em(), user, codes[1])).rejects.toMatchObject({ code: 'CONFLICT', message: 'This code has been revoked' });
    await expect(plans.revokeCode(em(), admin, rows[1].id)).rejects.toMatchObject({ code: 'CONFLICT', message: 'This code is already revoked' });
    await plans.redeem(em(), user, codes[2]);
    await expect(plans.revokeCode(em(), admin, rows[2].id)).rejects.toMatchObject({ code: 'CONFLICT', message: 'This code has already been redeemed' });
    await expect(plans.revokeCode(em(), admin, 999_999)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('cancels a plan to end at its expiry, then downgrades it to free automatically', async () => {
    const user = await insertUser();
    const { codes } = await issue('pro', { durationDays: 30 });
    const now = new Date();
    await plans.redeem(em(), user, codes[0], now);
    const canceled = await plans.cancel(em(), user, now);
    expect(canceled).toMatchObject({ tier: 'pro', status: 'canceled' });
    await expect(plans.cancel(em(), user, now)).rejects.toMatchObject({ code: 'CONFLICT', message: 'The plan is already canceled' });

    // Past the end: limits are free ones at once, and the sweep writes the downgrade down.
    const after = new Date(now.getTime() + 31 * DAY);
    const stored = await em().findOneOrFail(User, user.id);
    expect(limitsFor(stored, after).tier).toBe('free');
    expect(await plans.expireDue(em(), after)).toBeGreaterThanOrEqual(1);
    expect(await em().findOneOrFail(User, user.id)).toMatchObject({ userTier: 'free', subscriptionStatus: 'canceled' });
    expect((await em().find(SubscriptionEvent, { user: user.id }, { orderBy: { id: 'asc' } })).map((e) => e.kind)).toEqual(['code_redeemed', 'canceled', 'expired']);
    await expect(plans.cancel(em(), user, after)).rejects.toMatchObject({ code: 'CONFLICT', message: 'There is no paid plan to cancel' });
  });

  it('downgrades an active plan that simply ran out to free and inactive', async () => {
    const user = await insertUser({ userTier: 'basic', subscriptionStatus: 'active', subscriptionExpiresAt: new Date(Date.now() - 1000) });
    const summary = await plans.summary(em(), user);
    expect(summary).toMatchObject({ tier: 'free', status: 'inactive', limits: { tier: 'free', monthlyGenerations: 5 } });
    expect(await em().findOneOrFail(User, user.id)).toMatchObject({ userTier: 'free', subscriptionStatus: 'inactive' });
  });

  it('takes the user’s own monthly limit on free, the higher of the two on paid tiers, and none with adminOverride', () => {
    const base = { subscriptionExpiresAt: null, adminOverride: false };
    expect(limitsFor({ ...base, userTier: 'free', monthlyGenerationLimit: 2 }).monthlyGenerations).toBe(2);
    expect(limitsFor({ ...base, userTier: 'starter', monthlyGenerationLimit: 5 }).monthlyGenerations).toBe(TIER_LIMITS.starter.monthlyGenerations);
    expect(limitsFor({ ...base, userTier: 'starter', monthlyGenerationLimit: 1000 }).monthlyGenerations).toBe(1000);
    expect(limitsFor({ ...base, userTier: 'gold', monthlyGenerationLimit: 5 }).tier).toBe('free');
    expect(limitsFor({ ...base, userTier: 'free', monthlyGenerationLimit: 5, adminOverride: true })).toMatchObject({ monthlyGenerations: null, concurrentJobs: null, storageBytes: null, maxSongSeconds: 480, extendedFeatures: true });
  });
});
