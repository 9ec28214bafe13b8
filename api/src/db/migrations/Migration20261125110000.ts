import { Migration } from '@mikro-orm/migrations';

/** Indexes for the hot reads' filters and sorts (issue 20): library pages, queue history, liked songs. */
export class Migration20261125110000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create index "songs_created_at_id_index" on "songs" ("created_at", "id");`);
    this.addSql(`create index "songs_genre_created_at_id_index" on "songs" ("genre", "created_at", "id");`);
    this.addSql(`create index "play_history_user_id_id_index" on "play_history" ("user_id", "id");`);
    this.addSql(`create index "liked_songs_user_id_created_at_id_index" on "liked_songs" ("user_id", "created_at", "id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "songs_created_at_id_index";`);
    this.addSql(`drop index "songs_genre_created_at_id_index";`);
    this.addSql(`drop index "play_history_user_id_id_index";`);
    this.addSql(`drop index "liked_songs_user_id_created_at_id_index";`);
  }

}
