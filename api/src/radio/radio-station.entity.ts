import { Entity, PrimaryKey, Property, type Opt } from '@mikro-orm/core';
import { Timestamped } from '../db/timestamps.js';

@Entity({ tableName: 'radio_stations' })
export class RadioStation extends Timestamped {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'string', length: 100, unique: true })
  genre!: string;

  @Property({ type: 'string', length: 100 })
  mood!: string;

  @Property({ type: 'text', nullable: true })
  description: string | null = null;

  @Property({ type: 'integer', default: 3 })
  songCount: Opt<number> = 3;

  @Property({ type: 'boolean', default: true })
  isActive: Opt<boolean> = true;

  @Property({ type: 'integer', nullable: true })
  displayOrder: number | null = null;
}
