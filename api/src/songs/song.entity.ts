import { Entity, Index, ManyToOne, Property, type Opt } from '@mikro-orm/core';
import { AiArtist } from '../artists/ai-artist.entity.js';
import { SongFields } from './song-fields.js';

/*
 * What search reads from a song, weighted by where a word is: title A, artist B, genre and mood C,
 * lyrics D. The 'simple' configuration (lower-casing, no stemming, no stop words) exists in every
 * PostgreSQL build, PGlite's included, so both match and rank alike, and a title like "The Who" is
 * still found by its words. Written as PostgreSQL prints the expressions back, so schema diffs see
 * no change.
 */
const WEIGHTED_NAMES = `(setweight(to_tsvector('simple'::regconfig, (COALESCE(title, ''::character varying))::text), 'A'::"char") || setweight(to_tsvector('simple'::regconfig, (COALESCE(artist, ''::character varying))::text), 'B'::"char")) || setweight(to_tsvector('simple'::regconfig, (((COALESCE(genre, ''::character varying))::text || ' '::text) || (COALESCE(mood, ''::character varying))::text)), 'C'::"char")`;
const WEIGHTED_LYRICS = `setweight(to_tsvector('simple'::regconfig, COALESCE(lyrics, ''::text)), 'D'::"char")`;
/** Title, artist, genre and mood: small, for the first letters typed (docs/search.md). */
export const SONG_NAMES_DOCUMENT = WEIGHTED_NAMES;
/** Everything search reads, lyrics included. */
export const SONG_SEARCH_DOCUMENT = `(${WEIGHTED_NAMES}) || ${WEIGHTED_LYRICS}`;

@Entity({ tableName: 'songs' })
// The library's pages: newest first, keyset on (created_at, id), with and without a genre.
@Index({ properties: ['createdAt', 'id'] })
@Index({ properties: ['genre', 'createdAt', 'id'] })
// Smart playlists filter and sort on these (docs/smart-playlists.md).
@Index({ properties: ['bpm'] })
@Index({ properties: ['energy'] })
// Search lists an artist's songs.
@Index({ properties: ['artist'] })
export class Song extends SongFields {
  /** 'hidden' by a moderator: only the owner still sees the song (docs/permissions.md). */
  @Property({ type: 'string', length: 20, default: 'visible' })
  moderationStatus: Opt<string> = 'visible';

  /** The AI Artist the song was generated as (its name is in `artist`); cleared when the artist is deleted. */
  @ManyToOne(() => AiArtist, { nullable: true, deleteRule: 'set null', fieldName: 'ai_artist_id' })
  @Index()
  aiArtist: AiArtist | null = null;

  /** Maintained by PostgreSQL (a stored generated column), never written by the app. */
  @Property({ type: 'tsvector', columnType: 'tsvector', generated: `(${SONG_NAMES_DOCUMENT}) stored`, lazy: true, nullable: true, hidden: true })
  @Index({ type: 'fulltext' })
  searchNames?: Opt<string> | null;

  /** Maintained by PostgreSQL (a stored generated column), never written by the app. */
  @Property({ type: 'tsvector', columnType: 'tsvector', generated: `(${SONG_SEARCH_DOCUMENT}) stored`, lazy: true, nullable: true, hidden: true })
  @Index({ type: 'fulltext' })
  searchVector?: Opt<string> | null;
}
