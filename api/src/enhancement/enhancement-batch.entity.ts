import { Entity, ManyToOne, PrimaryKey, Property, type Opt } from '@mikro-orm/core';
import { Timestamped } from '../db/timestamps.js';
import { User } from '../users/user.entity.js';

export const ENHANCEMENT_OPERATIONS = ['reanalyse', 'cover', 'remaster', 'lyrics', 'content'] as const;
export type EnhancementOperation = (typeof ENHANCEMENT_OPERATIONS)[number];

/** running: its items are delivered to the workers; paused: they wait; cancelled: the waiting ones were dropped. */
export const BATCH_STATUSES = ['running', 'paused', 'cancelled'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

/** An admin's AI enhancement batch: the operations to run on each of its songs (one item per song). */
@Entity({ tableName: 'enhancement_batches' })
export class EnhancementBatch extends Timestamped {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null', fieldName: 'created_by' })
  createdBy: User | null = null;

  @Property({ type: 'json' })
  operations!: EnhancementOperation[];

  /** The loudness the remaster operation aims at (LUFS). */
  @Property({ type: 'double', nullable: true })
  targetLufs: number | null = null;

  /** How the songs were chosen, as the admin said it ('3 selected songs', 'songs without lyrics'...). */
  @Property({ type: 'string', length: 255 })
  selection!: string;

  @Property({ type: 'string', length: 20, default: 'running' })
  status: Opt<BatchStatus> = 'running';

  /** When an admin kept the results: the previous media versions were deleted then. */
  @Property({ type: 'datetime', nullable: true })
  confirmedAt: Date | null = null;
}
