import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { parseInput } from '../common/validation.js';
import { notFound } from '../common/errors.js';
import type { User } from '../users/user.entity.js';
import { Song } from '../songs/song.entity.js';
import { viewSongs } from '../songs/song-views.js';
import { Playlist } from '../playlists/playlist.entity.js';
import { playlistCardViews, playlistViewsById } from '../playlists/playlist.service.js';
import { MAX_UPCOMING, type QueueOutcome, type QueueService } from '../library/queue.service.js';
import { SearchArtistView, SearchResultsView } from './search.view.js';
import { visibleSongsParams, visibleSongsSql } from '../songs/song-access.js';
import { isLikedColumn, songViewColumns, songViewFromRow, type SongViewRow } from '../songs/song-rows.js';
import type { SongView } from '../songs/song.view.js';
import type { PlaylistView } from '../playlists/playlist.view.js';
import { connectionArgsSchema, connectionFrom, cursorTimestamp, cursorTimestampSql, decodeCursor, encodeCursor, keyset, pageRequest, type Connection, type PageRequest } from '../connections/cursor.js';

export const SEARCH_TEXT_MAX = 200;
/** Most results per group. */
export const SEARCH_LIMIT_MAX = 50;
export const SEARCH_LIMIT_DEFAULT = 8;
/** Words of the text that count; more only narrow an already narrow match. */
const SEARCH_TERMS_MAX = 8;
const TERM_LENGTH_MAX = 60;
/**
 * Lyrics are searched once every word typed has this many letters: a letter or two as a prefix
 * matches a word in nearly every song's lyrics, which would rank the whole catalogue for nothing.
 */
export const LYRICS_TERM_MIN = 3;

const searchSchema = z.object({
  text: z.string({ error: 'Search text is required' }).max(SEARCH_TEXT_MAX, `Search text must be at most ${SEARCH_TEXT_MAX} characters`),
  limit: z
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, `limit must be between 1 and ${SEARCH_LIMIT_MAX}`)
    .max(SEARCH_LIMIT_MAX, `limit must be between 1 and ${SEARCH_LIMIT_MAX}`)
    .default(SEARCH_LIMIT_DEFAULT),
});
const searchConnectionSchema = connectionArgsSchema.extend({ text: searchSchema.shape.text });
const ARTIST_RESULTS_CURSOR = 'search-artists';
/** Rank, songs the viewer may see, name. */
const artistResultsCursorKey = z.tuple([z.number(), z.number().int(), z.string()]);
const SONG_RESULTS_CURSOR = 'search-songs';
/** Which pass (0: names, 1: lyrics only), rank, plays, creation time, id. */
const songResultsCursorKey = z.tuple([z.union([z.literal(0), z.literal(1)]), z.number(), z.number().int(), cursorTimestamp, z.string()]);
const PLAYLIST_RESULTS_CURSOR = 'search-playlists';
/** Rank, whether the viewer owns it (1/0), change time, id. */
const playlistResultsCursorKey = z.tuple([z.number(), z.union([z.literal(0), z.literal(1)]), cursorTimestamp, z.number().int()]);
type SongResultRow = SongViewRow & { rank: number; cursorAt: string; pass: 0 | 1 };

const artistSchema = z.object({
  name: z.string({ error: 'Artist name is required' }).trim().min(1, 'Artist name is required').max(255, 'Artist name is too long'),
  shuffle: z.boolean().default(false),
});

/**
 * The text as a tsquery for to_tsquery('simple', ...): its words (letters and digits only, so
 * nothing the user types is tsquery syntax), each a prefix (`word:*`, matching as they type), all
 * required. Empty when the text has no words.
 */
export function toPrefixQuery(text: string): { query: string; withLyrics: boolean } {
  const words = [...new Set(text.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])].slice(0, SEARCH_TERMS_MAX).map((word) => word.slice(0, TERM_LENGTH_MAX));
  return { query: words.map((word) => `${word}:*`).join(' & '), withLyrics: words.every((word) => word.length >= LYRICS_TERM_MIN) };
}

/**
 * Search over songs (title, artist, genre, mood, lyrics), playlists (name, description) and
 * artists, with PostgreSQL full-text search: the stored `search_vector` columns and their GIN
 * indexes (Migration20261125104820), ts_rank ordering, prefix terms. Only what the
 * viewer may see: public songs and their own, their playlists and public ones.
 */
export class SearchService {
  constructor(private readonly queue: QueueService) {}

