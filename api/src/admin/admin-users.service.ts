import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { AppError, forbidden, notFound } from '../common/errors.js';
import { parseInput } from '../common/validation.js';
import { hashPassword } from '../auth/passwords.js';
import type { SessionStore } from '../auth/sessions.js';
import { User, USER_TIERS } from '../users/user.entity.js';
import { recordAdminAction, requireAdmin } from './admin-access.js';

const MAX_PAGE = 100;
export const LAST_ADMIN = 'At least one admin must remain: give another account admin rights first';

const listSchema = z.object({
  search: z.string().trim().max(254, 'Search is too long').nullish(),
  first: z.number().int().min(1, 'first must be between 1 and 100').max(MAX_PAGE, 'first must be between 1 and 100').default(25),
  offset: z.number().int().min(0, 'offset must not be negative').default(0),
});

const userIdSchema = z.coerce.number({ error: 'Invalid user id' }).int('Invalid user id').positive('Invalid user id');

export const userChangesSchema = z
  .object({
    userTier: z.enum(USER_TIERS, { error: `Tier must be one of ${USER_TIERS.join(', ')}` }),
    monthlyGenerationLimit: z.number().int('Monthly generation limit must be a whole number').min(0, 'Monthly generation limit must be between 0 and 100000').max(100_000, 'Monthly generation limit must be between 0 and 100000'),
    canGenerateMusic: z.boolean(),
    canManageSongs: z.boolean(),
    canAccessAdmin: z.boolean(),
    canAccessDJ: z.boolean(),
    adminOverride: z.boolean(),
  })
  .partial()
  .strict();
export type UserChanges = z.infer<typeof userChangesSchema>;

/** The stored (not effective) rights an admin edits, as recorded in the audit log. */
const RIGHTS = ['userTier', 'monthlyGenerationLimit', 'canGenerateMusic', 'canManageSongs', 'canAccessAdmin', 'canAccessDJ', 'adminOverride'] as const;
const rightsOf = (user: User) => Object.fromEntries(RIGHTS.map((key) => [key, user[key]]));

export interface UserPage {
  users: User[];
  total: number;
}

/**
 * Accounts as admins manage them: rights, disabling, password resets. Every change that could take
 * admin rights away runs under one advisory lock and is refused when no enabled admin would remain,
 * so two admins demoting each other at once leave one of them an admin.
 */
export class AdminUsersService {
  constructor(private readonly sessions: SessionStore) {}

  async list(em: EntityManager, asker: User | null, input: unknown): Promise<UserPage> {
    requireAdmin(asker);
    const { search, first, offset } = parseInput(listSchema, input);
    const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const where = { isSystem: false, ...(pattern ? { $or: [{ username: { $ilike: pattern } }, { email: { $ilike: pattern } }] } : {}) };
    const [users, total] = await em.findAndCount(User, where, { orderBy: { id: 'asc' }, limit: first, offset });
    return { users, total };
  }

  async update(em: EntityManager, asker: User | null, userId: unknown, input: unknown): Promise<User> {
    const admin = requireAdmin(asker);
    const id = parseInput(userIdSchema, userId);
    const changes = parseInput(userChangesSchema, input);
    return this.changeRights(em, admin, id, 'user.update', (user) => {
      const before = rightsOf(user);
      Object.assign(user, changes);
      return { before, after: rightsOf(user) };
    });
  }

  /** Disabling ends every session of the account at once, on every API process (sessionsEnded). */
  async setDisabled(em: EntityManager, asker: User | null, userId: unknown, disabled: boolean): Promise<User> {
    const admin = requireAdmin(asker);
    const id = parseInput(userIdSchema, userId);
    if (disabled && id === admin.id) throw new AppError('BAD_USER_INPUT', 'You cannot disable your own account');
    const user = await this.changeRights(em, admin, id, disabled ? 'user.disable' : 'user.enable', (row) => {
      const before = { disabled: row.disabledAt !== null };
      row.disabledAt = disabled ? (row.disabledAt ?? new Date()) : null;
      return { before, after: { disabled } };
    });
    if (disabled) await this.sessions.destroyAllOf(em, user.id);
    return user;
  }

  /**
   * Replaces the password with a one-time temporary one (answered to the admin, who hands it over)
   * and ends every session of the account: whoever knew the old password is signed out everywhere.
   */
  async forcePasswordReset(em: EntityManager, asker: User | null, userId: unknown): Promise<{ user: User; temporaryPassword: string }> {
    const admin = requireAdmin(asker);
    const id = parseInput(userIdSchema, userId);
    const temporaryPassword = randomBytes(12).toString('base64url');
    const hash = await hashPassword(temporaryPassword);
    const user = await em.transactional(async (tx) => {
      const row = await tx.findOne(User, { id, isSystem: false });
      if (!row) throw notFound('User not found');
      row.password = hash;
      recordAdminAction(tx, admin, { action: 'user.password-reset', targetType: 'user', targetId: id, before: null, after: { sessionsEnded: true } });
      return row;
    });
    await this.sessions.destroyAllOf(em, user.id);
    return { user, temporaryPassword };
  }

  private async changeRights(
    em: EntityManager,
    admin: User,
    id: number,
    action: string,
    change: (user: User) => { before: Record<string, unknown>; after: Record<string, unknown> },
  ): Promise<User> {
    const changed = await em.transactional(async (tx) => {
      await tx.getConnection().execute(`select pg_advisory_xact_lock(hashtext('songforge:admin-rights'))`, [], 'all', tx.getTransactionContext());
      // The asker's rights again, under the lock: an admin demoted by a change that committed first may no longer act.
      const actor = await tx.findOne(User, { id: admin.id }, { refresh: true });
      if (!actor || actor.disabledAt) throw forbidden('Admin access required');
      requireAdmin(actor);
      const user = await tx.findOne(User, { id, isSystem: false }, { refresh: true });
      if (!user) throw notFound('User not found');
      const audit = change(user);
      await tx.flush();
      if ((await countEnabledAdmins(tx)) === 0) throw new AppError('CONFLICT', LAST_ADMIN);
      recordAdminAction(tx, admin, { action, targetType: 'user', targetId: id, ...audit });
      return user;
    });
    // Every process drops its cached session of this user, so the new rights apply at the next request.
    await this.sessions.usersChanged([id]);
    return changed;
  }
}

/** Enabled human accounts with admin rights (own flag or admin tier, as permissions.ts decides). */
async function countEnabledAdmins(tx: EntityManager): Promise<number> {
  return tx.count(User, { isSystem: false, disabledAt: null, $or: [{ canAccessAdmin: true }, { userTier: 'admin' }] });
}
