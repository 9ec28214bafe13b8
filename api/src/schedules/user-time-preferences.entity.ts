import { Entity, OneToOne, PrimaryKey, Property } from '@mikro-orm/core';
import { Timestamped } from '../db/timestamps.js';
import { User } from '../users/user.entity.js';
import type { EnergySchedule } from './energy-schedule.js';

/** A user's energy schedule by time of day (docs/mood-and-time.md); one row per user. */
@Entity({ tableName: 'user_time_preferences' })
export class UserTimePreferences extends Timestamped {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @OneToOne(() => User, { deleteRule: 'cascade', owner: true, unique: true })
  user!: User;

  @Property({ type: 'json', nullable: true })
  energySchedule: EnergySchedule | null = null;

  /** IANA zone, e.g. 'Europe/Berlin'. */
  @Property({ type: 'string', length: 64, nullable: true })
  timezone: string | null = null;
}
