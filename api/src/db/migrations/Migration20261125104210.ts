import { Migration } from '@mikro-orm/migrations';

export class Migration20261125104210 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "user_profiles" ("user_id" int not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "display_name" varchar(50) null, "bio" varchar(500) null, "avatar_small_url" text null, constraint "user_profiles_pkey" primary key ("user_id"));`);

    this.addSql(`alter table "user_profiles" add constraint "user_profiles_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "user_profiles" cascade;`);
  }

}
