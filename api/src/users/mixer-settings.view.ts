import { Field, Int, ObjectType } from 'type-graphql';
import type { UserPreferences } from './user-preferences.entity.js';

/** Mixer settings as the player reads them (playback contract; REST /api/user/mixer-settings). */
@ObjectType('MixerSettings')
export class MixerSettingsView {
  @Field(() => Boolean) crossfadeEnabled!: boolean;
  @Field(() => Int, { description: 'Milliseconds, 1000-30000 in steps of 500.' }) crossfadeDuration!: number;
  @Field(() => Int, { description: '1 (Loose) to 5 (Precise).' }) mixTightness!: number;
  @Field(() => Boolean) djModeEnabled!: boolean;
  @Field(() => Boolean) silenceEliminationEnabled!: boolean;
  @Field(() => Boolean) beatMatchedTransitions!: boolean;
}

export function toMixerSettingsView(preferences: UserPreferences): MixerSettingsView {
  return Object.assign(new MixerSettingsView(), {
    crossfadeEnabled: preferences.crossfadeEnabled,
    crossfadeDuration: preferences.crossfadeDuration,
    mixTightness: preferences.mixTightness,
    djModeEnabled: preferences.djModeEnabled,
    silenceEliminationEnabled: preferences.silenceEliminationEnabled,
    beatMatchedTransitions: preferences.beatMatchedTransitions,
  });
}
