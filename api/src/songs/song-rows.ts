import type { SongFields } from './song-fields.js';
import { songViewWith, type SongView } from './song.view.js';

/**
 * The songs columns a SongView shows, named as SongFields' properties, for read paths that skip the
 * ORM's per-row work (hydration, identity map, change-tracking snapshots). The heavy JSON (analysis)
 * is not among them: the Song.analysis field reads it only when a query selects it.
 */
export function songViewColumns(alias: string): string {
  return [
    'id', 'title', 'artist', 'album', 'duration', 'genre', 'mood', 'lyrics', 'lrc', 'bpm',
    `audio_url as "audioUrl"`, `cover_url as "coverUrl"`, `thumbnail_url as "thumbnailUrl"`, `musical_key as "musicalKey"`,
    `play_count as "playCount"`, `like_count as "likeCount"`, `created_at as "createdAt"`,
  ]
    .map((column) => `${alias}.${column}`)
    .join(', ');
}

/** Whether `viewer` likes the song `alias` (an index lookup on liked_songs' unique key), as "isLiked". */
export function isLikedColumn(alias: string, viewerParam = '?'): string {
  return `exists (select 1 from liked_songs l where l.user_id = ${viewerParam} and l.music_id = ${alias}.id) as "isLiked"`;
}

export type SongViewRow = Omit<SongFields, 'createdAt' | 'analysis'> & { createdAt: string | Date; isLiked: boolean };

/** A row selected with songViewColumns and isLikedColumn, as the view every transport answers with. */
export function songViewFromRow(row: SongViewRow): SongView {
  return songViewOf(row, row.isLiked);
}

/** The view of a row read without isLiked (the queue read cache keeps the viewer's likes apart). */
export function songViewOf(row: Omit<SongViewRow, 'isLiked'>, isLiked: boolean): SongView {
  // The driver hands timestamps over as text; the view's createdAt is a Date like the entity's.
  // The analysis is not among the columns: the Song.analysis field reads it when a query selects it.
  return songViewWith(row, { isLiked, createdAt: new Date(row.createdAt), analysis: undefined });
}
