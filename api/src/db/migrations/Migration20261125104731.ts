import { Migration } from '@mikro-orm/migrations';

export class Migration20261125104731 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "subscription_events" ("id" serial primary key, "user_id" int not null, "actor_id" int null, "kind" varchar(20) not null, "tier" varchar(20) not null, "status" varchar(20) not null, "expires_at" timestamptz null, "plan_code_id" int null, "external_id" varchar(255) null, "created_at" timestamptz not null default now());`);
    this.addSql(`create index "subscription_events_user_id_index" on "subscription_events" ("user_id");`);
    this.addSql(`alter table "subscription_events" add constraint "subscription_events_external_id_unique" unique ("external_id");`);

    this.addSql(`create table "plan_codes" ("id" serial primary key, "code_digest" varchar(64) not null, "code_hint" varchar(4) not null, "tier" varchar(20) not null, "duration_days" int not null, "expires_at" timestamptz not null, "note" varchar(200) null, "created_by_id" int null, "created_at" timestamptz not null default now(), "redeemed_by_id" int null, "redeemed_at" timestamptz null, "revoked_by_id" int null, "revoked_at" timestamptz null);`);
    this.addSql(`alter table "plan_codes" add constraint "plan_codes_code_digest_unique" unique ("code_digest");`);
    this.addSql(`create index "plan_codes_expires_at_index" on "plan_codes" ("expires_at");`);

    this.addSql(`create table "generation_usage" ("request_id" int not null, "user_id" int not null, "created_at" timestamptz not null, "completed_at" timestamptz null, "song_id" text null, "title" varchar(255) null, "genre" varchar(50) null, "stage_cpu_seconds" jsonb not null, "cpu_seconds" double precision not null default 0, "wall_seconds" double precision null, "queue_wait_seconds" double precision null, "audio_seconds" double precision not null default 0, "storage_bytes" bigint not null default 0, "retries" int not null default 0, constraint "generation_usage_pkey" primary key ("request_id"));`);
    this.addSql(`create index "generation_usage_user_id_created_at_index" on "generation_usage" ("user_id", "created_at");`);

    this.addSql(`create table "cost_settings" ("id" int not null default 1, "cpu_second_price" double precision null, "gb_month_price" double precision null, "updated_by_id" int null, "updated_at" timestamptz not null default now(), constraint "cost_settings_pkey" primary key ("id"));`);

    this.addSql(`alter table "subscription_events" add constraint "subscription_events_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "subscription_events" add constraint "subscription_events_actor_id_foreign" foreign key ("actor_id") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "plan_codes" add constraint "plan_codes_created_by_id_foreign" foreign key ("created_by_id") references "users" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "plan_codes" add constraint "plan_codes_redeemed_by_id_foreign" foreign key ("redeemed_by_id") references "users" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "plan_codes" add constraint "plan_codes_revoked_by_id_foreign" foreign key ("revoked_by_id") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "generation_usage" add constraint "generation_usage_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "cost_settings" add constraint "cost_settings_updated_by_id_foreign" foreign key ("updated_by_id") references "users" ("id") on update cascade on delete set null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "subscription_events" cascade;`);

    this.addSql(`drop table if exists "plan_codes" cascade;`);

    this.addSql(`drop table if exists "generation_usage" cascade;`);

    this.addSql(`drop table if exists "cost_settings" cascade;`);
  }

}
