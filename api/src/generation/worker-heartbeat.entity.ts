import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** A generation worker's last sign of life, kept in the database when there is no Redis. */
@Entity({ tableName: 'worker_heartbeats' })
export class WorkerHeartbeatRow {
  /** host:pid:start time, unique per process. */
  @PrimaryKey({ type: 'string', length: 128 })
  id!: string;

  @Property({ type: 'string', length: 255 })
  host!: string;

  @Property({ type: 'integer' })
  pid!: number;

  @Property({ type: 'integer' })
  concurrency!: number;

  @Property({ type: 'integer', default: 0 })
  jobsRunning!: number;

  @Property({ type: 'string', length: 32 })
  engineVersion!: string;

  @Property({ type: 'datetime' })
  startedAt!: Date;

  @Property({ type: 'datetime' })
  lastHeartbeatAt!: Date;
}
