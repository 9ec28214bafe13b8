import { Migration } from '@mikro-orm/migrations';

export class Migration20261125081606 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "playlist_songs" add constraint "playlist_songs_playlist_id_music_id_unique" unique ("playlist_id", "music_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "playlist_songs" drop constraint "playlist_songs_playlist_id_music_id_unique";`);
  }

}
