import type { EntityManager } from '@mikro-orm/postgresql';
import { listedSongsSql } from '../songs/song-access.js';

/*
 * Which public surfaces read the production catalogue (docs/admin.md, "What reads the production
 * catalogue"): the genre radio stations (/radio and home's genre stations row), per genre. A genre
 * with published songs the listener may play plays only those; a genre with none, and a fresh
 * installation with an empty production catalogue, plays every listed song of the genre as before.
 * The song played is the working library's row (its likes, history and media), so the listing rules
 * (public, not hidden, or the listener's own) still apply to a published song.
 */

/** The published songs of `genre` the listener may play, or null when the genre has none (then all listed songs play). */
export async function curatedSongIds(em: EntityManager, genre: string, listenerId: number): Promise<string[] | null> {
  const rows = await em.execute<Array<{ id: string }>>(
    `select s."id" from "songs" s join "production_songs" p on p."original_dev_id" = s."id" where s."genre" = ? and ${listedSongsSql('s')}`,
    [genre, listenerId],
  );
  return rows.length ? rows.map((r) => r.id) : null;
}

/** Per genre, how many published songs the listener may play (genres without any are absent). */
export async function curatedCountsByGenre(em: EntityManager, genres: readonly string[], listenerId: number): Promise<Map<string, number>> {
  if (!genres.length) return new Map();
  const rows = await em.execute<Array<{ genre: string; songs: string }>>(
    `select s."genre", count(*) as songs from "songs" s join "production_songs" p on p."original_dev_id" = s."id"
      where s."genre" in (select jsonb_array_elements_text(?::jsonb)) and ${listedSongsSql('s')} group by s."genre"`,
    [JSON.stringify(genres), listenerId],
  );
  return new Map(rows.map((row) => [row.genre, Number(row.songs)]));
}
