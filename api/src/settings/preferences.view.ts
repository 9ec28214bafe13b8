import { Field, Int, ObjectType } from 'type-graphql';
import type { UserPreferences } from '../users/user-preferences.entity.js';

/** The /settings page's preferences (user_preferences), the same on every device. */
@ObjectType('Preferences')
export class PreferencesView {
  @Field(() => String, { description: 'dark, light or system.' }) theme!: string;
  @Field(() => Boolean) shuffleEnabled!: boolean;
  @Field(() => String, { description: 'none, one or all.' }) repeatMode!: string;
  @Field(() => Boolean) crossfadeEnabled!: boolean;
  @Field(() => Int, { description: 'Milliseconds, 1000-30000 in steps of 500.' }) crossfadeDuration!: number;
  @Field(() => Int, { description: '1 (Loose) to 5 (Precise).' }) mixTightness!: number;
  @Field(() => [String], { description: 'Genre ids of the music engine.' }) preferredGenres!: string[];
  @Field(() => [String], { description: 'Mood ids of the music engine.' }) preferredMoods!: string[];
}

export function toPreferencesView(preferences: UserPreferences): PreferencesView {
  return Object.assign(new PreferencesView(), {
    theme: preferences.theme,
    shuffleEnabled: preferences.shuffleEnabled,
    repeatMode: preferences.repeatMode,
    crossfadeEnabled: preferences.crossfadeEnabled,
    crossfadeDuration: preferences.crossfadeDuration,
    mixTightness: preferences.mixTightness,
    preferredGenres: preferences.preferredGenres ?? [],
    preferredMoods: preferences.preferredMoods ?? [],
  });
}
