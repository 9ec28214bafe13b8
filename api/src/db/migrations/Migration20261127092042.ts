import { Migration } from '@mikro-orm/migrations';

export class Migration20261127092042 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "stripe_customers" ("user_id" int not null, "customer_id" varchar(255) not null, "subscription_id" varchar(255) null, constraint "stripe_customers_pkey" primary key ("user_id"));`);
    this.addSql(`alter table "stripe_customers" add constraint "stripe_customers_customer_id_unique" unique ("customer_id");`);

    this.addSql(`alter table "stripe_customers" add constraint "stripe_customers_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "subscription_events" add column "external_object_id" varchar(255) null, add column "external_at" timestamptz null;`);
    this.addSql(`create index "subscription_events_external_object_id_index" on "subscription_events" ("external_object_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "stripe_customers" cascade;`);

    this.addSql(`drop index "subscription_events_external_object_id_index";`);
    this.addSql(`alter table "subscription_events" drop column "external_object_id", drop column "external_at";`);
  }

}
