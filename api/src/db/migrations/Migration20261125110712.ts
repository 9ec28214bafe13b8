import { Migration } from '@mikro-orm/migrations';

export class Migration20261125110712 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "play_queues" add column "radio_tuning" jsonb null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "play_queues" drop column "radio_tuning";`);
  }

}
