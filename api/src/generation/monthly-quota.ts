import type { EntityManager } from '@mikro-orm/postgresql';
import { billingMonth } from '../common/billing-month.js';
import { userTimezone } from '../schedules/user-timezone.js';
import { GenerationRequest, type GenerationStatus } from './generation-request.entity.js';
import { ACTIVE_STATUSES } from './stages.js';

/**
 * Generation requests that count against the monthly limit: those made in this calendar month in
 * the user's timezone, failed (and cancelled) ones excepted.
 */
export async function countGenerationsThisMonth(em: EntityManager, userId: number, now: Date = new Date()): Promise<number> {
  const { start, end } = billingMonth(now, await userTimezone(em, userId));
  return em.count(GenerationRequest, { user: userId, createdAt: { $gte: start, $lt: end }, status: { $ne: 'failed' as GenerationStatus } });
}

/** The user's requests queued or running now (limited by the tier's concurrentJobs). */
export function countActiveGenerations(em: EntityManager, userId: number): Promise<number> {
  return em.count(GenerationRequest, { user: userId, status: { $in: [...ACTIVE_STATUSES] } });
}
