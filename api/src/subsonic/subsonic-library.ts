import type { EntityManager } from '@mikro-orm/postgresql';
import type { User } from '../users/user.entity.js';
import { listedSongsSql } from '../songs/song-access.js';
import type { SubsonicObject } from './subsonic-response.js';
import { mediaKey, type MediaStorage } from '../storage/media-storage.js';
import { setBounded } from '../common/bounded-map.js';

/**
 * Reads of the library in Subsonic's terms (docs/subsonic.md): every song listed for the user
 * (listedSongs: public ones and their own; an admin's app browses like the web library, not every
 * user's private drafts) is a track; each song is also its own album (the single its generation made),
 * and an artist is a song's artist text, as search groups them. Writes go through the services.
 */

export const ALBUM_PREFIX = 'al-';
export const ARTIST_PREFIX = 'ar-';
export const PLAYLIST_COVER_PREFIX = 'pl-';
export const UNKNOWN_ARTIST = 'Unknown artist';
/** Articles left out when indexing and sorting artist names (the `ignoredArticles` we report). */
export const IGNORED_ARTICLES = ['The', 'A', 'An'];
/** ReplayGain 2.0's reference loudness: a track's gain is this minus its integrated loudness. */
const REPLAY_GAIN_REFERENCE_LUFS = -18;

export const albumId = (songId: string) => ALBUM_PREFIX + songId;
export const artistId = (name: string) => ARTIST_PREFIX + Buffer.from(name, 'utf8').toString('base64url');
/** The song an album id names, or null. */
export const songOfAlbum = (id: string) => (id.startsWith(ALBUM_PREFIX) && id.length > ALBUM_PREFIX.length ? id.slice(ALBUM_PREFIX.length) : null);
/** The artist text an artist id names ('' for songs without one), or null when it is not an artist id. */
export function artistOfId(id: string): string | null {
  if (!id.startsWith(ARTIST_PREFIX)) return null;
  const encoded = id.slice(ARTIST_PREFIX.length);
  if (!/^[A-Za-z0-9_-]*$/.test(encoded)) return null;
  return Buffer.from(encoded, 'base64url').toString('utf8');
}
export const artistName = (artist: string | null) => artist || UNKNOWN_ARTIST;

/** A song row as the Subsonic reads select it. */
export interface TrackRow {
  id: string;
  title: string;
  artist: string | null;
  genre: string | null;
  mood: string | null;
  duration: number | null;
  bpm: number | null;
  loudness: number | null;
  playCount: number;
  createdAt: Date | string;
  audioUrl: string | null;
  coverUrl: string | null;
  starredAt: Date | string | null;
}

const TRACK_COLUMNS = `s.id, s.title, s.artist, s.genre, s.mood, s.duration, s.bpm, s.loudness, s.play_count as "playCount",
  s.created_at as "createdAt", s.audio_url as "audioUrl", s.cover_url as "coverUrl", l.created_at as "starredAt"`;

export interface TrackQuery {
  /** Extra conditions on `s` (the songs table), with their parameters in order. */
  where?: string[];
  params?: unknown[];
  /** SQL order by, over `s` and `l` (the viewer's like). */
  orderBy?: string;
  orderParams?: unknown[];
  limit?: number;
  offset?: number;
}

/** Songs the user may see, with the user's like, filtered and ordered in SQL. */
export function tracks(em: EntityManager, user: User, query: TrackQuery = {}): Promise<TrackRow[]> {
  const where = [listedSongsSql('s'), ...(query.where ?? [])];
  return em.execute<TrackRow[]>(
    `select ${TRACK_COLUMNS} from songs s left join liked_songs l on l.music_id = s.id and l.user_id = ?
     where ${where.join(' and ')} order by ${query.orderBy ?? 's.created_at desc, s.id desc'} limit ? offset ?`,
    [user.id, user.id, ...(query.params ?? []), ...(query.orderParams ?? []), query.limit ?? 500, query.offset ?? 0],
  );
}

