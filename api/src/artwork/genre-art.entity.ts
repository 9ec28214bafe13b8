import { Entity, PrimaryKey, Property, type Opt } from '@mikro-orm/core';

@Entity({ tableName: 'genre_art' })
export class GenreArt {
  @PrimaryKey({ type: 'string', length: 100 })
  genre!: string;

  @Property({ type: 'text', nullable: true })
  artUrl: string | null = null;

  @Property({ type: 'string', length: 50, default: 'modern' })
  style: Opt<string> = 'modern';

  @Property({ type: 'string', length: 50, default: 'dynamic' })
  mood: Opt<string> = 'dynamic';

  @Property({ type: 'text', nullable: true })
  prompt: string | null = null;

  @Property({ type: 'datetime', nullable: true })
  generatedAt: Date | null = null;

  @Property({ type: 'datetime', defaultRaw: 'now()', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}
