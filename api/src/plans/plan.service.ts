import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { AppError, forbidden, notFound } from '../common/errors.js';
import { parseInput } from '../common/validation.js';
import { countActiveGenerations, countGenerationsThisMonth } from '../generation/monthly-quota.js';
import { userTimezone } from '../schedules/user-timezone.js';
import type { AppPubSub } from '../pubsub/pubsub.js';
import { storageUsedBy } from '../usage/usage-recorder.js';
import { isAdmin } from '../users/permissions.js';
import { User, type UserTier } from '../users/user.entity.js';
import { publishUserUpdated } from '../users/users.service.js';
import { billingMonth, DEFAULT_TIMEZONE, isValidTimezone } from '../common/billing-month.js';
import { PlanCode } from './plan-code.entity.js';
import { planCodesOnly, type PaymentProvider } from './payments.js';
import { newPlanCode, normalizePlanCode, planCodeDigest } from './plan-codes.js';
import { SubscriptionEvent, type SubscriptionEventKind } from './subscription-event.entity.js';
import { limitsFor, PAID_TIERS, TIER_LIMITS, tierInForce, type TierLimits } from './tiers.js';

export const SUBSCRIPTION_STATUSES = ['inactive', 'active', 'past_due', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

const DAY_MS = 86_400_000;

export interface PlanSummary {
  tier: UserTier;
  status: string;
  expiresAt: Date | null;
  limits: TierLimits;
  timezone: string;
  monthStart: Date;
  monthEnd: Date;
  generationsThisMonth: number;
  /** null: no monthly limit. */
  generationsLeft: number | null;
  activeGenerations: number;
  storageBytes: number;
}

export interface IssuedPlanCodes {
  codes: string[];
  rows: PlanCode[];
}

const issueSchema = z.object({
  tier: z.enum(PAID_TIERS, { error: `Tier must be one of ${PAID_TIERS.join(', ')}` }),
  durationDays: z.number().int('Duration must be a whole number of days').min(1, 'Duration must be between 1 and 366 days').max(366, 'Duration must be between 1 and 366 days'),
  validForDays: z.number().int('Validity must be a whole number of days').min(1, 'Codes must be valid for 1 to 365 days').max(365, 'Codes must be valid for 1 to 365 days'),
  count: z.number().int('Count must be a whole number').min(1, 'Issue 1 to 50 codes at a time').max(50, 'Issue 1 to 50 codes at a time').default(1),
  note: z.string().trim().max(200, 'Note must be at most 200 characters').nullish(),
});

const codeSchema = z
  .string({ error: 'Enter a plan code' })
  .trim()
  .min(1, 'Enter a plan code')
  .max(64, 'That is not a plan code')
  .transform(normalizePlanCode)
  .refine((code) => /^[0-9A-Z]{16}$/.test(code), 'That is not a plan code');

const idSchema = z.coerce.number({ error: 'Invalid plan code id' }).int('Invalid plan code id').positive('Invalid plan code id');

function requireAdmin(user: User): void {
  if (!isAdmin(user)) throw forbidden('Only admins can manage plan codes');
}

/**
 * Plans: the tier table, each user's plan and usage against it, plan codes (issued by admins,
 * redeemed once by users), cancellation and the automatic downgrade when a plan expires.
 */
export class PlanService {
  constructor(
    private readonly pubsub: AppPubSub,
    private readonly payments: PaymentProvider = planCodesOnly,
  ) {}

  tiers(): TierLimits[] {
    return Object.values(TIER_LIMITS);
  }

  async summary(em: EntityManager, user: User, now: Date = new Date()): Promise<PlanSummary> {
    await this.expireDue(em, now, user.id);
    const owner = await em.findOneOrFail(User, { id: user.id }, { refresh: true });
    const zone = await userTimezone(em, owner.id);
    const timezone = isValidTimezone(zone) ? zone : DEFAULT_TIMEZONE;
    const month = billingMonth(now, timezone);
    const limits = limitsFor(owner, now);
    const [generationsThisMonth, activeGenerations, storageBytes] = await Promise.all([
      countGenerationsThisMonth(em, owner.id, now),
      countActiveGenerations(em, owner.id),
      storageUsedBy(em, owner.id),
    ]);
    return {
      tier: tierInForce(owner, now),
      status: owner.subscriptionStatus,
      expiresAt: owner.subscriptionExpiresAt,
      limits,
      timezone,
      monthStart: month.start,
      monthEnd: month.end,
      generationsThisMonth,
      generationsLeft: limits.monthlyGenerations === null ? null : Math.max(0, limits.monthlyGenerations - generationsThisMonth),
      activeGenerations,
      storageBytes,
    };
  }

  /**
   * Redeems a plan code: it is marked redeemed by one conditional update, so of concurrent
   * attempts exactly one wins. The plan starts now, or extends the same plan's remaining time.
   */
  async redeem(em: EntityManager, user: User, input: unknown, now: Date = new Date()): Promise<PlanSummary> {
    const code = parseInput(codeSchema, input);
    const digest = planCodeDigest(code);
    await em.transactional(async (tx) => {
      // The user's row first: claiming the code takes a key-share lock on it (redeemed_by), and
      // two of one user's redemptions locking in the other order would deadlock.
      const owner = await tx.findOneOrFail(User, { id: user.id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
      const claimed = await tx.nativeUpdate(
        PlanCode,
        { codeDigest: digest, redeemedAt: null, revokedAt: null, expiresAt: { $gt: now } },
        { redeemedAt: now, redeemedBy: tx.getReference(User, user.id) },
      );
      if (claimed === 0) throw await this.unusableCodeError(tx, digest);
      const planCode = await tx.findOneOrFail(PlanCode, { codeDigest: digest });
      const current = tierInForce(owner, now);
      const base = current === planCode.tier && owner.subscriptionExpiresAt && owner.subscriptionExpiresAt > now ? owner.subscriptionExpiresAt : now;
      const expiresAt = new Date(base.getTime() + planCode.durationDays * DAY_MS);
      this.applyPlan(tx, owner, { tier: planCode.tier, status: 'active', expiresAt }, 'code_redeemed', { planCodeId: planCode.id });
    });
    await this.announce(em, user.id);
    return this.summary(em, user, now);
  }

  /**
   * Stops the plan from renewing: it stays until it expires, then becomes free. A plan without an
   * end date (assigned by an admin) ends at once.
   */
  async cancel(em: EntityManager, user: User, now: Date = new Date()): Promise<PlanSummary> {
    const cancelable = (owner: User) => {
      if (!(PAID_TIERS as readonly string[]).includes(tierInForce(owner, now))) throw new AppError('CONFLICT', 'There is no paid plan to cancel');
      if (owner.subscriptionStatus === 'canceled') throw new AppError('CONFLICT', 'The plan is already canceled');
    };
    cancelable(await em.findOneOrFail(User, { id: user.id }, { refresh: true }));
    // A card subscription stops renewing at the provider first (outside the row lock: it is a network call).
    await this.payments.stopRenewal(em, user);
    await em.transactional(async (tx) => {
      const owner = await tx.findOneOrFail(User, { id: user.id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
      cancelable(owner);
      const tier = tierInForce(owner, now);
      const endsLater = owner.subscriptionExpiresAt !== null && owner.subscriptionExpiresAt > now;
      this.applyPlan(tx, owner, { tier: endsLater ? tier : 'free', status: 'canceled', expiresAt: owner.subscriptionExpiresAt }, 'canceled');
    });
    await this.announce(em, user.id);
    return this.summary(em, user, now);
  }

  /** Downgrades every paid plan past its end date (or only `userId`'s) to free. Returns how many. */
  async expireDue(em: EntityManager, now: Date = new Date(), userId?: number): Promise<number> {
    const due = await em.find(User, {
      ...(userId ? { id: userId } : {}),
      userTier: { $in: [...PAID_TIERS] },
      subscriptionExpiresAt: { $lte: now },
    });
    for (const user of due) {
      const expired = await em.transactional(async (tx) => {
        const owner = await tx.findOneOrFail(User, { id: user.id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
        // Renewed or changed meanwhile (a webhook, a redeemed code).
        if (tierInForce(owner, now) !== 'free' || owner.userTier === 'free') return false;
        this.applyPlan(tx, owner, { tier: 'free', status: owner.subscriptionStatus === 'canceled' ? 'canceled' : 'inactive', expiresAt: owner.subscriptionExpiresAt }, 'expired');
        return true;
      });
      if (expired) await this.announce(em, user.id);
    }
    return due.length;
  }

  async issueCodes(em: EntityManager, admin: User, input: unknown, now: Date = new Date()): Promise<IssuedPlanCodes> {
    requireAdmin(admin);
    const { tier, durationDays, validForDays, count, note } = parseInput(issueSchema, input);
    const codes = Array.from({ length: count }, newPlanCode);
    const rows = codes.map((code) =>
      em.create(PlanCode, {
        codeDigest: planCodeDigest(code),
        codeHint: normalizePlanCode(code).slice(-4),
        tier,
        durationDays,
        expiresAt: new Date(now.getTime() + validForDays * DAY_MS),
        note: note || null,
        createdBy: em.getReference(User, admin.id),
      }),
    );
    await em.flush();
    return { codes, rows };
  }

  /** Every code, newest first, with who issued, redeemed or revoked it. */
  async listCodes(em: EntityManager, admin: User): Promise<PlanCode[]> {
    requireAdmin(admin);
    return em.find(PlanCode, {}, { orderBy: { id: 'desc' }, limit: 500, populate: ['createdBy', 'redeemedBy', 'revokedBy'] });
  }

  async revokeCode(em: EntityManager, admin: User, id: unknown, now: Date = new Date()): Promise<PlanCode> {
    requireAdmin(admin);
    const codeId = parseInput(idSchema, id);
    const revoked = await em.nativeUpdate(PlanCode, { id: codeId, redeemedAt: null, revokedAt: null }, { revokedAt: now, revokedBy: em.getReference(User, admin.id) });
    const row = await em.findOne(PlanCode, { id: codeId }, { refresh: true, populate: ['createdBy', 'redeemedBy', 'revokedBy'] });
    if (!row) throw notFound('Plan code not found');
    if (revoked === 0) throw new AppError('CONFLICT', row.redeemedAt ? 'This code has already been redeemed' : 'This code is already revoked');
    return row;
  }

  /** Sets a user's plan and records it (the caller holds the user's row lock). */
  applyPlan(
    tx: EntityManager,
    owner: User,
    plan: { tier: string; status: SubscriptionStatus; expiresAt: Date | null },
    kind: SubscriptionEventKind,
    extra: { planCodeId?: number; externalId?: string; externalObjectId?: string; externalAt?: Date; actor?: User | null } = {},
  ): void {
    tx.assign(owner, { userTier: plan.tier, subscriptionStatus: plan.status, subscriptionExpiresAt: plan.expiresAt });
    tx.create(SubscriptionEvent, {
      user: owner,
      actor: extra.actor ?? null,
      kind,
      tier: plan.tier,
      status: plan.status,
      expiresAt: plan.expiresAt,
      planCodeId: extra.planCodeId ?? null,
      externalId: extra.externalId ?? null,
      externalObjectId: extra.externalObjectId ?? null,
      externalAt: extra.externalAt ?? null,
    });
  }

  /** Pushes the changed account to the user's sessions (user menu, Studio). */
  async announce(em: EntityManager, userId: number): Promise<void> {
    publishUserUpdated(this.pubsub, await em.findOneOrFail(User, { id: userId }, { refresh: true }));
  }

  private async unusableCodeError(tx: EntityManager, digest: string): Promise<AppError> {
    const row = await tx.findOne(PlanCode, { codeDigest: digest });
    if (!row) return notFound('Plan code not found');
    if (row.redeemedAt) return new AppError('CONFLICT', 'This code has already been redeemed');
    if (row.revokedAt) return new AppError('CONFLICT', 'This code has been revoked');
    return new AppError('CONFLICT', 'This code has expired');
  }
}
