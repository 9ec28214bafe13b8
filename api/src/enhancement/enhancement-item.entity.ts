import { Entity, Index, ManyToOne, PrimaryKey, Property, type Opt } from '@mikro-orm/core';
import { Timestamped } from '../db/timestamps.js';
import { Song } from '../songs/song.entity.js';
import { EnhancementBatch } from './enhancement-batch.entity.js';

/**
 * pending -> processing -> completed | failed | skipped; pending -> cancelled; completed -> undone
 * (the previous version restored) or confirmed (the previous media deleted).
 */
export const ITEM_STATUSES = ['pending', 'processing', 'completed', 'failed', 'skipped', 'cancelled', 'undone', 'confirmed'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

/** The song fields an enhancement may change, as they were before and after (undo restores `before`). */
export type SongSnapshot = Record<string, unknown>;

/** One song of a batch: a durable job on the generation workers. */
@Entity({ tableName: 'enhancement_items' })
@Index({ properties: ['status', 'id'] })
export class EnhancementItem extends Timestamped {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => EnhancementBatch, { deleteRule: 'cascade' })
  @Index()
  batch!: EnhancementBatch;

  @ManyToOne(() => Song, { deleteRule: 'cascade' })
  song!: Song;

  @Property({ type: 'string', length: 20, default: 'pending' })
  status: Opt<ItemStatus> = 'pending';

  /** What each operation did to this song ('remastered to -16 LUFS', 'already has lyrics'...). */
  @Property({ type: 'json', nullable: true })
  notes: string[] | null = null;

  @Property({ type: 'json', nullable: true })
  before: SongSnapshot | null = null;

  @Property({ type: 'json', nullable: true })
  after: SongSnapshot | null = null;

  @Property({ type: 'text', nullable: true })
  error: string | null = null;

  @Property({ type: 'datetime', nullable: true })
  startedAt: Date | null = null;

  @Property({ type: 'datetime', nullable: true })
  finishedAt: Date | null = null;
}
