import { Entity, ManyToOne, Property, Unique } from '@mikro-orm/core';
import { SongFields } from './song-fields.js';
import { User } from '../users/user.entity.js';

/** A song promoted from a development catalogue to production (admin database sync). */
@Entity({ tableName: 'production_songs' })
export class ProductionSong extends SongFields {
  /** The working library's song (songs.id) this row publishes: one production row per song. */
  @Property({ type: 'text', nullable: true })
  @Unique()
  originalDevId: string | null = null;

  @Property({ type: 'datetime', nullable: true })
  transferredAt: Date | null = null;

  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null', fieldName: 'transferred_by' })
  transferredBy: User | null = null;
}
