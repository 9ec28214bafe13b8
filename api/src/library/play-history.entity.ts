import { Entity, Index, ManyToOne, PrimaryKey, Property, type Opt } from '@mikro-orm/core';
import { User } from '../users/user.entity.js';
import { Song } from '../songs/song.entity.js';

@Entity({ tableName: 'play_history' })
@Index({ properties: ['user', 'playedAt'] })
// The queue's history: a user's newest rows by id.
@Index({ properties: ['user', 'id'] })
// A smart playlist's playCount / lastPlayed: one user's plays of one song.
@Index({ properties: ['user', 'music', 'playedAt'] })
export class PlayHistory {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @ManyToOne(() => Song, { deleteRule: 'cascade', fieldName: 'music_id' })
  music!: Song;

  @Property({ type: 'datetime', defaultRaw: 'now()', onCreate: () => new Date() })
  playedAt: Opt<Date> = new Date();
}
