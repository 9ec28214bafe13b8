import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import { Timestamped } from '../db/timestamps.js';
import { User } from '../users/user.entity.js';
import type { SmartRules } from './smart-rules.js';

/** A user's saved smart playlist: a name and its rules (docs/smart-playlists.md); the songs are found when it is opened or played. */
@Entity({ tableName: 'smart_playlists' })
export class SmartPlaylist extends Timestamped {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  @Index()
  user!: User;

  @Property({ type: 'string', length: 100 })
  name!: string;

  @Property({ type: 'json' })
  rules!: SmartRules;
}