/** The songs of `ids` the user may see, in the order given (unknown or hidden ones left out). */
export async function tracksById(em: EntityManager, user: User, ids: readonly string[]): Promise<TrackRow[]> {
  if (ids.length === 0) return [];
  const unique = [...new Set(ids)];
  const rows = await tracks(em, user, { where: [`s.id in (${unique.map(() => '?').join(', ')})`], params: unique, limit: unique.length });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

const iso = (date: Date | string) => new Date(date).toISOString();
const year = (date: Date | string) => new Date(date).getUTCFullYear();

/**
 * File sizes by media URL. Song files never change once written (their names hold the song id),
 * so a size read once stays true; the map is bounded.
 */
const sizes = new Map<string, number | null>();
const SIZE_CACHE_MAX = 20_000;

async function fileSize(storage: MediaStorage, url: string | null): Promise<number | null> {
  const key = mediaKey(url);
  if (!key) return null;
  if (sizes.has(key)) return sizes.get(key)!;
  const size = (await storage.stat(key).catch(() => null))?.size ?? null;
  if (size !== null) setBounded(sizes, key, size, SIZE_CACHE_MAX);
  return size;
}

/** A song's average bit rate in kbps, from its file size and duration. */
export const averageKbps = (size: number, seconds: number) => Math.round((size * 8) / seconds / 1000);

/** Whether the song has a cover of its own under /media (the default cover is the web app's, not a file we serve here). */
const hasCover = (row: Pick<TrackRow, 'coverUrl'>) => Boolean(row.coverUrl?.startsWith('/media/'));

function artistRefs(row: TrackRow) {
  const name = artistName(row.artist);
  return { artist: name, artistId: artistId(row.artist ?? ''), artists: [{ id: artistId(row.artist ?? ''), name }] };
}

/** A song as Subsonic's `Child` (with the OpenSubsonic fields we can fill). */
export async function toChild(row: TrackRow, storage: MediaStorage): Promise<SubsonicObject> {
  const size = await fileSize(storage, row.audioUrl);
  const duration = Math.round(row.duration ?? 0);
  const { artist, artistId: ofArtist, artists } = artistRefs(row);
  const gain = row.loudness === null ? null : Math.round((REPLAY_GAIN_REFERENCE_LUFS - row.loudness) * 100) / 100;
  return {
    id: row.id,
    parent: albumId(row.id),
    isDir: false,
    title: row.title,
    album: row.title,
    artist,
    track: 1,
    discNumber: 1,
    year: year(row.createdAt),
    genre: row.genre ?? undefined,
    coverArt: hasCover(row) ? row.id : undefined,
    size: size ?? undefined,
    contentType: 'audio/mpeg',
    suffix: 'mp3',
    duration,
    bitRate: size !== null && duration > 0 ? averageKbps(size, duration) : undefined,
    isVideo: false,
    playCount: row.playCount,
    created: iso(row.createdAt),
    starred: row.starredAt ? iso(row.starredAt) : undefined,
    albumId: albumId(row.id),
    artistId: ofArtist,
    type: 'music',
    mediaType: 'song',
    bpm: row.bpm ? Math.round(row.bpm) : 0,
    comment: '',
    sortName: row.title,
    musicBrainzId: '',
    genres: row.genre ? [{ name: row.genre }] : [],
    artists,
    displayArtist: artist,
    albumArtists: artists,
    displayAlbumArtist: artist,
    moods: row.mood ? [row.mood] : [],
    replayGain: gain === null ? undefined : { trackGain: gain, albumGain: gain },
  };
}

export const toChildren = (rows: readonly TrackRow[], storage: MediaStorage) => Promise.all(rows.map((row) => toChild(row, storage)));

/** A song as the single it is on (Subsonic's `AlbumID3`). */
export function toAlbum(row: TrackRow): SubsonicObject {
  const { artist, artistId: ofArtist, artists } = artistRefs(row);
  return {
    id: albumId(row.id),
    name: row.title,
    artist,
    artistId: ofArtist,
    coverArt: hasCover(row) ? albumId(row.id) : undefined,
    songCount: 1,
    duration: Math.round(row.duration ?? 0),
    playCount: row.playCount,
    created: iso(row.createdAt),
    starred: row.starredAt ? iso(row.starredAt) : undefined,
    year: year(row.createdAt),
    genre: row.genre ?? undefined,
    genres: row.genre ? [{ name: row.genre }] : [],
    artists,
    displayArtist: artist,
    releaseTypes: ['Single'],
    moods: row.mood ? [row.mood] : [],
    sortName: row.title,
    musicBrainzId: '',
    isCompilation: false,
  };
}

/** A single as a folder of getMusicDirectory (a `Child` with isDir). */
export function toChildDirectory(row: TrackRow): SubsonicObject {
  const { artist, artistId: ofArtist } = artistRefs(row);
  return {
    id: albumId(row.id),
    isDir: true,
    title: row.title,
    album: row.title,
    artist,
    year: year(row.createdAt),
    genre: row.genre ?? undefined,
    coverArt: hasCover(row) ? albumId(row.id) : undefined,
    playCount: row.playCount,
    created: iso(row.createdAt),
    starred: row.starredAt ? iso(row.starredAt) : undefined,
    albumId: albumId(row.id),
    artistId: ofArtist,
    mediaType: 'album',
  };
}

export interface ArtistRow {
  artist: string;
  albumCount: number;
  /** Their most played song that has a cover. */
  coverSongId: string | null;
}

/** Artists of the songs the user may see (optionally only those whose text is `only`), with how many songs each has. */
export function artists(em: EntityManager, user: User, only?: string): Promise<ArtistRow[]> {
  return em.execute<ArtistRow[]>(
    `select coalesce(s.artist, '') as artist, count(*)::int as "albumCount",
       (array_agg(s.id order by s.play_count desc, s.created_at desc) filter (where s.cover_url like '/media/%'))[1] as "coverSongId"
     from songs s where ${listedSongsSql('s')} ${only === undefined ? '' : "and coalesce(s.artist, '') = ?"}
     group by 1`,
    only === undefined ? [user.id] : [user.id, only],
  );
}

export function toArtist(row: ArtistRow): SubsonicObject {
  return { id: artistId(row.artist), name: artistName(row.artist), coverArt: row.coverSongId ? artistId(row.artist) : undefined, albumCount: row.albumCount, musicBrainzId: '', sortName: sortKey(artistName(row.artist)) };
}

/** The name as it sorts and indexes: lower case, without a leading ignored article. */
export function sortKey(name: string): string {
  const lower = name.toLowerCase();
  const article = IGNORED_ARTICLES.find((a) => lower.startsWith(`${a.toLowerCase()} `));
  return article ? lower.slice(article.length + 1) : lower;
}

/** Artists grouped under their first letter (A-Z, else '#'), sorted, as getArtists and getIndexes list them. */
export function indexArtists<T>(rows: readonly ArtistRow[], shape: (row: ArtistRow) => T): Array<{ name: string; artist: T[] }> {
  const sorted = [...rows].sort((a, b) => sortKey(artistName(a.artist)).localeCompare(sortKey(artistName(b.artist))));
  const groups = new Map<string, T[]>();
  for (const row of sorted) {
    const first = sortKey(artistName(row.artist)).charAt(0).toUpperCase();
    const letter = /^[A-Z]$/.test(first) ? first : '#';
    groups.set(letter, [...(groups.get(letter) ?? []), shape(row)]);
  }
  return [...groups.entries()].map(([name, list]) => ({ name, artist: list }));
}

/** Genres of the songs the user may see, with their song counts (every song is an album too). */
export function genres(em: EntityManager, user: User): Promise<Array<{ genre: string; songCount: number }>> {
  return em.execute(
    `select s.genre as genre, count(*)::int as "songCount" from songs s where s.genre is not null and ${listedSongsSql('s')} group by s.genre order by s.genre`,
    [user.id],
  );
}
