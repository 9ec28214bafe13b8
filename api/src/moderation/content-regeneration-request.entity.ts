import { Entity, ManyToOne, PrimaryKey, Property, type Opt } from '@mikro-orm/core';
import { CreatedAt } from '../db/timestamps.js';
import { Song } from '../songs/song.entity.js';
import { User } from '../users/user.entity.js';

@Entity({ tableName: 'content_regeneration_requests' })
export class ContentRegenerationRequest extends CreatedAt {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => Song, { deleteRule: 'cascade', fieldName: 'original_song_id' })
  originalSong!: Song;

  @ManyToOne(() => User, { deleteRule: 'cascade', fieldName: 'requested_by' })
  requestedBy!: User;

  @Property({ type: 'json', nullable: true })
  wordsToEliminate: string[] | null = null;

  @Property({ type: 'json', nullable: true })
  replacementWords: Record<string, string> | null = null;

  @Property({ type: 'json', nullable: true })
  preservedElements: string[] | null = null;

  @Property({ type: 'string', length: 20, default: 'pending' })
  status: Opt<string> = 'pending';

  @ManyToOne(() => Song, { nullable: true, deleteRule: 'set null', fieldName: 'new_song_id' })
  newSong: Song | null = null;

  @Property({ type: 'text', nullable: true })
  error: string | null = null;

  @Property({ type: 'datetime', nullable: true })
  completedAt: Date | null = null;
}
