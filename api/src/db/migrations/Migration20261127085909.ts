import { Migration } from '@mikro-orm/migrations';

/** Issue 14: the DJ set (dj_sessions) and whether the DJ plans the queue (play_queues.dj_active). */
export class Migration20261127085909 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "dj_sessions" ("user_id" int not null, "voice_enabled" boolean not null default false, "planned_ids" jsonb not null, "pinned_ids" jsonb not null, "disliked_ids" jsonb not null, "seed" int not null default 1, "timezone" varchar(64) null, "current_song_id" text null, "current_started_at" timestamptz null, "started_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "dj_sessions_pkey" primary key ("user_id"));`);

    this.addSql(`alter table "dj_sessions" add constraint "dj_sessions_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "play_queues" add column "dj_active" boolean not null default false;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "dj_sessions" cascade;`);

    this.addSql(`alter table "play_queues" drop column "dj_active";`);
  }

}