  async search(em: EntityManager, user: User, input: unknown): Promise<SearchResultsView> {
    const { text, limit } = parseInput(searchSchema, input);
    const { query, withLyrics } = toPrefixQuery(text);
    const results = new SearchResultsView();
    if (!query) return Object.assign(results, { songs: [], playlists: [], artists: [] });
    // One after another: the embedded database has a single connection anyway.
    results.songs = await this.songs(em, user, query, withLyrics, limit);
    results.playlists = await this.playlists(em, user, query, limit);
    results.artists = await this.artists(em, user, query, limit);
    return results;
  }

  /**
   * Songs matching the text as a cursor connection: the same matches and order as `search`'s songs
   * (names first, then songs matched by their lyrics alone; each by rank, plays, newest), with
   * the id as the last tie-break. The cursor holds the pass and the sort key of the last song.
   */
  async songsConnection(em: EntityManager, user: User, input: unknown): Promise<Connection<SongView>> {
    const args = parseInput(searchConnectionSchema, input);
    const page = pageRequest(args);
    const { query, withLyrics } = toPrefixQuery(args.text);
    const cursor = page.cursor ? decodeCursor(SONG_RESULTS_CURSOR, page.cursor, songResultsCursorKey) : null;
    const rows: SongResultRow[] = [];
    // The passes in reading order (backward: lyrics matches first), from the cursor's pass on.
    const passes: Array<0 | 1> = query ? (withLyrics ? [0, 1] : [0]) : [];
    if (page.backward) passes.reverse();
    const from = cursor ? passes.indexOf(cursor[0]) : 0;
    for (const pass of from < 0 ? [] : passes.slice(from)) {
      if (rows.length > page.size) break;
      rows.push(...(await this.songResults(em, user, query, pass, pass === cursor?.[0] ? cursor : null, page, page.size + 1 - rows.length)));
    }
    return connectionFrom(rows, {
      page,
      cursorOf: (row) => encodeCursor(SONG_RESULTS_CURSOR, [row.pass, row.rank, row.playCount, row.cursorAt, row.id]),
      node: ({ rank: _rank, cursorAt: _at, pass: _pass, ...song }) => songViewFromRow(song),
      totalCount: async () => {
        if (!query) return 0;
        const matches = withLyrics ? 's."search_vector" @@ q' : 's."search_names" @@ q';
        const [row] = await em.execute<Array<{ n: number }>>(`select count(*)::int as n from "songs" s, to_tsquery('simple', ?) q where ${matches} and ${visibleSongsSql('s')}`, [query, ...visibleSongsParams(user)]);
        return row!.n;
      },
    });
  }

  /** Playlists matching the text as a cursor connection, in `search`'s order (the id breaks ties). */
  async playlistsConnection(em: EntityManager, user: User, input: unknown): Promise<Connection<PlaylistView>> {
    const args = parseInput(searchConnectionSchema, input);
    const page = pageRequest(args);
    const { past, order } = keyset(page);
    const { query } = toPrefixQuery(args.text);
    const cursor = page.cursor ? decodeCursor(PLAYLIST_RESULTS_CURSOR, page.cursor, playlistResultsCursorKey) : null;
    const matches = `p."search_vector" @@ q and (p."is_public" or p."user_id" = ?)`;
    const sortKey = `ts_rank(p."search_vector", q), (p."user_id" = ?)::int, p."updated_at", p."id"`;
    const rows = query
      ? await em.execute<Array<{ id: number; rank: number; mine: 0 | 1; cursorAt: string }>>(
          `select p."id", ts_rank(p."search_vector", q) as rank, (p."user_id" = ?)::int as mine, ${cursorTimestampSql('p."updated_at"')} as "cursorAt"
           from "playlists" p, to_tsquery('simple', ?) q
           where ${matches} ${cursor ? `and (${sortKey}) ${past} (?::real, ?, ?::timestamptz, ?)` : ''}
           order by ts_rank(p."search_vector", q) ${order}, (p."user_id" = ?) ${order}, p."updated_at" ${order}, p."id" ${order}
           limit ?`,
          [user.id, query, user.id, ...(cursor ? [user.id, ...cursor] : []), user.id, page.size + 1],
        )
      : [];
    const views = await playlistViewsById(em, user, rows.slice(0, page.size).map((row) => row.id));
    return connectionFrom(rows, {
      page,
      cursorOf: (row) => encodeCursor(PLAYLIST_RESULTS_CURSOR, [row.rank, row.mine, row.cursorAt, row.id]),
      node: (row) => views.get(String(row.id))!,
      totalCount: async () => {
        if (!query) return 0;
        const [row] = await em.execute<Array<{ n: number }>>(`select count(*)::int as n from "playlists" p, to_tsquery('simple', ?) q where ${matches}`, [query, user.id]);
        return row!.n;
      },
    });
  }

