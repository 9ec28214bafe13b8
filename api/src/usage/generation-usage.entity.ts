import { BigIntType, Entity, Index, ManyToOne, PrimaryKey, Property, type Opt } from '@mikro-orm/core';
import { User } from '../users/user.entity.js';

/**
 * What one generation request consumed (one row per request, keyed by its id). Kept apart from
 * generation_requests so usage survives as a record and the usage pages read one table.
 */
@Entity({ tableName: 'generation_usage' })
@Index({ properties: ['user', 'createdAt'] })
export class GenerationUsage {
  /** The generation request's id. */
  @PrimaryKey({ type: 'integer', autoincrement: false })
  requestId!: number;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  /** When the request was made (the day and month it is charged to). */
  @Property({ type: 'datetime' })
  createdAt!: Date;

  @Property({ type: 'datetime', nullable: true })
  completedAt: Date | null = null;

  @Property({ type: 'text', nullable: true })
  songId: string | null = null;

  @Property({ type: 'string', length: 255, nullable: true })
  title: string | null = null;

  @Property({ type: 'string', length: 50, nullable: true })
  genre: string | null = null;

  /** CPU seconds of this process spent in each pipeline step (all attempts added up). */
  @Property({ type: 'json' })
  stageCpuSeconds: Opt<Record<string, number>> = {};

  @Property({ type: 'double', default: 0 })
  cpuSeconds: Opt<number> = 0;

  /** From the first start of the job to the saved song. */
  @Property({ type: 'double', nullable: true })
  wallSeconds: number | null = null;

  /** From the request to the first start of its job. */
  @Property({ type: 'double', nullable: true })
  queueWaitSeconds: number | null = null;

  @Property({ type: 'double', default: 0 })
  audioSeconds: Opt<number> = 0;

  /** Bytes of the song's media (audio and cover images). */
  @Property({ type: new BigIntType('number'), default: 0 })
  storageBytes: Opt<number> = 0;

  @Property({ type: 'integer', default: 0 })
  retries: Opt<number> = 0;
}
