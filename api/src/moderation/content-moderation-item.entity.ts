import { Entity, Index, ManyToOne, PrimaryKey, Property, type Opt } from '@mikro-orm/core';
import { CreatedAt } from '../db/timestamps.js';
import { Song } from '../songs/song.entity.js';
import { User } from '../users/user.entity.js';
import { SongContentAnalysis } from './song-content-analysis.entity.js';

@Entity({ tableName: 'content_moderation_queue' })
@Index({ properties: ['status', 'createdAt'] })
export class ContentModerationItem extends CreatedAt {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => Song, { deleteRule: 'cascade' })
  song!: Song;

  @ManyToOne(() => SongContentAnalysis, { nullable: true, deleteRule: 'set null' })
  analysis: SongContentAnalysis | null = null;

  @Property({ type: 'json' })
  flaggedFor!: string[];

  @Property({ type: 'json', nullable: true })
  flaggedWords: string[] | null = null;

  @Property({ type: 'text', nullable: true })
  moderatorNotes: string | null = null;

  @Property({ type: 'string', length: 20, default: 'pending' })
  status: Opt<string> = 'pending';

  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null', fieldName: 'reviewed_by' })
  reviewedBy: User | null = null;

  @Property({ type: 'datetime', nullable: true })
  reviewedAt: Date | null = null;
}
