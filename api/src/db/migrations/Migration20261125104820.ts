import { Migration } from '@mikro-orm/migrations';

export class Migration20261125104820 extends Migration {

  /** Full-text search (docs/search.md): generated tsvector columns, their GIN indexes, and artist lookups. */
  override async up(): Promise<void> {
    this.addSql(`alter table "songs" add column "search_names" tsvector generated always as ((setweight(to_tsvector('simple'::regconfig, (COALESCE(title, ''::character varying))::text), 'A'::"char") || setweight(to_tsvector('simple'::regconfig, (COALESCE(artist, ''::character varying))::text), 'B'::"char")) || setweight(to_tsvector('simple'::regconfig, (((COALESCE(genre, ''::character varying))::text || ' '::text) || (COALESCE(mood, ''::character varying))::text)), 'C'::"char")) stored null, add column "search_vector" tsvector generated always as (((setweight(to_tsvector('simple'::regconfig, (COALESCE(title, ''::character varying))::text), 'A'::"char") || setweight(to_tsvector('simple'::regconfig, (COALESCE(artist, ''::character varying))::text), 'B'::"char")) || setweight(to_tsvector('simple'::regconfig, (((COALESCE(genre, ''::character varying))::text || ' '::text) || (COALESCE(mood, ''::character varying))::text)), 'C'::"char")) || setweight(to_tsvector('simple'::regconfig, COALESCE(lyrics, ''::text)), 'D'::"char")) stored null;`);
    this.addSql(`create index "songs_search_names_index" on "songs" using gin("search_names");`);
    this.addSql(`create index "songs_search_vector_index" on "songs" using gin("search_vector");`);
    this.addSql(`create index "songs_artist_index" on "songs" ("artist");`);

    this.addSql(`alter table "playlists" add column "search_vector" tsvector generated always as (setweight(to_tsvector('simple'::regconfig, (COALESCE(name, ''::character varying))::text), 'A'::"char") || setweight(to_tsvector('simple'::regconfig, COALESCE(description, ''::text)), 'B'::"char")) stored null;`);
    this.addSql(`create index "playlists_search_vector_index" on "playlists" using gin("search_vector");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "playlists_search_vector_index";`);
    this.addSql(`alter table "playlists" drop column "search_vector";`);

    this.addSql(`drop index "songs_search_names_index";`);
    this.addSql(`drop index "songs_search_vector_index";`);
    this.addSql(`drop index "songs_artist_index";`);
    this.addSql(`alter table "songs" drop column "search_names", drop column "search_vector";`);
  }

}
