import { Entity, Index, ManyToOne, PrimaryKey, Property, type Opt } from '@mikro-orm/core';
import { Timestamped } from '../db/timestamps.js';
import { User } from '../users/user.entity.js';
import { Song } from '../songs/song.entity.js';

/** pending, processing and generating count as in progress (SPEC 4). */
export const GENERATION_STATUSES = ['pending', 'processing', 'generating', 'completed', 'failed'] as const;
export type GenerationStatus = (typeof GENERATION_STATUSES)[number];

@Entity({ tableName: 'generation_requests' })
@Index({ properties: ['status', 'createdAt'] })
@Index({ properties: ['status', 'runAfter'] })
export class GenerationRequest extends Timestamped {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  @Index()
  user!: User;

  @Property({ type: 'text' })
  prompt!: string;

  @Property({ type: 'string', length: 255, nullable: true })
  title: string | null = null;

  @Property({ type: 'json' })
  genres!: string[];

  @Property({ type: 'json' })
  moods!: string[];

  @Property({ type: 'string', length: 20, default: 'pending' })
  status: Opt<GenerationStatus> = 'pending';

  @Property({ type: 'text', nullable: true })
  error: string | null = null;

  /** The full request (duration, lyrics, seed, toggles) as the engine received it. */
  @Property({ type: 'json' })
  settings!: Record<string, unknown>;

  /** Each finished pipeline step's output reference, so a retry resumes where it failed. */
  @Property({ type: 'json', nullable: true })
  intermediateData: Record<string, unknown> | null = null;

  @Property({ type: 'string', length: 50, nullable: true })
  failedAtStep: string | null = null;

  @Property({ type: 'integer', default: 0 })
  retryCount: Opt<number> = 0;

  /** Human-readable stage, e.g. 'Rendering audio'. */
  @Property({ type: 'string', length: 100, default: 'Starting...' })
  stage: Opt<string> = 'Starting...';

  @Property({ type: 'integer', default: 0 })
  percentage: Opt<number> = 0;

  @ManyToOne(() => Song, { nullable: true, deleteRule: 'set null' })
  song: Song | null = null;

  @Property({ type: 'datetime', nullable: true })
  startedAt: Date | null = null;

  @Property({ type: 'datetime', nullable: true })
  completedAt: Date | null = null;

  /** A pending request is not claimed before this time (automatic retries back off). */
  @Property({ type: 'datetime', defaultRaw: 'now()' })
  runAfter: Opt<Date> = new Date();

  /** Higher runs first; the demo catalogue queues below users' own requests. */
  @Property({ type: 'smallint', default: 0 })
  priority: Opt<number> = 0;
}
