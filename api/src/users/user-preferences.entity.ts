import { Entity, OneToOne, Property, type Opt } from '@mikro-orm/core';
import { Timestamped } from '../db/timestamps.js';
import { User } from './user.entity.js';

@Entity({ tableName: 'user_preferences' })
export class UserPreferences extends Timestamped {
  @OneToOne(() => User, { primary: true, deleteRule: 'cascade', owner: true })
  user!: User;

  @Property({ type: 'json', nullable: true })
  preferredGenres: string[] | null = null;

  @Property({ type: 'json', nullable: true })
  preferredMoods: string[] | null = null;

  @Property({ type: 'string', length: 20, default: 'dark' })
  theme: Opt<string> = 'dark';

  @Property({ type: 'boolean', default: false })
  shuffleEnabled: Opt<boolean> = false;

  @Property({ type: 'string', length: 10, default: 'none' })
  repeatMode: Opt<string> = 'none';

  @Property({ type: 'boolean', default: true })
  crossfadeEnabled: Opt<boolean> = true;

  /** Milliseconds. */
  @Property({ type: 'integer', default: 5000 })
  crossfadeDuration: Opt<number> = 5000;

  @Property({ type: 'integer', default: 3 })
  mixTightness: Opt<number> = 3;

  @Property({ type: 'boolean', default: false })
  djModeEnabled: Opt<boolean> = false;

  @Property({ type: 'boolean', default: false })
  silenceEliminationEnabled: Opt<boolean> = false;

  /** Beyond SPEC: DJ-style transitions aligned to downbeats and levelled in loudness. */
  @Property({ type: 'boolean', default: true })
  beatMatchedTransitions: Opt<boolean> = true;

  /** Null until the user saves mixer settings (GET /api/user/mixer-settings is 404 until then). */
  @Property({ type: 'datetime', nullable: true })
  mixerSettingsSavedAt: Date | null = null;
}
