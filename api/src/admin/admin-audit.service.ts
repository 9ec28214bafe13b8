import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { parseInput } from '../common/validation.js';
import type { User } from '../users/user.entity.js';
import { AdminAuditEntry } from './admin-audit-entry.entity.js';
import { requireAdmin } from './admin-access.js';

const listSchema = z.object({
  first: z.number().int().min(1, 'first must be between 1 and 100').max(100, 'first must be between 1 and 100').default(50),
  offset: z.number().int().min(0, 'offset must not be negative').default(0),
});

/** The audit log, newest first, for admins only. */
export async function listAdminAudit(em: EntityManager, asker: User | null, input: unknown): Promise<{ entries: AdminAuditEntry[]; total: number }> {
  requireAdmin(asker);
  const { first, offset } = parseInput(listSchema, input);
  const [entries, total] = await em.findAndCount(AdminAuditEntry, {}, { orderBy: { id: 'desc' }, limit: first, offset, populate: ['actor'] });
  return { entries, total };
}