  /** One pass of songsConnection: matches over the names (0) or by the lyrics alone (1), past the cursor's key in the page's direction. */
  private async songResults(em: EntityManager, user: User, terms: string, pass: 0 | 1, cursor: z.infer<typeof songResultsCursorKey> | null, page: PageRequest, limit: number): Promise<SongResultRow[]> {
    const { past, order } = keyset(page);
    const vector = pass === 0 ? 'search_names' : 'search_vector';
    const sortKey = `ts_rank(s."${vector}", q), s."play_count", s."created_at", s."id"`;
    const rows = await em.execute<SongResultRow[]>(
      `select ${songViewColumns('s')}, ${isLikedColumn('s')}, ts_rank(s."${vector}", q) as rank, ${cursorTimestampSql('s."created_at"')} as "cursorAt"
       from "songs" s, to_tsquery('simple', ?) q
       where s."${vector}" @@ q ${pass === 1 ? 'and not s."search_names" @@ q' : ''} and ${visibleSongsSql('s')}
       ${cursor ? `and (${sortKey}) ${past} (?::real, ?, ?::timestamptz, ?)` : ''}
       order by ts_rank(s."${vector}", q) ${order}, s."play_count" ${order}, s."created_at" ${order}, s."id" ${order}
       limit ?`,
      [user.id, terms, ...visibleSongsParams(user), ...(cursor ? cursor.slice(1) : []), limit],
    );
    return rows.map((row) => ({ ...row, pass }));
  }

  /** Replaces the queue with the artist's songs the user may see, most played first (or shuffled). */
  async playArtist(em: EntityManager, user: User, input: unknown): Promise<QueueOutcome> {
    const { name, shuffle } = parseInput(artistSchema, input);
    const rows = await em.execute<Array<{ id: string }>>(
      `select s."id" from "songs" s where s."artist" = ? and ${visibleSongsSql('s')}
       order by ${shuffle ? 'random()' : 's."play_count" desc, s."created_at" desc, s."id"'} limit ?`,
      [name, ...visibleSongsParams(user), MAX_UPCOMING + 1],
    );
    if (rows.length === 0) throw notFound('No songs by that artist');
    return this.queue.playSongs(em, user, { songIds: rows.map((row) => row.id), startIndex: 0 });
  }

  /**
   * Songs whose names (title, artist, genre, mood) match come first, ranked over `search_names`;
   * lyrics are read only to fill the places left, with songs matched by their lyrics alone. So a
   * common prefix ranks the small names vectors and never the catalogue's lyrics.
   */
  private async songs(em: EntityManager, user: User, terms: string, withLyrics: boolean, limit: number) {
    const ids = await this.songIds(em, user, terms, 'search_names', limit);
    if (withLyrics && ids.length < limit) ids.push(...(await this.songIds(em, user, terms, 'search_vector', limit - ids.length)));
    const found = new Map((await em.find(Song, { id: { $in: ids } })).map((song) => [song.id, song]));
    return viewSongs(em, user, ids.flatMap((id) => found.get(id) ?? []));
  }

  /** Ids of visible songs matching over `vector`, best first; over lyrics, only those whose names do not match. */
  private async songIds(em: EntityManager, user: User, terms: string, vector: 'search_names' | 'search_vector', limit: number): Promise<string[]> {
    const rows = await em.execute<Array<{ id: string }>>(
      `select s."id" from "songs" s, to_tsquery('simple', ?) q
       where s."${vector}" @@ q ${vector === 'search_vector' ? 'and not s."search_names" @@ q' : ''} and ${visibleSongsSql('s')}
       order by ts_rank(s."${vector}", q) desc, s."play_count" desc, s."created_at" desc, s."id"
       limit ?`,
      [terms, ...visibleSongsParams(user), limit],
    );
    return rows.map((row) => row.id);
  }

