import { Entity, PrimaryKey, Property } from '@mikro-orm/core';
import { Timestamped } from '../db/timestamps.js';

@Entity({ tableName: 'content_art' })
export class ContentArt extends Timestamped {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'string', length: 255, nullable: true })
  title: string | null = null;

  @Property({ type: 'text', nullable: true, fieldName: 'image_path' })
  imagePath: string | null = null;

  @Property({ type: 'string', length: 100, nullable: true })
  category: string | null = null;
}
