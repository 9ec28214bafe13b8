import { USER_TIERS, type User, type UserTier } from '../users/user.entity.js';
import { normalizeTier } from '../users/permissions.js';

/** What a plan tier allows; the one table the server enforces, /pricing shows and docs/permissions.md lists. */
export interface TierLimits {
  tier: UserTier;
  /** Monthly price in US cents; null: not for sale (admin). */
  priceCents: number | null;
  /** Generations per month (the user's own monthlyGenerationLimit counts when higher); null: unlimited. */
  monthlyGenerations: number | null;
  maxSongSeconds: number;
  /** Requests of one user queued or running at once; null: unlimited. */
  concurrentJobs: number | null;
  /** Higher runs first in the generation queue (the demo catalogue runs at -1). */
  queuePriority: number;
  /** Sung vocals on lyrics the engine writes (generateLyrics). */
  extendedFeatures: boolean;
  /** Media bytes of the user's songs; null: unlimited. */
  storageBytes: number | null;
}

const MB = 1024 ** 2;
const GB = 1024 ** 3;

export const TIER_LIMITS: Record<UserTier, TierLimits> = {
  free: { tier: 'free', priceCents: 0, monthlyGenerations: 5, maxSongSeconds: 180, concurrentJobs: 3, queuePriority: 0, extendedFeatures: false, storageBytes: 500 * MB },
  starter: { tier: 'starter', priceCents: 500, monthlyGenerations: 25, maxSongSeconds: 240, concurrentJobs: 3, queuePriority: 1, extendedFeatures: true, storageBytes: 2 * GB },
  basic: { tier: 'basic', priceCents: 1000, monthlyGenerations: 60, maxSongSeconds: 300, concurrentJobs: 4, queuePriority: 2, extendedFeatures: true, storageBytes: 5 * GB },
  pro: { tier: 'pro', priceCents: 2000, monthlyGenerations: 150, maxSongSeconds: 480, concurrentJobs: 6, queuePriority: 3, extendedFeatures: true, storageBytes: 20 * GB },
  premium: { tier: 'premium', priceCents: 4000, monthlyGenerations: 400, maxSongSeconds: 480, concurrentJobs: 8, queuePriority: 4, extendedFeatures: true, storageBytes: 50 * GB },
  admin: { tier: 'admin', priceCents: null, monthlyGenerations: null, maxSongSeconds: 480, concurrentJobs: 12, queuePriority: 5, extendedFeatures: true, storageBytes: null },
};

/** Tiers a user can buy or redeem a code for, cheapest first (admin is granted, never sold). */
export const PAID_TIERS = USER_TIERS.filter((tier) => tier !== 'free' && tier !== 'admin');

type PlanHolder = Pick<User, 'userTier' | 'monthlyGenerationLimit' | 'adminOverride' | 'subscriptionExpiresAt'>;

/**
 * The tier in force: the stored one, except that a paid plan past its subscriptionExpiresAt is
 * free at once (the expiry sweep then writes that down). Admin-assigned plans without an expiry stay.
 */
export function tierInForce(user: Pick<User, 'userTier' | 'subscriptionExpiresAt'>, now: Date = new Date()): UserTier {
  const tier = normalizeTier(user.userTier);
  const expired = user.subscriptionExpiresAt !== null && user.subscriptionExpiresAt.getTime() <= now.getTime();
  return (PAID_TIERS as readonly UserTier[]).includes(tier) && expired ? 'free' : tier;
}

/**
 * The limits that apply to a user. Monthly generations: on the free tier the user's own
 * monthlyGenerationLimit (SPEC 3 default 5, which an admin may change per user); on a paid tier the
 * tier's, or the user's own when higher. adminOverride lifts every limit.
 */
export function limitsFor(user: PlanHolder, now: Date = new Date()): TierLimits {
  const limits = TIER_LIMITS[tierInForce(user, now)];
  if (user.adminOverride) {
    return { ...limits, monthlyGenerations: null, maxSongSeconds: TIER_LIMITS.admin.maxSongSeconds, concurrentJobs: null, extendedFeatures: true, storageBytes: null };
  }
  const monthlyGenerations =
    limits.monthlyGenerations === null ? null : limits.tier === 'free' ? user.monthlyGenerationLimit : Math.max(limits.monthlyGenerations, user.monthlyGenerationLimit);
  return { ...limits, monthlyGenerations };
}
