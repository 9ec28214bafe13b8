import { Entity, Index, ManyToOne, PrimaryKey, Property, type Opt } from '@mikro-orm/core';
import { Timestamped } from '../db/timestamps.js';
import { User } from '../users/user.entity.js';
import type { InstrumentId, VoiceTimbre, VoiceType } from '../music/types.js';

/**
 * An AI Artist (SPEC 2, /artists): a persona a user creates, whose songs share its voice and sound
 * (docs/artists.md). Private ones only their owner and admins see; public ones every signed-in user.
 */
@Entity({ tableName: 'ai_artists' })
@Index({ properties: ['isPublic', 'updatedAt'] })
export class AiArtist extends Timestamped {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  @Index()
  user!: User;

  @Property({ type: 'string', length: 100 })
  name!: string;

  @Property({ type: 'text', nullable: true })
  bio: string | null = null;

  /** Canonical genre and mood ids (api/src/music/plan/catalog.ts). */
  @Property({ type: 'json' })
  genres!: string[];

  @Property({ type: 'json' })
  moods!: string[];

  @Property({ type: 'string', length: 10 })
  voiceType!: VoiceType;

  @Property({ type: 'json' })
  timbre!: VoiceTimbre;

  /** The instruments the artist's songs are arranged for, first choice first. */
  @Property({ type: 'json' })
  instruments!: InstrumentId[];

  @Property({ type: 'smallint' })
  tempoMin!: number;

  @Property({ type: 'smallint' })
  tempoMax!: number;

  @Property({ type: 'boolean', default: false })
  isPublic: Opt<boolean> = false;

  /** Seeds the procedural portrait (0..2^31-1); a new one paints a new portrait. */
  @Property({ type: 'integer' })
  portraitSeed!: number;

  /** /media/artists/<id>-<seed>.png (and -256.png): the file name changes with the portrait. */
  @Property({ type: 'text', nullable: true })
  portraitUrl: string | null = null;

  @Property({ type: 'text', nullable: true })
  portraitThumbnailUrl: string | null = null;
}
