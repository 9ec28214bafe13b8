import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { parseInput } from '../common/validation.js';
import { Topics, userTopic, type AppPubSub } from '../pubsub/pubsub.js';
import type { User } from '../users/user.entity.js';
import { UserPreferences } from '../users/user-preferences.entity.js';
import { mixerSettingsSchema } from '../users/mixer-settings.service.js';
import type { QueueService } from '../library/queue.service.js';
import { findGenre, findMood } from '../music/plan/catalog.js';
import { toPreferencesView, type PreferencesView } from './preferences.view.js';

export const THEMES = ['dark', 'light', 'system'] as const;
export const REPEAT_MODES = ['none', 'one', 'all'] as const;
export const MAX_PREFERRED = 10;

/** Names as the engine knows them ("calm" is stored as peaceful); unknown ones are refused. */
const names = (label: string, find: (name: string) => { id: string } | undefined) =>
  z
    .array(z.string({ error: `${label} must be a list of names` }).max(50, `Unknown ${label.toLowerCase().replace(/s$/, '')}`), { error: `${label} must be a list of names` })
    .max(MAX_PREFERRED, `At most ${MAX_PREFERRED} ${label.toLowerCase()}`)
    .transform((list, ctx) => {
      const ids: string[] = [];
      for (const name of list) {
        const found = find(name);
        if (!found) {
          ctx.addIssue({ code: 'custom', message: `Unknown ${label.toLowerCase().replace(/s$/, '')}: ${name}` });
          return z.NEVER;
        }
        if (!ids.includes(found.id)) ids.push(found.id);
      }
      return ids;
    });

export const preferencesSchema = z
  .object({
    theme: z.enum(THEMES, { error: 'Theme must be dark, light or system' }),
    shuffleEnabled: z.boolean({ error: 'shuffleEnabled must be true or false' }),
    repeatMode: z.enum(REPEAT_MODES, { error: 'Repeat must be none, one or all' }),
    crossfadeEnabled: mixerSettingsSchema.shape.crossfadeEnabled,
    crossfadeDuration: mixerSettingsSchema.shape.crossfadeDuration,
    mixTightness: mixerSettingsSchema.shape.mixTightness,
    preferredGenres: names('Genres', findGenre),
    preferredMoods: names('Moods', findMood),
  })
  .partial();

export interface PreferencesChangedEvent {
  userId: number;
  preferences: PreferencesView;
}

/**
 * The user's settings (theme, playback, crossfade defaults, preferred genres and moods). Each change
 * is pushed to their other devices (preferencesChanged); turning shuffle on shuffles the queue.
 */
export class PreferencesService {
  constructor(private readonly deps: { pubsub: AppPubSub; queue: QueueService }) {}

  async get(em: EntityManager, user: User): Promise<PreferencesView> {
    return toPreferencesView((await em.findOne(UserPreferences, { user: user.id })) ?? em.create(UserPreferences, { user: user.id }, { persist: false }));
  }

  async update(em: EntityManager, user: User, input: unknown): Promise<PreferencesView> {
    const changes = parseInput(preferencesSchema, input);
    const before = await this.get(em, user);
    // One atomic insert-or-update: two devices saving at once cannot collide on the row.
    const view = toPreferencesView(await em.upsert(UserPreferences, { user: user.id, ...changes }));
    if (changes.shuffleEnabled && !before.shuffleEnabled) await this.deps.queue.shuffleUpcoming(em, user);
    const event: PreferencesChangedEvent = { userId: user.id, preferences: view };
    this.deps.pubsub.announce(userTopic(Topics.preferencesChanged, user.id), event);
    return view;
  }
}