  private async playlists(em: EntityManager, user: User, terms: string, limit: number) {
    const rows = await em.execute<Array<{ id: number }>>(
      `select p."id" from "playlists" p, to_tsquery('simple', ?) q
       where p."search_vector" @@ q and (p."is_public" or p."user_id" = ?)
       order by ts_rank(p."search_vector", q) desc, (p."user_id" = ?) desc, p."updated_at" desc, p."id"
       limit ?`,
      [terms, user.id, user.id, limit],
    );
    const found = new Map((await em.find(Playlist, { id: { $in: rows.map((row) => row.id) } }, { populate: ['user'] })).map((p) => [p.id, p]));
    return playlistCardViews(em, user, rows.flatMap((row) => found.get(row.id) ?? []));
  }

  /** Artists whose name matches, best first (artistMatchesSql). */
  private async artists(em: EntityManager, user: User, terms: string, limit: number): Promise<SearchArtistView[]> {
    const rows = await em.execute<ArtistResultRow[]>(
      `${artistMatchesSql()} select name, song_count, cover_url from found order by rank desc, song_count desc, name limit ?`,
      [terms, ...visibleSongsParams(user), limit],
    );
    return rows.map(artistView);
  }

  /**
   * Artists matching the text as a cursor connection, in `search`'s order (rank, then songs the
   * viewer may see, then name). The cursor holds that sort key.
   */
  async artistsConnection(em: EntityManager, user: User, input: unknown): Promise<Connection<SearchArtistView>> {
    const args = parseInput(searchConnectionSchema, input);
    const page = pageRequest(args);
    const { query } = toPrefixQuery(args.text);
    const cursor = page.cursor ? decodeCursor(ARTIST_RESULTS_CURSOR, page.cursor, artistResultsCursorKey) : null;
    // The name sorts ascending under a descending rank and count, so the key is compared field by field.
    const [fewer, more] = page.backward ? ['>', '<'] : ['<', '>'];
    const past = `(rank ${fewer} ?::real or (rank = ?::real and (song_count ${fewer} ? or (song_count = ? and name ${more} ?))))`;
    const [desc, asc] = page.backward ? ['asc', 'desc'] : ['desc', 'asc'];
    const rows = query
      ? await em.execute<ArtistResultRow[]>(
          `${artistMatchesSql()} select name, rank, song_count, cover_url from found ${cursor ? `where ${past}` : ''}
           order by rank ${desc}, song_count ${desc}, name ${asc} limit ?`,
          [query, ...visibleSongsParams(user), ...(cursor ? [cursor[0], cursor[0], cursor[1], cursor[1], cursor[2]] : []), page.size + 1],
        )
      : [];
    return connectionFrom(rows, {
      page,
      cursorOf: (row) => encodeCursor(ARTIST_RESULTS_CURSOR, [row.rank!, row.song_count, row.name]),
      node: artistView,
      totalCount: async () => {
        if (!query) return 0;
        const [row] = await em.execute<Array<{ n: number }>>(`${artistMatchesSql()} select count(*)::int as n from found`, [query, ...visibleSongsParams(user)]);
        return row!.n;
      },
    });
  }
}

type ArtistResultRow = { name: string; rank?: number; song_count: number; cover_url: string | null };

const artistView = (row: ArtistResultRow) => Object.assign(new SearchArtistView(), { name: row.name, songCount: row.song_count, coverUrl: row.cover_url });

/**
 * `found`: the artists whose name matches (binds: the prefix query, then visibleSongsParams), with
 * their rank, count of songs the viewer may see and cover. The distinct names come from the artist
 * index (a few hundred, not a row per song), so each is parsed once; the count and cover are over
 * the songs the user may see, and an artist with none of those is left out.
 */
function artistMatchesSql(): string {
  return `with recursive distinct_artists("artist") as (
         -- A walk down the artist index, one step per name, instead of reading every song's row.
         (select "artist" from "songs" where "artist" is not null order by "artist" limit 1)
         union all
         select (select s."artist" from "songs" s where s."artist" > d."artist" order by s."artist" limit 1)
         from distinct_artists d where d."artist" is not null
       ),
       matched as (
         select d."artist" as name, ts_rank(to_tsvector('simple', d."artist"), q) as rank
         from distinct_artists d, to_tsquery('simple', ?) q
         where to_tsvector('simple', d."artist") @@ q
       ),
       found as (
         select m.name, m.rank, count(*)::int as song_count,
           (array_agg(coalesce(a."thumbnail_url", a."cover_url") order by a."play_count" desc, a."created_at" desc)
             filter (where coalesce(a."thumbnail_url", a."cover_url") is not null))[1] as cover_url
         from matched m join "songs" a on a."artist" = m.name and ${visibleSongsSql('a')}
         group by m.name, m.rank
       )`;
}
