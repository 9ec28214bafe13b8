import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { parseInput } from '../common/validation.js';
import { connectionArgsSchema, pageRequest, type Connection } from '../connections/cursor.js';
import { newestFirstConnection } from '../connections/newest-first.js';
import { isLikedColumn, songViewColumns, songViewFromRow, type SongViewRow } from './song-rows.js';
import type { SongView } from './song.view.js';

/**
 * Songs `s` newest first (by created_at, then id) as a cursor connection of the views `viewerId`
 * sees, liked flags included: the lists of one owner's or one artist's songs. `where` and `params`
 * choose the songs (and must leave out what the viewer may not see); `list` tags the cursor.
 */
export function newestSongsConnection(
  em: EntityManager,
  viewerId: number,
  input: unknown,
  songs: { list: string; where: readonly string[]; params: readonly unknown[] },
): Promise<Connection<SongView>> {
  const page = pageRequest(parseInput(connectionArgsSchema, input ?? {}));
  const source = { ...songs, at: 's.created_at', id: 's.id', idSchema: z.string().min(1).max(200), from: 'from songs s' };
  return newestFirstConnection<SongViewRow, SongView>(em, source, page, {
    columns: `${songViewColumns('s')}, ${isLikedColumn('s')}`,
    columnParams: [viewerId],
    nodes: (rows) => rows.map(songViewFromRow),
  });
}
