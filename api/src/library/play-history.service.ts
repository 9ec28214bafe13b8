import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { parseInput } from '../common/validation.js';
import type { User } from '../users/user.entity.js';
import { visibleSongsParams, visibleSongsSql } from '../songs/song-access.js';
import { isLikedColumn, songViewColumns, songViewFromRow, type SongViewRow } from '../songs/song-rows.js';
import { connectionArgsSchema, connectionFrom, decodeCursor, encodeCursor, keyset, pageRequest, type Connection } from '../connections/cursor.js';
import { PlayHistoryEntryView } from './play-history.view.js';

const HISTORY_CURSOR = 'history';
const historyCursorKey = z.tuple([z.number().int()]);

/**
 * The user's whole listening history (every play the queue moved past, newest first), as a cursor
 * connection; the queue's `playHistory` shows only its latest 50. Songs the user may no longer see
 * (made private or hidden since) are left out, as everywhere a song is listed.
 */
export async function playHistoryConnection(em: EntityManager, user: User, input: unknown): Promise<Connection<PlayHistoryEntryView>> {
  const page = pageRequest(parseInput(connectionArgsSchema, input ?? {}));
  const { past, order } = keyset(page);
  const where = ['h.user_id = ?', visibleSongsSql('s')];
  const params: unknown[] = [user.id, ...visibleSongsParams(user)];
  const counted = [...params];
  if (page.cursor) {
    where.push(`h.id ${past} ?`);
    params.push(...decodeCursor(HISTORY_CURSOR, page.cursor, historyCursorKey));
  }
  const from = `from play_history h join songs s on s.id = h.music_id where ${where.join(' and ')}`;
  const rows = await em.execute<Array<SongViewRow & { historyId: number; historyPlayedAt: string | Date }>>(
    `select h.id as "historyId", h.played_at as "historyPlayedAt", ${songViewColumns('s')}, ${isLikedColumn('s')} ${from} order by h.id ${order} limit ?`,
    [user.id, ...params, page.size + 1],
  );
  return connectionFrom(rows, {
    page,
    cursorOf: (row) => encodeCursor(HISTORY_CURSOR, [row.historyId]),
    node: ({ historyId: _id, historyPlayedAt, ...song }) => Object.assign(new PlayHistoryEntryView(), { playedAt: new Date(historyPlayedAt), song: songViewFromRow(song) }),
    totalCount: async () => {
      const [row] = await em.execute<Array<{ n: number }>>(`select count(*)::int as n from play_history h join songs s on s.id = h.music_id where ${where.slice(0, 2).join(' and ')}`, counted);
      return row!.n;
    },
  });
}
