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

export const CATALOGUE_PAGE_MAX = 100;

const pageSchema = z.object({
  first: z.number().int('first must be a whole number').min(1, `first must be between 1 and ${CATALOGUE_PAGE_MAX}`).max(CATALOGUE_PAGE_MAX, `first must be between 1 and ${CATALOGUE_PAGE_MAX}`).default(50),
  after: songIdSchema.nullish(),
  genre: z.string().trim().min(1).max(100, 'Genre is too long').nullish(),
  mine: z.boolean().nullish(),
});

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

  async songs(em: EntityManager, user: User, input: unknown): Promise<SongPage> {
    const { first, after, genre, mine } = parseInput(pageSchema, input ?? {});
    // Explicit columns, no entities: a page is read-only (analysis only when a query selects it).
    const where = [mine ? 's.user_id = ?' : listedSongsSql('s')];
    const params: unknown[] = [user.id, user.id];
    if (genre) {
      where.push('s.genre = ?');
      params.push(genre);
    }
    if (after) {
      if (!(await em.count(Song, { id: after }))) throw badInput('The cursor no longer points at a song; start from the first page');
      where.push('(s.created_at, s.id) < (select c.created_at, c.id from songs c where c.id = ?)');
      params.push(after);
    }
    const rows = await em.execute<SongViewRow[]>(
      `select ${songViewColumns('s')}, ${isLikedColumn('s')} from songs s where ${where.join(' and ')} order by s.created_at desc, s.id desc limit ?`,
      [...params, first + 1],
    );
    const page = rows.slice(0, first).map(songViewFromRow);
    const hasNextPage = rows.length > first;
    return { songs: page, endCursor: hasNextPage ? page[page.length - 1].id : null, hasNextPage };
  }
}
