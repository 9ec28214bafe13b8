import type { CurrentUser } from '../auth/session';

export type PermissionFlag = 'canGenerateMusic' | 'canAccessDJ' | 'canAccessAdmin';

/** SPEC 2/6: a gated entry shows only when its flag is exactly `true` (not truthy, not missing). */
export function hasPermission(user: Pick<CurrentUser, PermissionFlag>, flag: PermissionFlag | undefined): boolean {
  if (!flag) return true;
  return (user[flag] as unknown) === true;
}
