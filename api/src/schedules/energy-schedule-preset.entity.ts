import { Entity, PrimaryKey, Property } from '@mikro-orm/core';
import { Timestamped } from '../db/timestamps.js';
import type { EnergySchedule } from './energy-schedule.js';

/** A Mood & Time preset users start their schedule from; admins edit them (seeded with the first three). */
@Entity({ tableName: 'energy_schedule_presets' })
export class EnergySchedulePreset extends Timestamped {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'string', length: 100, unique: true })
  name!: string;

  @Property({ type: 'string', length: 500 })
  description!: string;

  @Property({ type: 'json' })
  schedule!: EnergySchedule;

  @Property({ type: 'integer' })
  displayOrder!: number;
}
