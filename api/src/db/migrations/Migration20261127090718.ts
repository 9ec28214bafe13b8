import { Migration } from '@mikro-orm/migrations';

export class Migration20261127090718 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "enhancement_batches" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "created_by" int null, "operations" jsonb not null, "target_lufs" double precision null, "selection" varchar(255) not null, "status" varchar(20) not null default 'running', "confirmed_at" timestamptz null);`);

    this.addSql(`create table "enhancement_items" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "batch_id" int not null, "song_id" text not null, "status" varchar(20) not null default 'pending', "notes" jsonb null, "before" jsonb null, "after" jsonb null, "error" text null, "started_at" timestamptz null, "finished_at" timestamptz null);`);
    this.addSql(`create index "enhancement_items_batch_id_index" on "enhancement_items" ("batch_id");`);
    this.addSql(`create index "enhancement_items_status_id_index" on "enhancement_items" ("status", "id");`);

    this.addSql(`alter table "enhancement_batches" add constraint "enhancement_batches_created_by_foreign" foreign key ("created_by") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "enhancement_items" add constraint "enhancement_items_batch_id_foreign" foreign key ("batch_id") references "enhancement_batches" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "enhancement_items" add constraint "enhancement_items_song_id_foreign" foreign key ("song_id") references "songs" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "songs" add column "engine_version" varchar(20) null;`);

    this.addSql(`alter table "production_songs" add column "engine_version" varchar(20) null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "enhancement_items" drop constraint "enhancement_items_batch_id_foreign";`);

    this.addSql(`drop table if exists "enhancement_batches" cascade;`);

    this.addSql(`drop table if exists "enhancement_items" cascade;`);

    this.addSql(`alter table "production_songs" drop column "engine_version";`);

    this.addSql(`alter table "songs" drop column "engine_version";`);
  }

}
