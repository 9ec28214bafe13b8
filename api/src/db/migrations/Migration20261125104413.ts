import { Migration } from '@mikro-orm/migrations';

export class Migration20261125104413 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "smart_playlists" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "user_id" int not null, "name" varchar(100) not null, "rules" jsonb not null);`);
    this.addSql(`create index "smart_playlists_user_id_index" on "smart_playlists" ("user_id");`);

    this.addSql(`alter table "smart_playlists" add constraint "smart_playlists_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "songs" add column "energy" double precision null, add column "loudness" double precision null;`);
    // Songs generated before these columns existed: their analysis holds both values.
    this.addSql(`update "songs" set "loudness" = ("analysis"->>'integratedLufs')::double precision, "energy" = (select avg(value::double precision) from jsonb_array_elements_text("analysis"->'energyCurve') as curve(value)) where jsonb_typeof("analysis"->'energyCurve') = 'array';`);
    this.addSql(`create index "songs_energy_index" on "songs" ("energy");`);
    this.addSql(`create index "songs_bpm_index" on "songs" ("bpm");`);

    this.addSql(`alter table "production_songs" add column "energy" double precision null, add column "loudness" double precision null;`);

    this.addSql(`create index "play_history_user_id_music_id_played_at_index" on "play_history" ("user_id", "music_id", "played_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "smart_playlists" cascade;`);

    this.addSql(`drop index "play_history_user_id_music_id_played_at_index";`);

    this.addSql(`alter table "production_songs" drop column "energy", drop column "loudness";`);

    this.addSql(`drop index "songs_energy_index";`);
    this.addSql(`drop index "songs_bpm_index";`);
    this.addSql(`alter table "songs" drop column "energy", drop column "loudness";`);
  }

}
