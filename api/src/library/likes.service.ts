import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { parseInput } from '../common/validation.js';
import type { User } from '../users/user.entity.js';
import { findVisibleSong, songIdSchema, visibleSongsParams, visibleSongsSql } from '../songs/song-access.js';
import { songViewColumns, songViewFromRow, type SongViewRow } from '../songs/song-rows.js';
import { likedSongIds } from '../songs/song-views.js';
import { toSongView, type SongView } from '../songs/song.view.js';
import type { LibraryReads } from '../songs/library-reads.js';
import type { QueueReadCache } from './queue-read-cache.js';
import { connectionArgsSchema, pageRequest, type Connection } from '../connections/cursor.js';
import { newestFirstConnection } from '../connections/newest-first.js';

const songRefSchema = z.object({ songId: songIdSchema });

/**
 * Likes. One liked_songs row per user and song (unique); songs.likeCount moves only when a row
 * was really inserted or deleted, in the same transaction, with an SQL increment, so it stays
 * exact under concurrent likes and repeated clicks.
 */
export class LikesService {
  /**
   * `queueReads` and `library`: the queue reads and library pages to refresh when a user's likes
   * change (both show isLiked); the queue's announcement reaches the other processes' caches of both.
   */
  constructor(
    private readonly queueReads: QueueReadCache | null = null,
    private readonly library: LibraryReads | null = null,
  ) {}

  async like(em: EntityManager, user: User, input: unknown): Promise<SongView> {
    const { songId } = parseInput(songRefSchema, input);
    return this.toggle(em, user, songId, true);
  }

  async unlike(em: EntityManager, user: User, input: unknown): Promise<SongView> {
    const { songId } = parseInput(songRefSchema, input);
    return this.toggle(em, user, songId, false);
  }

  async isLiked(em: EntityManager, user: User, input: unknown): Promise<boolean> {
    const { songId } = parseInput(songRefSchema, input);
    const song = await findVisibleSong(em, user, songId);
    return (await likedSongIds(em, user, [song.id])).has(song.id);
  }

  /** The user's liked songs they can still see (visibleSongs), most recently liked first. */
  async likedSongs(em: EntityManager, user: User): Promise<SongView[]> {
    const rows = await em.execute<SongViewRow[]>(
      `select ${songViewColumns('s')}, true as "isLiked" from liked_songs l join songs s on s.id = l.music_id
       where l.user_id = ? and ${visibleSongsSql('s')} order by l.created_at desc, l.id desc`,
      [user.id, ...visibleSongsParams(user)],
    );
    return rows.map(songViewFromRow);
  }

  /** The same list as a cursor connection (`likedSongsConnection`), keyed by when each like was made. */
  likedSongsConnection(em: EntityManager, user: User, input: unknown): Promise<Connection<SongView>> {
    const page = pageRequest(parseInput(connectionArgsSchema, input ?? {}));
    const source = {
      list: 'liked',
      at: 'l.created_at',
      id: 'l.id',
      idSchema: z.number().int(),
      from: 'from liked_songs l join songs s on s.id = l.music_id',
      where: ['l.user_id = ?', visibleSongsSql('s')],
      params: [user.id, ...visibleSongsParams(user)],
    };
    return newestFirstConnection<SongViewRow, SongView>(em, source, page, { columns: `${songViewColumns('s')}, true as "isLiked"`, nodes: (rows) => rows.map(songViewFromRow) });
  }

  private async toggle(em: EntityManager, user: User, songId: string, liked: boolean): Promise<SongView> {
    const { view, changed } = await em.transactional(
      async (tx) => {
        const song = await findVisibleSong(tx, user, songId);
        const changed = liked
          ? await tx.execute<Array<{ id: number }>>('insert into "liked_songs" ("user_id", "music_id") values (?, ?) on conflict do nothing returning "id"', [user.id, song.id])
          : await tx.execute<Array<{ id: number }>>('delete from "liked_songs" where "user_id" = ? and "music_id" = ? returning "id"', [user.id, song.id]);
        if (changed.length > 0) {
          await tx.execute(`update "songs" set "like_count" = greatest("like_count" ${liked ? '+' : '-'} 1, 0) where "id" = ?`, [song.id]);
          await tx.refresh(song);
        }
        return { view: toSongView(song, { isLiked: liked }), changed: changed.length > 0 };
      },
      { clear: true },
    );
    if (changed) {
      this.library?.likesChanged([user.id]);
      await this.queueReads?.likesChanged([user.id]);
    }
    return view;
  }
}

