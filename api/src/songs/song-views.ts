import type { EntityManager } from '@mikro-orm/postgresql';
import type { SongFields } from './song-fields.js';
import { toSongView, type SongView } from './song.view.js';
import { LikedSong } from '../library/liked-song.entity.js';
import type { User } from '../users/user.entity.js';

/** Of the given songs, the ids the user has liked (one query for a whole list). */
export async function likedSongIds(em: EntityManager, user: User, songIds: readonly string[]): Promise<Set<string>> {
  const unique = [...new Set(songIds)];
  if (unique.length === 0) return new Set();
  const rows = await em.find(LikedSong, { user: user.id, music: { $in: unique } }, { fields: ['music'] });
  return new Set(rows.map((row) => row.music.id));
}

/** Views of songs for one viewer, `isLiked` filled in with a single lookup. */
export async function viewSongs(em: EntityManager, user: User, songs: readonly SongFields[]): Promise<SongView[]> {
  const liked = await likedSongIds(em, user, songs.map((s) => s.id));
  return songs.map((song) => toSongView(song, { isLiked: liked.has(song.id) }));
}

export async function viewSong(em: EntityManager, user: User, song: SongFields): Promise<SongView> {
  const [view] = await viewSongs(em, user, [song]);
  return view;
}
