import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { parseInput } from '../common/validation.js';
import type { User } from './user.entity.js';
import { UserPreferences } from './user-preferences.entity.js';
import { MixerSettingsView, toMixerSettingsView } from './mixer-settings.view.js';

/** SPEC 5 / 9: mix duration 1000..30000 ms in steps of 500; tightness 1..5. */
export const CROSSFADE_DURATION_MIN_MS = 1000;
export const CROSSFADE_DURATION_MAX_MS = 30000;
export const CROSSFADE_DURATION_STEP_MS = 500;

const flag = (name: string) => z.boolean({ error: `${name} must be true or false` });

export const mixerSettingsSchema = z.object({
  crossfadeEnabled: flag('crossfadeEnabled'),
  crossfadeDuration: z
    .number({ error: 'crossfadeDuration must be a number of milliseconds' })
    .int('crossfadeDuration must be a whole number of milliseconds')
    .min(CROSSFADE_DURATION_MIN_MS, `crossfadeDuration must be between ${CROSSFADE_DURATION_MIN_MS} and ${CROSSFADE_DURATION_MAX_MS} ms`)
    .max(CROSSFADE_DURATION_MAX_MS, `crossfadeDuration must be between ${CROSSFADE_DURATION_MIN_MS} and ${CROSSFADE_DURATION_MAX_MS} ms`)
    .multipleOf(CROSSFADE_DURATION_STEP_MS, `crossfadeDuration must be a multiple of ${CROSSFADE_DURATION_STEP_MS} ms`),
  mixTightness: z
    .number({ error: 'mixTightness must be a whole number from 1 to 5' })
    .int('mixTightness must be a whole number from 1 to 5')
    .min(1, 'mixTightness must be a whole number from 1 to 5')
    .max(5, 'mixTightness must be a whole number from 1 to 5'),
  djModeEnabled: flag('djModeEnabled'),
  silenceEliminationEnabled: flag('silenceEliminationEnabled'),
  /** Optional: when absent the stored value (default true) stays. */
  beatMatchedTransitions: flag('beatMatchedTransitions').optional(),
});

/** The player's mixer settings, kept in user_preferences; "none saved" until the first save. */
export class MixerSettingsService {
  /** Null until the user has saved mixer settings once (REST answers 404). */
  async get(em: EntityManager, user: User): Promise<MixerSettingsView | null> {
    const preferences = await em.findOne(UserPreferences, { user: user.id });
    return preferences?.mixerSettingsSavedAt ? toMixerSettingsView(preferences) : null;
  }

  async save(em: EntityManager, user: User, input: unknown): Promise<MixerSettingsView> {
    const settings = parseInput(mixerSettingsSchema, input);
    const { beatMatchedTransitions, ...required } = settings;
    // One atomic insert-or-update: two devices saving at once cannot collide on the row.
    const saved = await em.upsert(UserPreferences, {
      user: user.id,
      ...required,
      ...(beatMatchedTransitions === undefined ? {} : { beatMatchedTransitions }),
      mixerSettingsSavedAt: new Date(),
    });
    return toMixerSettingsView(saved);
  }
}
