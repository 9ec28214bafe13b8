import { Migration } from '@mikro-orm/migrations';

export class Migration20261127091000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "ai_artists" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "user_id" int not null, "name" varchar(100) not null, "bio" text null, "genres" jsonb not null, "moods" jsonb not null, "voice_type" varchar(10) not null, "timbre" jsonb not null, "instruments" jsonb not null, "tempo_min" smallint not null, "tempo_max" smallint not null, "is_public" boolean not null default false, "portrait_seed" int not null, "portrait_url" text null, "portrait_thumbnail_url" text null);`);
    this.addSql(`create index "ai_artists_user_id_index" on "ai_artists" ("user_id");`);
    this.addSql(`create index "ai_artists_is_public_updated_at_index" on "ai_artists" ("is_public", "updated_at");`);

    this.addSql(`alter table "ai_artists" add constraint "ai_artists_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "songs" add column "ai_artist_id" int null;`);
    this.addSql(`alter table "songs" add constraint "songs_ai_artist_id_foreign" foreign key ("ai_artist_id") references "ai_artists" ("id") on update cascade on delete set null;`);
    this.addSql(`create index "songs_ai_artist_id_index" on "songs" ("ai_artist_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "songs" drop constraint "songs_ai_artist_id_foreign";`);

    this.addSql(`drop table if exists "ai_artists" cascade;`);

    this.addSql(`drop index "songs_ai_artist_id_index";`);
    this.addSql(`alter table "songs" drop column "ai_artist_id";`);
  }

}
