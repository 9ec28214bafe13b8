import { Entity, PrimaryKey, Property } from '@mikro-orm/core';
import { Timestamped } from '../db/timestamps.js';

@Entity({ tableName: 'album_art' })
export class AlbumArt extends Timestamped {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'string', length: 255, nullable: true })
  title: string | null = null;

  @Property({ type: 'text' })
  imagePath!: string;

  @Property({ type: 'string', length: 100, nullable: true })
  category: string | null = null;

  @Property({ type: 'integer', nullable: true })
  displayOrder: number | null = null;
}
