import { Entity, ManyToOne, PrimaryKey, Property, type Opt } from '@mikro-orm/core';
import { CreatedAt } from '../db/timestamps.js';
import { GenerationRequest } from './generation-request.entity.js';

@Entity({ tableName: 'generated_lyrics' })
export class GeneratedLyrics extends CreatedAt {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => GenerationRequest, { deleteRule: 'cascade', fieldName: 'request_id' })
  request!: GenerationRequest;

  @Property({ type: 'text', nullable: true })
  lyrics: string | null = null;

  @Property({ type: 'string', length: 20, default: 'pending' })
  status: Opt<string> = 'pending';
}
