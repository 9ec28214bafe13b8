import { Migration } from '@mikro-orm/migrations';
import { SCHEDULE_PRESETS } from '../../schedules/energy-schedule.js';

const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

export class Migration20261127122351 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "energy_schedule_presets" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "name" varchar(100) not null, "description" varchar(500) not null, "schedule" jsonb not null, "display_order" int not null);`);
    this.addSql(`alter table "energy_schedule_presets" add constraint "energy_schedule_presets_name_unique" unique ("name");`);
    // Seeded with the presets users started from before admins could edit them.
    const rows = SCHEDULE_PRESETS.map((preset, index) => `(${literal(preset.name)}, ${literal(preset.description)}, ${literal(JSON.stringify(preset.schedule))}::jsonb, ${index + 1})`);
    this.addSql(`insert into "energy_schedule_presets" ("name", "description", "schedule", "display_order") values ${rows.join(', ')};`);

    this.addSql(`alter table "content_regeneration_requests" add column "replaced_words" jsonb null, add column "decision" varchar(20) null, add column "decided_by" int null, add column "decided_at" timestamptz null;`);
    this.addSql(`alter table "content_regeneration_requests" add constraint "content_regeneration_requests_decided_by_foreign" foreign key ("decided_by") references "users" ("id") on update cascade on delete set null;`);
    this.addSql(`create index "content_regeneration_requests_status_id_index" on "content_regeneration_requests" ("status", "id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "energy_schedule_presets" cascade;`);

    this.addSql(`alter table "content_regeneration_requests" drop constraint "content_regeneration_requests_decided_by_foreign";`);

    this.addSql(`drop index "content_regeneration_requests_status_id_index";`);
    this.addSql(`alter table "content_regeneration_requests" drop column "replaced_words", drop column "decision", drop column "decided_by", drop column "decided_at";`);
  }

}
