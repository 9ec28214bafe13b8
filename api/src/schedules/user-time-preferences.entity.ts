import { Entity, OneToOne, PrimaryKey, Property } from '@mikro-orm/core';
import { Timestamped } from '../db/timestamps.js';
import { User } from '../users/user.entity.js';

/** Energy by time of day, e.g. [{ from: '06:00', to: '09:00', energy: 0.4, moods: ['peaceful'] }]. */
@Entity({ tableName: 'user_time_preferences' })
export class UserTimePreferences extends Timestamped {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @OneToOne(() => User, { deleteRule: 'cascade', owner: true, unique: true })
  user!: User;

  @Property({ type: 'json', nullable: true })
  energySchedule: unknown[] | null = null;

  /** IANA zone, e.g. 'Europe/Berlin'. */
  @Property({ type: 'string', length: 64, nullable: true })
  timezone: string | null = null;
}
