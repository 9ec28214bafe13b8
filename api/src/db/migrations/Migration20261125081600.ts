import { Migration } from '@mikro-orm/migrations';

export class Migration20261125081600 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "users" add column "is_system" boolean not null default false;`);
    // Installations made before the flag: the demo catalogue's owner (a name registration cannot produce) is a system account,
    // and where it took the admin decision away from the first person, that person becomes the admin now.
    this.addSql(`update "users" set "is_system" = true where "username" = 'Songforge Radio' and "password" is null and "google_id" is null;`);
    this.addSql(`update "users" set "user_tier" = 'admin', "can_generate_music" = true, "can_manage_songs" = true, "can_access_admin" = true, "can_access_dj" = true, "admin_override" = true
      where "id" = (select min("id") from "users" where not "is_system") and not exists (select 1 from "users" where "user_tier" = 'admin');`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "users" drop column "is_system";`);
  }

}
