import { Entity, Index, ManyToOne, PrimaryKey, Unique } from '@mikro-orm/core';
import { CreatedAt } from '../db/timestamps.js';
import { User } from '../users/user.entity.js';
import { Song } from '../songs/song.entity.js';

@Entity({ tableName: 'liked_songs' })
@Unique({ properties: ['user', 'music'] })
// Liked Songs: a user's likes, most recent first.
@Index({ properties: ['user', 'createdAt', 'id'] })
export class LikedSong extends CreatedAt {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @ManyToOne(() => Song, { deleteRule: 'cascade', fieldName: 'music_id' })
  music!: Song;
}
