import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { parseInput } from '../common/validation.js';
import { badInput } from '../common/errors.js';
import type { User } from '../users/user.entity.js';
import { Song } from './song.entity.js';
import { listedSongsSql, songIdSchema, visibleSongs } from './song-access.js';
import { viewSong } from './song-views.js';
import { isLikedColumn, songViewColumns, songViewFromRow, type SongViewRow } from './song-rows.js';
import type { SongView } from './song.view.js';
import { connectionArgsSchema, connectionFrom, cursorTimestamp, cursorTimestampSql, decodeCursor, encodeCursor, keyset, pageRequest, type Connection } from '../connections/cursor.js';

export const CATALOGUE_PAGE_MAX = 100;

const filterSchema = z.object({
  genre: z.string().trim().min(1).max(100, 'Genre is too long').nullish(),
  mine: z.boolean().nullish(),
});
const pageSchema = filterSchema.extend({
  first: z.number().int('first must be a whole number').min(1, `first must be between 1 and ${CATALOGUE_PAGE_MAX}`).max(CATALOGUE_PAGE_MAX, `first must be between 1 and ${CATALOGUE_PAGE_MAX}`).default(50),
  after: songIdSchema.nullish(),
});
const connectionSchema = filterSchema.extend(connectionArgsSchema.shape);
const SONGS_CURSOR = 'songs';
const songsCursorKey = z.tuple([cursorTimestamp, songIdSchema]);

export interface SongPage {
  songs: SongView[];
  /** Pass as `after` for the next page; null on the last page. */
  endCursor: string | null;
  hasNextPage: boolean;
}

/**
 * The song library as one viewer sees it: public songs plus their own, newest first, in
 * keyset pages (the cursor is the last song's id, so inserts never shift a page).
 */
export class SongCatalogueService {
  /** The song, or null when it does not exist or is someone else's private song. */
  async song(em: EntityManager, user: User, id: unknown): Promise<SongView | null> {
    const songId = parseInput(songIdSchema, id);
    const song = await em.findOne(Song, { $and: [{ id: songId }, visibleSongs(user)] });
    return song ? viewSong(em, user, song) : null;
  }

  /** The library page; only the viewer's id is read (no user entity is built for it). */
  async songs(em: EntityManager, user: Pick<User, 'id'>, input: unknown): Promise<SongPage> {
    const { first, after, genre, mine } = parseInput(pageSchema, input ?? {});
    const filter = libraryFilter(user, { genre, mine });
    if (after) {
      if (!(await em.count(Song, { id: after }))) throw badInput('The cursor no longer points at a song; start from the first page');
      filter.where.push('(s.created_at, s.id) < (select c.created_at, c.id from songs c where c.id = ?)');
      filter.params.push(after);
    }
    const rows = await em.execute<SongViewRow[]>(
      `select ${songViewColumns('s')}, ${isLikedColumn('s')} from songs s where ${filter.where.join(' and ')} order by s.created_at desc, s.id desc limit ?`,
      [user.id, ...filter.params, first + 1],
    );
    const page = rows.slice(0, first).map(songViewFromRow);
    const hasNextPage = rows.length > first;
    return { songs: page, endCursor: hasNextPage ? page[page.length - 1].id : null, hasNextPage };
  }

  /**
   * The same library as a cursor connection (`songsConnection`): the cursor holds the song's
   * creation time and id, so it stays valid when that song is deleted.
   */
  async songsConnection(em: EntityManager, user: Pick<User, 'id'>, input: unknown): Promise<Connection<SongView>> {
    const args = parseInput(connectionSchema, input ?? {});
    const page = pageRequest(args);
    const { past, order } = keyset(page);
    const filter = libraryFilter(user, args);
    const counted = { where: [...filter.where], params: [...filter.params] };
    if (page.cursor) {
      filter.where.push(`(s.created_at, s.id) ${past} (?::timestamptz, ?)`);
      filter.params.push(...decodeCursor(SONGS_CURSOR, page.cursor, songsCursorKey));
    }
    const rows = await em.execute<Array<SongViewRow & { cursorAt: string }>>(
      `select ${songViewColumns('s')}, ${isLikedColumn('s')}, ${cursorTimestampSql('s.created_at')} as "cursorAt"
       from songs s where ${filter.where.join(' and ')} order by s.created_at ${order}, s.id ${order} limit ?`,
      [user.id, ...filter.params, page.size + 1],
    );
    return connectionFrom(rows, {
      page,
      cursorOf: (row) => encodeCursor(SONGS_CURSOR, [row.cursorAt, row.id]),
      node: songViewFromRow,
      totalCount: async () => {
        const [row] = await em.execute<Array<{ n: number }>>(`select count(*)::int as n from songs s where ${counted.where.join(' and ')}`, counted.params);
        return row!.n;
      },
    });
  }
}

/** The library's rows for a viewer as SQL over `songs s` (its params follow the viewer id bound first). */
function libraryFilter(user: Pick<User, 'id'>, { genre, mine }: { genre?: string | null; mine?: boolean | null }) {
  const where = [mine ? 's.user_id = ?' : listedSongsSql('s')];
  const params: unknown[] = [user.id];
  if (genre) {
    where.push('s.genre = ?');
    params.push(genre);
  }
  return { where, params };
}
