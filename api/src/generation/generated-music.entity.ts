import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import { CreatedAt } from '../db/timestamps.js';
import { User } from '../users/user.entity.js';
import { GenerationRequest } from './generation-request.entity.js';

/** Default artwork for generated music without a cover; served by the web app. */
export const DEFAULT_COVER_URL = '/default-cover.svg';

@Entity({ tableName: 'generated_music' })
export class GeneratedMusic extends CreatedAt {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @ManyToOne(() => GenerationRequest, { nullable: true, deleteRule: 'set null', fieldName: 'request_id' })
  request: GenerationRequest | null = null;

  @Property({ type: 'string', length: 255, nullable: true })
  title: string | null = null;

  @Property({ type: 'text', nullable: true })
  lyrics: string | null = null;

  @Property({ type: 'text', nullable: true })
  musicUrl: string | null = null;

  @Property({ type: 'json', nullable: true })
  genres: string[] | null = null;

  @Property({ type: 'json', nullable: true })
  moods: string[] | null = null;

  @Property({ type: 'json', nullable: true })
  settings: Record<string, unknown> | null = null;

  @Property({ type: 'text', default: DEFAULT_COVER_URL })
  cover: string = DEFAULT_COVER_URL;

  @Property({ type: 'string', length: 50, nullable: true })
  playState: string | null = null;
}
