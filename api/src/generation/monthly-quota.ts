import type { EntityManager } from '@mikro-orm/postgresql';
import { GenerationRequest, type GenerationStatus } from './generation-request.entity.js';

/**
 * Generation requests that count against the monthly limit: this calendar month's (UTC),
 * failed ones excepted.
 */
export function countGenerationsThisMonth(em: EntityManager, userId: number, now: Date = new Date()): Promise<number> {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return em.count(GenerationRequest, { user: userId, createdAt: { $gte: monthStart }, status: { $ne: 'failed' as GenerationStatus } });
}
