import { Entity, Index, ManyToOne, PrimaryKey, Property, type Opt } from '@mikro-orm/core';
import { Timestamped } from '../db/timestamps.js';
import { User } from '../users/user.entity.js';

/** What search reads from a playlist: its name (weight A) and description (B); see SONG_SEARCH_DOCUMENT. */
export const PLAYLIST_SEARCH_DOCUMENT = `setweight(to_tsvector('simple'::regconfig, (COALESCE(name, ''::character varying))::text), 'A'::"char") || setweight(to_tsvector('simple'::regconfig, COALESCE(description, ''::text)), 'B'::"char")`;

@Entity({ tableName: 'playlists' })
export class Playlist extends Timestamped {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  @Index()
  user!: User;

  @Property({ type: 'string', length: 255 })
  name!: string;

  @Property({ type: 'text', nullable: true })
  description: string | null = null;

  @Property({ type: 'boolean', default: false })
  isPublic: Opt<boolean> = false;

  /** Maintained by PostgreSQL (a stored generated column), never written by the app. */
  @Property({ type: 'tsvector', columnType: 'tsvector', generated: `(${PLAYLIST_SEARCH_DOCUMENT}) stored`, lazy: true, nullable: true, hidden: true })
  @Index({ type: 'fulltext' })
  searchVector?: Opt<string> | null;
}
