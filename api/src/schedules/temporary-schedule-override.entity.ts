import { Entity, Index, ManyToOne, PrimaryKey, Property, type Opt } from '@mikro-orm/core';
import { CreatedAt } from '../db/timestamps.js';
import { User } from '../users/user.entity.js';

@Entity({ tableName: 'temporary_schedule_overrides' })
export class TemporaryScheduleOverride extends CreatedAt {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  @Index()
  user!: User;

  @Property({ type: 'string', length: 255 })
  name!: string;

  @Property({ type: 'text', nullable: true })
  description: string | null = null;

  @Property({ type: 'double' })
  energyLevel!: number;

  @Property({ type: 'json', nullable: true })
  preferredMoods: string[] | null = null;

  @Property({ type: 'date' })
  startDate!: string;

  @Property({ type: 'date' })
  endDate!: string;

  /** 'HH:MM' local time, optional. */
  @Property({ type: 'string', length: 5, nullable: true })
  startTime: string | null = null;

  @Property({ type: 'string', length: 5, nullable: true })
  endTime: string | null = null;

  @Property({ type: 'boolean', default: true })
  isActive: Opt<boolean> = true;
}
