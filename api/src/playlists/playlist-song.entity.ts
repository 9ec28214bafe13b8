import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { CreatedAt } from '../db/timestamps.js';
import { Playlist } from './playlist.entity.js';
import { Song } from '../songs/song.entity.js';

/**
 * Removed with the playlist or the song (ON DELETE CASCADE on both keys). A song is in a playlist
 * at most once (docs/playlists.md), so the song id names an entry.
 */
@Entity({ tableName: 'playlist_songs' })
@Index({ properties: ['playlist', 'position'] })
@Unique({ properties: ['playlist', 'music'] })
export class PlaylistSong extends CreatedAt {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => Playlist, { deleteRule: 'cascade' })
  playlist!: Playlist;

  @ManyToOne(() => Song, { deleteRule: 'cascade', fieldName: 'music_id' })
  music!: Song;

  @Property({ type: 'integer' })
  position!: number;
}
