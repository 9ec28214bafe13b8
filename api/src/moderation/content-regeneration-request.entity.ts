import { Entity, Index, ManyToOne, PrimaryKey, Property, type Opt } from '@mikro-orm/core';
import { CreatedAt } from '../db/timestamps.js';
import { Song } from '../songs/song.entity.js';
import { User } from '../users/user.entity.js';

/** pending -> processing -> completed | failed (SPEC 3); a completed one is then accepted or rejected by a moderator. */
export const REGENERATION_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export const REGENERATION_DECISIONS = ['accepted', 'rejected'] as const;

/** A word the regeneration replaced, as written and as sung now. */
export interface ReplacedWord {
  from: string;
  to: string;
}

@Entity({ tableName: 'content_regeneration_requests' })
@Index({ properties: ['status', 'id'] })
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

  /** The words the regeneration replaced (filled when it completes). */
  @Property({ type: 'json', nullable: true })
  replacedWords: ReplacedWord[] | null = null;

  /** A moderator's verdict on the completed song: accepted (it replaces the original) or rejected (it is deleted). */
  @Property({ type: 'string', length: 20, nullable: true })
  decision: string | null = null;

  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null', fieldName: 'decided_by' })
  decidedBy: User | null = null;

  @Property({ type: 'datetime', nullable: true })
  decidedAt: Date | null = null;
}
