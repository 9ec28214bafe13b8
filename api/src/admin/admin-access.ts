import type { EntityManager } from '@mikro-orm/postgresql';
import { forbidden, unauthenticated } from '../common/errors.js';
import { isAdmin } from '../users/permissions.js';
import { User } from '../users/user.entity.js';
import { AdminAuditEntry } from './admin-audit-entry.entity.js';

/** Every admin operation starts here: signed in, and canAccessAdmin (own flag or admin tier). */
export function requireAdmin(user: User | null): User {
  if (!user) throw unauthenticated();
  if (!isAdmin(user)) throw forbidden('Admin access required');
  return user;
}

export interface AuditRecord {
  action: string;
  targetType: string;
  targetId: string | number;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Writes the audit entry in the caller's transaction, so it exists exactly when the change does. */
export function recordAdminAction(tx: EntityManager, admin: User, record: AuditRecord): AdminAuditEntry {
  return tx.create(AdminAuditEntry, {
    actor: tx.getReference(User, admin.id),
    action: record.action,
    targetType: record.targetType,
    targetId: String(record.targetId),
    before: record.before ?? null,
    after: record.after ?? null,
  });
}
