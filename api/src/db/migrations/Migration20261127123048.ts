import { Migration } from '@mikro-orm/migrations';

export class Migration20261127123048 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "production_transfer_runs" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "started_by" int null, "status" varchar(20) not null default 'running', "total" int not null default 0, "transferred" int not null default 0, "error" text null, "finished_at" timestamptz null);`);

    this.addSql(`alter table "production_transfer_runs" add constraint "production_transfer_runs_started_by_foreign" foreign key ("started_by") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "production_songs" add constraint "production_songs_original_dev_id_unique" unique ("original_dev_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "production_transfer_runs" cascade;`);

    this.addSql(`alter table "production_songs" drop constraint "production_songs_original_dev_id_unique";`);
  }

}
