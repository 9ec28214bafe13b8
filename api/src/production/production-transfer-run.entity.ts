import { Entity, ManyToOne, PrimaryKey, Property, type Opt } from '@mikro-orm/core';
import { Timestamped } from '../db/timestamps.js';
import { User } from '../users/user.entity.js';

export const TRANSFER_RUN_STATUSES = ['running', 'completed', 'failed', 'interrupted'] as const;
export type TransferRunStatus = (typeof TRANSFER_RUN_STATUSES)[number];

/**
 * One "transfer all" to the production catalogue. Each batch commits with its songs and the
 * run's count, so the row always tells how far a run got; `updatedAt` is its heartbeat.
 */
@Entity({ tableName: 'production_transfer_runs' })
export class ProductionTransferRun extends Timestamped {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null', fieldName: 'started_by' })
  startedBy: User | null = null;

  @Property({ type: 'string', length: 20, default: 'running' })
  status: Opt<TransferRunStatus> = 'running';

  /** Songs new or changed when the run started. */
  @Property({ type: 'integer', default: 0 })
  total: Opt<number> = 0;

  /** Songs published so far (inserted or brought up to date). */
  @Property({ type: 'integer', default: 0 })
  transferred: Opt<number> = 0;

  @Property({ type: 'text', nullable: true })
  error: string | null = null;

  @Property({ type: 'datetime', nullable: true })
  finishedAt: Date | null = null;
}
