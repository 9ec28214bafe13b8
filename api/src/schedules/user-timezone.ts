import type { EntityManager } from '@mikro-orm/postgresql';
import { UserTimePreferences } from './user-time-preferences.entity.js';

/** The user's IANA zone (user_time_preferences.timezone), or null (the caller's default, UTC). */
export async function userTimezone(em: EntityManager, userId: number): Promise<string | null> {
  const prefs = await em.findOne(UserTimePreferences, { user: userId }, { fields: ['timezone'] });
  return prefs?.timezone ?? null;
}
