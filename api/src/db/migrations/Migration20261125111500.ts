import { Migration } from '@mikro-orm/migrations';

/** Issue 16: disabled accounts, hidden songs, the admin audit log and worker heartbeats (without Redis). */
export class Migration20261125111500 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "users" add column "disabled_at" timestamptz null;`);
    this.addSql(`alter table "songs" add column "moderation_status" varchar(20) not null default 'visible';`);
    this.addSql(`create table "admin_audit_log" ("id" serial primary key, "created_at" timestamptz not null default now(), "actor_id" int null, "action" varchar(64) not null, "target_type" varchar(32) not null, "target_id" varchar(64) not null, "before" jsonb null, "after" jsonb null);`);
    this.addSql(`create index "admin_audit_log_created_at_index" on "admin_audit_log" ("created_at");`);
    this.addSql(`alter table "admin_audit_log" add constraint "admin_audit_log_actor_id_foreign" foreign key ("actor_id") references "users" ("id") on update cascade on delete set null;`);
    this.addSql(`create table "worker_heartbeats" ("id" varchar(128) primary key, "host" varchar(255) not null, "pid" int not null, "concurrency" int not null, "jobs_running" int not null default 0, "engine_version" varchar(32) not null, "started_at" timestamptz not null, "last_heartbeat_at" timestamptz not null);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "worker_heartbeats" cascade;`);
    this.addSql(`drop table if exists "admin_audit_log" cascade;`);
    this.addSql(`alter table "songs" drop column "moderation_status";`);
    this.addSql(`alter table "users" drop column "disabled_at";`);
  }

}
