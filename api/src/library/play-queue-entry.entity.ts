import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import { User } from '../users/user.entity.js';
import { Song } from '../songs/song.entity.js';

/** One upcoming song in a user's queue; removed with the user or the song. */
@Entity({ tableName: 'play_queue_entries' })
@Index({ properties: ['user', 'position'] })
export class PlayQueueEntry {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @ManyToOne(() => Song, { deleteRule: 'cascade' })
  song!: Song;

  @Property({ type: 'integer' })
  position!: number;
}
