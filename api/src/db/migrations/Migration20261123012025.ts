import { Migration } from '@mikro-orm/migrations';

export class Migration20261123012025 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "generation_requests" add column "run_after" timestamptz not null default now(), add column "priority" smallint not null default 0;`);
    this.addSql(`create index "generation_requests_status_run_after_index" on "generation_requests" ("status", "run_after");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "generation_requests_status_run_after_index";`);
    this.addSql(`alter table "generation_requests" drop column "run_after", drop column "priority";`);
  }

}
