import { Migration } from '@mikro-orm/migrations';

/** Issue 19: app passwords (Subsonic), personal access tokens, and a Subsonic app's saved queue position. */
export class Migration20261127090000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "app_passwords" ("id" serial primary key, "created_at" timestamptz not null default now(), "user_id" int not null, "name" varchar(100) not null, "sealed_password" text not null, "last_used_at" timestamptz null);`);
    this.addSql(`create index "app_passwords_user_id_index" on "app_passwords" ("user_id");`);
    this.addSql(`alter table "app_passwords" add constraint "app_passwords_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`create table "access_tokens" ("id" serial primary key, "created_at" timestamptz not null default now(), "user_id" int not null, "name" varchar(100) not null, "token_hash" varchar(64) not null, "last4" varchar(4) not null, "last_used_at" timestamptz null);`);
    this.addSql(`create index "access_tokens_user_id_index" on "access_tokens" ("user_id");`);
    this.addSql(`alter table "access_tokens" add constraint "access_tokens_token_hash_unique" unique ("token_hash");`);
    this.addSql(`alter table "access_tokens" add constraint "access_tokens_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "play_queues" add column "position_ms" int null, add column "changed_by" varchar(100) null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "play_queues" drop column "position_ms", drop column "changed_by";`);
    this.addSql(`drop table if exists "access_tokens" cascade;`);
    this.addSql(`drop table if exists "app_passwords" cascade;`);
  }

}
