import { USER_TIERS, type User, type UserTier } from './user.entity.js';

/** What each plan tier grants on top of the user's own flags (documented in docs/permissions.md). */
export const TIER_GRANTS: Record<UserTier, { canGenerateMusic: boolean; canAccessDJ: boolean; canManageSongs: boolean; canAccessAdmin: boolean }> = {
  free: { canGenerateMusic: false, canAccessDJ: false, canManageSongs: false, canAccessAdmin: false },
  starter: { canGenerateMusic: true, canAccessDJ: false, canManageSongs: false, canAccessAdmin: false },
  basic: { canGenerateMusic: true, canAccessDJ: true, canManageSongs: false, canAccessAdmin: false },
  pro: { canGenerateMusic: true, canAccessDJ: true, canManageSongs: true, canAccessAdmin: false },
  premium: { canGenerateMusic: true, canAccessDJ: true, canManageSongs: true, canAccessAdmin: false },
  admin: { canGenerateMusic: true, canAccessDJ: true, canManageSongs: true, canAccessAdmin: true },
};

/** SPEC 6: admin, premium, pro, basic, starter; any other value is treated as free. */
export function normalizeTier(tier: string | null | undefined): UserTier {
  return (USER_TIERS as readonly string[]).includes(tier ?? '') ? (tier as UserTier) : 'free';
}

export interface EffectivePermissions {
  canGenerateMusic: boolean;
  canAccessDJ: boolean;
  canManageSongs: boolean;
  canAccessAdmin: boolean;
}

/** A user may do what their own flag allows or what their tier grants. */
export function effectivePermissions(user: User): EffectivePermissions {
  const grants = TIER_GRANTS[normalizeTier(user.userTier)];
  return {
    canGenerateMusic: user.canGenerateMusic || grants.canGenerateMusic,
    canAccessDJ: user.canAccessDJ || grants.canAccessDJ,
    canManageSongs: user.canManageSongs || grants.canManageSongs,
    canAccessAdmin: user.canAccessAdmin || grants.canAccessAdmin,
  };
}

export const isAdmin = (user: User) => effectivePermissions(user).canAccessAdmin;
