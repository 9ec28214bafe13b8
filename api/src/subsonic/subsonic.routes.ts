import express, { Router, type NextFunction, type Request, type Response } from 'express';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Services } from '../app/services.js';
import type { User } from '../users/user.entity.js';
import { assertSafeText, UNSAFE_TEXT_MESSAGE } from '../common/validation.js';
import { effectivePermissions } from '../users/permissions.js';
import { findVisibleSong, listedSongsSql } from '../songs/song-access.js';
import { SEARCH_LIMIT_MAX } from '../search/search.service.js';
import { authenticateSubsonic } from './subsonic-auth.js';
import {
  SubsonicCode,
  SubsonicError,
  missingParameter,
  responseFormat,
  sendSubsonic,
  subsonicNotFound,
  toSubsonicError,
  type SubsonicObject,
} from './subsonic-response.js';
import {
  IGNORED_ARTICLES,
  PLAYLIST_COVER_PREFIX,
  albumId,
  artistId,
  artistName,
  artistOfId,
  artists,
  genres,
  indexArtists,
  songOfAlbum,
  toAlbum,
  toArtist,
  toChild,
  toChildDirectory,
  toChildren,
  tracks,
  tracksById,
  type TrackRow,
} from './subsonic-library.js';
import { audioFor, coverFile, SUBSONIC_MEDIA_CACHE } from './subsonic-media.js';
import { mediaKey } from '../storage/media-storage.js';
import { similarSongIds } from './similar-songs.js';

/** The one music folder every song is in. */
const MUSIC_FOLDER = { id: 1, name: 'Songforge' };
/** Most items one list call answers (Subsonic's own cap on getAlbumList2 and getRandomSongs). */
const LIST_MAX = 500;
/** The OpenSubsonic extensions we implement, with their versions. */
export const OPEN_SUBSONIC_EXTENSIONS = [
  { name: 'apiKeyAuthentication', versions: [1] },
  { name: 'formPost', versions: [1] },
  { name: 'songLyrics', versions: [1] },
];

/** The parameters of one call: query string and form body (formPost) together; repeated names are lists. */
class Params {
  constructor(private readonly values: Record<string, unknown>) {}

  all(name: string): string[] {
    const value = this.values[name];
    if (value === undefined) return [];
    return (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
  }

  get(name: string): string | undefined {
    return this.all(name)[0];
  }

  required(name: string): string {
    const value = this.get(name);
    if (value === undefined || value === '') throw missingParameter(name);
    return value;
  }

  int(name: string, fallback: number, { min = 0, max = Number.MAX_SAFE_INTEGER } = {}): number {
    const raw = this.get(name);
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value)) throw new SubsonicError(SubsonicCode.generic, `Parameter '${name}' must be a whole number`);
    return Math.min(max, Math.max(min, value));
  }

  bool(name: string, fallback: boolean): boolean {
    const raw = this.get(name);
    return raw === undefined ? fallback : raw === 'true';
  }
}

interface Call {
  em: EntityManager;
  user: User;
  params: Params;
  req: Request;
  res: Response;
}

/** A method answers a payload, or null when it wrote the response itself (media). */
type Method = (call: Call) => Promise<SubsonicObject | null>;

/**
 * The Subsonic API 1.16.1 methods that need a signed-in user, by name. Thin: the library's reads
 * are Subsonic views of the songs a user may see (subsonic-library.ts); every change goes through
 * the same services as GraphQL and REST (likes, playlists, queue).
 */
export function subsonicMethods(services: Pick<Services, 'config' | 'playlists' | 'likes' | 'queue' | 'search' | 'media'>): Record<string, Method> {
  const { storage } = services.media;
  const children = (rows: readonly TrackRow[]) => toChildren(rows, storage);

  /** A song the user may see, or error 70. */
  async function track(call: Call, id: string): Promise<TrackRow> {
    const [row] = await tracksById(call.em, call.user, [id]);
    if (!row) throw subsonicNotFound('Song');
    return row;
  }

  /** The songs the user may see behind a song, album or artist id (an artist's: most played first), for covers and similar songs. */
  async function songIdsBehind(call: Call, id: string, limit: number): Promise<string[]> {
    const artist = artistOfId(id);
    if (artist !== null) {
      const rows = await tracks(call.em, call.user, { where: ["coalesce(s.artist, '') = ?"], params: [artist], orderBy: 's.play_count desc, s.created_at desc, s.id', limit });
      return rows.map((row) => row.id);
    }
    return (await tracksById(call.em, call.user, [songOfAlbum(id) ?? id])).map((row) => row.id);
  }

  const albumList = async (call: Call, type: string, size: number, offset: number): Promise<TrackRow[]> => {
    const { em, user, params } = call;
    const page = { limit: size, offset };
    switch (type) {
      case 'random':
        return tracks(em, user, { orderBy: 'random()', limit: size });
      case 'newest':
        return tracks(em, user, page);
      case 'highest':
        return tracks(em, user, { ...page, orderBy: 's.like_count desc, s.created_at desc, s.id' });
      case 'frequent':
        return tracks(em, user, { ...page, where: ['s.play_count > 0'], orderBy: 's.play_count desc, s.created_at desc, s.id' });
      case 'recent':
        // The user's own plays, most recent first.
        return tracks(em, user, {
          ...page,
          where: ['exists (select 1 from play_history h where h.music_id = s.id and h.user_id = ?)'],
          params: [user.id],
          orderBy: '(select max(h.played_at) from play_history h where h.music_id = s.id and h.user_id = ?) desc, s.id',
          orderParams: [user.id],
        });
      case 'alphabeticalByName':
        return tracks(em, user, { ...page, orderBy: 'lower(s.title), s.id' });
      case 'alphabeticalByArtist':
        return tracks(em, user, { ...page, orderBy: "lower(coalesce(s.artist, '')), lower(s.title), s.id" });
      case 'starred':
        return tracks(em, user, { ...page, where: ['l.id is not null'], orderBy: 'l.created_at desc, s.id' });
      case 'byYear': {
        const from = params.int('fromYear', NaN);
        const to = params.int('toYear', NaN);
        if (Number.isNaN(from)) throw missingParameter('fromYear');
        if (Number.isNaN(to)) throw missingParameter('toYear');
        return tracks(em, user, {
          ...page,
          where: ['extract(year from s.created_at) between ? and ?'],
          params: [Math.min(from, to), Math.max(from, to)],
          orderBy: from <= to ? 's.created_at, s.id' : 's.created_at desc, s.id',
        });
      }
      case 'byGenre':
        return tracks(em, user, { ...page, where: ['s.genre = ?'], params: [params.required('genre')] });
      default:
        throw new SubsonicError(SubsonicCode.generic, `Unknown album list type '${type}'`);
    }
  };

  const playlistShape = (p: Awaited<ReturnType<Services['playlists']['get']>>): SubsonicObject => ({
    id: p.id,
    name: p.name,
    comment: p.description ?? undefined,
    owner: p.ownerName,
    public: p.isPublic,
    songCount: p.songCount,
    duration: Math.round(p.totalDuration),
    created: p.createdAt.toISOString(),
    changed: p.updatedAt.toISOString(),
    coverArt: p.songCount > 0 ? PLAYLIST_COVER_PREFIX + p.id : undefined,
    readonly: !p.isOwner,
  });

  const playlistWithSongs = async (call: Call, id: string): Promise<SubsonicObject> => {
    const playlist = await services.playlists.get(call.em, call.user, id);
    const rows = await tracksById(call.em, call.user, playlist.entries.map((entry) => entry.song.id));
    return { playlist: { ...playlistShape(playlist), entry: await children(rows) } };
  };

  /** Likes or unlikes the songs (and the songs albums stand for) through the likes service. */
  const setStars = async (call: Call, liked: boolean): Promise<SubsonicObject> => {
    const { params } = call;
    if (params.all('artistId').length) throw new SubsonicError(SubsonicCode.generic, 'Starring artists is not supported: star their songs');
    const ids = [...params.all('id'), ...params.all('albumId').map((id) => songOfAlbum(id) ?? id)];
    if (ids.length === 0) throw missingParameter('id');
    for (const songId of ids) await (liked ? services.likes.like(call.em, call.user, { songId }) : services.likes.unlike(call.em, call.user, { songId }));
    return {};
  };

  const structuredLyrics = (row: { title: string; artist: string | null; lrc: string | null; lyrics: string | null }): SubsonicObject[] => {
    const base = { displayArtist: artistName(row.artist), displayTitle: row.title, lang: 'xxx', offset: 0 };
    if (row.lrc) {
      const line = row.lrc.split('\n').flatMap((text) => {
        const match = /^\[(\d+):(\d+(?:\.\d+)?)\](.*)$/.exec(text.trim());
        return match ? [{ start: Math.round((Number(match[1]) * 60 + Number(match[2])) * 1000), value: match[3]!.trim() }] : [];
      });
      if (line.length) return [{ ...base, synced: true, line }];
    }
    if (row.lyrics) {
      // Section labels ([Chorus]) are not sung.
      const line = row.lyrics.split('\n').map((text) => text.trim()).filter((text) => text && !/^\[[^\]]*\]$/.test(text)).map((value) => ({ value }));
      if (line.length) return [{ ...base, synced: false, line }];
    }
    return [];
  };

  return {
    ping: async () => ({}),
    getLicense: async ({ user }) => ({ license: { valid: true, email: user.email ?? undefined } }),
    getMusicFolders: async () => ({ musicFolders: { musicFolder: [MUSIC_FOLDER] } }),
    tokenInfo: async ({ user, params }) => {
      if (params.get('apiKey') === undefined) throw new SubsonicError(SubsonicCode.generic, 'tokenInfo needs an apiKey');
      return { tokenInfo: { username: user.username } };
    },
    getScanStatus: async ({ em, user }) => {
      const [{ count }] = await em.execute<Array<{ count: number }>>(`select count(*)::int as count from songs s where ${listedSongsSql('s')}`, [user.id]);
      return { scanStatus: { scanning: false, count } };
    },
    getUser: async ({ user, params }) => {
      const username = params.required('username');
      if (username.toLowerCase() !== user.username.toLowerCase()) throw new SubsonicError(SubsonicCode.notAuthorized, 'You may only read your own user');
      const admin = effectivePermissions(user).canAccessAdmin;
      return {
        user: {
          username: user.username,
          email: user.email ?? undefined,
          scrobblingEnabled: true,
          adminRole: admin,
          settingsRole: false,
          downloadRole: true,
          uploadRole: false,
          playlistRole: true,
          coverArtRole: false,
          commentRole: false,
          podcastRole: false,
          streamRole: true,
          jukeboxRole: false,
          shareRole: false,
          videoConversionRole: false,
          folder: [MUSIC_FOLDER.id],
        },
      };
    },
    getArtists: async ({ em, user }) => ({ artists: { ignoredArticles: IGNORED_ARTICLES.join(' '), index: indexArtists(await artists(em, user), toArtist) } }),
    getIndexes: async ({ em, user }) => ({
      indexes: {
        ignoredArticles: IGNORED_ARTICLES.join(' '),
        lastModified: Date.now(),
        index: indexArtists(await artists(em, user), (row) => ({ id: artistId(row.artist), name: artistName(row.artist) })),
      },
    }),
    getArtist: async (call) => {
      const id = call.params.required('id');
      const artist = artistOfId(id);
      const [row] = artist === null ? [] : await artists(call.em, call.user, artist);
      if (!row || artist === null) throw subsonicNotFound('Artist');
      const albums = await tracks(call.em, call.user, { where: ["coalesce(s.artist, '') = ?"], params: [artist], limit: LIST_MAX * 10 });
      return { artist: { ...toArtist(row), album: albums.map(toAlbum) } };
    },
    getMusicDirectory: async (call) => {
      const id = call.params.required('id');
      const artist = artistOfId(id);
      if (artist !== null) {
        const albums = await tracks(call.em, call.user, { where: ["coalesce(s.artist, '') = ?"], params: [artist], limit: LIST_MAX * 10 });
        if (albums.length === 0) throw subsonicNotFound('Directory');
        const child = albums.map((row) => ({ ...toChildDirectory(row), parent: id }));
        return { directory: { id, name: artistName(artist), child } };
      }
      const row = await track(call, songOfAlbum(id) ?? id);
      return { directory: { id: albumId(row.id), parent: artistId(row.artist ?? ''), name: row.title, child: [await toChild(row, storage)] } };
    },
    getAlbum: async (call) => {
      const songId = songOfAlbum(call.params.required('id'));
      if (!songId) throw subsonicNotFound('Album');
      const row = await track(call, songId).catch(() => {
        throw subsonicNotFound('Album');
      });
      return { album: { ...toAlbum(row), song: [await toChild(row, storage)] } };
    },
    getAlbumList2: async (call) => {
      const rows = await albumList(call, call.params.required('type'), call.params.int('size', 10, { min: 1, max: LIST_MAX }), call.params.int('offset', 0));
      return { albumList2: { album: rows.map(toAlbum) } };
    },
    getSong: async (call) => ({ song: await toChild(await track(call, call.params.required('id')), storage) }),
    getRandomSongs: async ({ em, user, params }) => {
      const where: string[] = [];
      const values: unknown[] = [];
      const filter = (condition: string, value: unknown) => {
        where.push(condition);
        values.push(value);
      };
      if (params.get('genre')) filter('s.genre = ?', params.get('genre'));
      if (params.get('fromYear')) filter('extract(year from s.created_at) >= ?', params.int('fromYear', 0));
      if (params.get('toYear')) filter('extract(year from s.created_at) <= ?', params.int('toYear', 9999));
      const rows = await tracks(em, user, { where, params: values, orderBy: 'random()', limit: params.int('size', 10, { min: 1, max: LIST_MAX }) });
      return { randomSongs: { song: await children(rows) } };
    },
    getSongsByGenre: async ({ em, user, params }) => {
      const rows = await tracks(em, user, {
        where: ['s.genre = ?'],
        params: [params.required('genre')],
        limit: params.int('count', 10, { min: 1, max: LIST_MAX }),
        offset: params.int('offset', 0),
      });
      return { songsByGenre: { song: await children(rows) } };
    },
    getGenres: async ({ em, user }) => ({ genres: { genre: (await genres(em, user)).map((g) => ({ value: g.genre, songCount: g.songCount, albumCount: g.songCount })) } }),
    search3: async (call) => {
      const { em, user, params } = call;
      const query = (params.get('query') ?? '').trim();
      const window = (name: string) => ({ count: params.int(`${name}Count`, 20, { min: 0, max: LIST_MAX }), offset: params.int(`${name}Offset`, 0) });
      const [artistWindow, albumWindow, songWindow] = [window('artist'), window('album'), window('song')];
      // An empty query (or "") lists the whole library: apps sync their offline copy this way.
      if (query === '' || query === '""') {
        const all = async (w: { count: number; offset: number }) => (w.count ? tracks(em, user, { orderBy: 's.created_at, s.id', limit: w.count, offset: w.offset }) : []);
        const everyArtist = indexArtists(await artists(em, user), toArtist).flatMap((index) => index.artist);
        return {
          searchResult3: {
            artist: everyArtist.slice(artistWindow.offset, artistWindow.offset + artistWindow.count),
            album: (await all(albumWindow)).map(toAlbum),
            song: await children(await all(songWindow)),
          },
        };
      }
      // The search service answers at most SEARCH_LIMIT_MAX per group: later pages are empty.
      const limit = Math.min(SEARCH_LIMIT_MAX, Math.max(1, ...[artistWindow, albumWindow, songWindow].map((w) => w.offset + w.count)));
      const found = await services.search.search(em, user, { text: query.slice(0, 200), limit });
      const page = <T>(items: readonly T[], w: { count: number; offset: number }) => items.slice(w.offset, w.offset + w.count);
      const songRows = await tracksById(em, user, found.songs.map((song) => song.id));
      const artistRows = (await artists(em, user)).filter((row) => page(found.artists, artistWindow).some((a) => a.name === row.artist));
      return {
        searchResult3: {
          artist: page(found.artists, artistWindow).flatMap((a) => artistRows.filter((row) => row.artist === a.name).map(toArtist)),
          album: page(songRows, albumWindow).map(toAlbum),
          song: await children(page(songRows, songWindow)),
        },
      };
    },
    getCoverArt: async (call) => {
      const id = call.params.required('id');
      let songIds: string[];
      if (id.startsWith(PLAYLIST_COVER_PREFIX)) {
        const playlist = await services.playlists.get(call.em, call.user, id.slice(PLAYLIST_COVER_PREFIX.length));
        songIds = playlist.entries.map((entry) => entry.song.id);
      } else songIds = await songIdsBehind(call, id, 50);
      const withCover = (await tracksById(call.em, call.user, songIds)).find((row) => mediaKey(row.coverUrl));
      const source = withCover && mediaKey(withCover.coverUrl);
      if (!source) throw subsonicNotFound('Cover art');
      const size = call.params.get('size') === undefined ? null : call.params.int('size', 0, { min: 1 });
      const cover = await coverFile(storage, source, size).catch(() => null);
      if (!cover || !(await services.media.send(call.req, call.res, cover.key, { cacheControl: SUBSONIC_MEDIA_CACHE, contentType: cover.type }))) throw subsonicNotFound('Cover art');
      return null;
    },
    stream: async (call) => {
      const song = await findVisibleSong(call.em, call.user, call.params.required('id'));
      const maxBitRate = call.params.get('format') === 'raw' ? 0 : call.params.int('maxBitRate', 0, { min: 0 });
      const key = await audioFor(storage, song.id, song.audioUrl, song.duration, maxBitRate);
      if (!key || !(await services.media.send(call.req, call.res, key, { cacheControl: SUBSONIC_MEDIA_CACHE, contentType: 'audio/mpeg' }))) throw subsonicNotFound('Audio');
      return null;
    },
    download: async (call) => {
      const song = await findVisibleSong(call.em, call.user, call.params.required('id'));
      const key = mediaKey(song.audioUrl);
      const name = `${artistName(song.artist)} - ${song.title}.mp3`.replace(/[\\/:*?"<>|]/g, '_');
      if (!key || !(await services.media.send(call.req, call.res, key, { cacheControl: SUBSONIC_MEDIA_CACHE, contentType: 'audio/mpeg', downloadName: name }))) throw subsonicNotFound('Audio');
      return null;
    },
    getPlaylists: async (call) => {
      const username = call.params.get('username');
      if (username && username.toLowerCase() !== call.user.username.toLowerCase()) throw new SubsonicError(SubsonicCode.notAuthorized, "You may only list your own playlists");
      return { playlists: { playlist: (await services.playlists.mine(call.em, call.user)).map(playlistShape) } };
    },
    getPlaylist: async (call) => playlistWithSongs(call, call.params.required('id')),
    createPlaylist: async (call) => {
      const { em, user, params } = call;
      const songIds = params.all('songId');
      const existing = params.get('playlistId');
      if (existing) {
        // Subsonic's "update by re-creating": the playlist's songs become exactly these.
        const current = await services.playlists.get(em, user, existing);
        const old = current.entries.map((entry) => entry.song.id);
        if (old.length) await services.playlists.removeSongs(em.fork(), user, { id: existing, songIds: old });
        if (songIds.length) await services.playlists.addSongs(em.fork(), user, { id: existing, songIds });
        const name = params.get('name');
        if (name) await services.playlists.rename(em.fork(), user, { id: existing, name });
        return playlistWithSongs({ ...call, em: em.fork() }, existing);
      }
      const created = await services.playlists.create(em, user, { name: params.required('name'), songIds });
      return playlistWithSongs({ ...call, em: em.fork() }, created.id);
    },
    updatePlaylist: async ({ em, user, params }) => {
      const id = params.required('playlistId');
      const playlist = await services.playlists.get(em, user, id);
      const name = params.get('name');
      if (name !== undefined) await services.playlists.rename(em.fork(), user, { id, name });
      const comment = params.get('comment');
      if (comment !== undefined) await services.playlists.describe(em.fork(), user, { id, description: comment });
      const isPublic = params.get('public');
      if (isPublic !== undefined) await services.playlists.setPublic(em.fork(), user, { id, isPublic: isPublic === 'true' });
      const removeAt = params.all('songIndexToRemove').map(Number);
      if (removeAt.some((at) => !Number.isInteger(at) || at < 0 || at >= playlist.entries.length)) throw new SubsonicError(SubsonicCode.generic, 'songIndexToRemove is out of range');
      if (removeAt.length) await services.playlists.removeSongs(em.fork(), user, { id, songIds: removeAt.map((at) => playlist.entries[at]!.song.id) });
      const add = params.all('songIdToAdd');
      if (add.length) await services.playlists.addSongs(em.fork(), user, { id, songIds: add });
      return {};
    },
    deletePlaylist: async ({ em, user, params }) => {
      await services.playlists.delete(em, user, { id: params.required('id') });
      return {};
    },
    star: (call) => setStars(call, true),
    unstar: (call) => setStars(call, false),
    getStarred2: async ({ em, user }) => {
      const rows = await tracks(em, user, { where: ['l.id is not null'], orderBy: 'l.created_at desc, s.id', limit: 10_000 });
      return { starred2: { artist: [], album: rows.map(toAlbum), song: await children(rows) } };
    },
    scrobble: async ({ em, user, params }) => {
      const ids = params.all('id');
      if (ids.length === 0) throw missingParameter('id');
      // submission=false is "now playing": not kept.
      if (!params.bool('submission', true)) return {};
      const times = params.all('time').map(Number);
      const plays = ids.map((songId, at) => ({ songId, playedAt: Number.isFinite(times[at]) && times[at]! > 0 ? new Date(times[at]!) : null }));
      await services.queue.recordPlays(em, user, { plays });
      return {};
    },
    getPlayQueue: async ({ em, user }) => {
      const queue = await services.queue.getQueue(em, user);
      if (!queue.currentSong) return {};
      const [head] = await em.execute<Array<{ positionMs: number | null; changedBy: string | null; updatedAt: Date | string }>>(
        'select position_ms as "positionMs", changed_by as "changedBy", updated_at as "updatedAt" from play_queues where user_id = ?',
        [user.id],
      );
      const rows = await tracksById(em, user, [queue.currentSong.id, ...queue.upcomingQueue.map((song) => song.id)]);
      return {
        playQueue: {
          current: queue.currentSong.id,
          position: head?.positionMs ?? 0,
          username: user.username,
          changed: new Date(head?.updatedAt ?? Date.now()).toISOString(),
          changedBy: head?.changedBy ?? 'Songforge web',
          entry: await children(rows),
        },
      };
    },
    savePlayQueue: async ({ em, user, params }) => {
      const position = params.get('position');
      await services.queue.saveClientQueue(em, user, {
        songIds: params.all('id'),
        currentId: params.get('current') || null,
        positionMs: position === undefined || position === '' ? null : params.int('position', 0),
        changedBy: params.get('c')?.slice(0, 100) || null,
      });
      return {};
    },
    getLyricsBySongId: async ({ em, user, params }) => {
      const song = await findVisibleSong(em, user, params.required('id'));
      return { lyricsList: { structuredLyrics: structuredLyrics(song) } };
    },
    getSimilarSongs: async (call) => {
      const seeds = await songIdsBehind(call, call.params.required('id'), 20);
      if (seeds.length === 0) throw subsonicNotFound('Song');
      const rows = await tracksById(call.em, call.user, await similarSongIds(call.em, call.user, seeds, call.params.int('count', 50, { min: 1, max: LIST_MAX })));
      return { similarSongs: { song: await children(rows) } };
    },
    getSimilarSongs2: async (call) => {
      const id = call.params.required('id');
      if (artistOfId(id) === null) throw subsonicNotFound('Artist');
      const seeds = await songIdsBehind(call, id, 20);
      if (seeds.length === 0) throw subsonicNotFound('Artist');
      const rows = await tracksById(call.em, call.user, await similarSongIds(call.em, call.user, seeds, call.params.int('count', 50, { min: 1, max: LIST_MAX })));
      return { similarSongs2: { song: await children(rows) } };
    },
    getTopSongs: async ({ em, user, params }) => {
      const artist = params.required('artist');
      const rows = await tracks(em, user, {
        where: ["coalesce(s.artist, '') = ?"],
        params: [artist === 'Unknown artist' ? '' : artist],
        orderBy: 's.play_count desc, s.like_count desc, s.created_at desc, s.id',
        limit: params.int('count', 50, { min: 1, max: LIST_MAX }),
      });
      return { topSongs: { song: await children(rows) } };
    },
  };
}

/** Methods that need no credentials (OpenSubsonic: clients ask before they sign in). */
export const PUBLIC_SUBSONIC_METHODS: Record<string, () => SubsonicObject> = {
  getOpenSubsonicExtensions: () => ({ openSubsonicExtensions: OPEN_SUBSONIC_EXTENSIONS }),
};

/** The Subsonic API under /rest (docs/subsonic.md): `/rest/<method>` and `/rest/<method>.view`, GET or POST (formPost). */
export function subsonicRoutes(services: Services): Router {
  const methods = subsonicMethods(services);
  const router = Router();
  // Subsonic web apps run on other origins; no cookie is read here, so any origin may call (credentials are in the request).
  router.use((req, res, next) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    if (req.method === 'OPTIONS') {
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST, HEAD, OPTIONS');
      res.setHeader('Access-Control-Allow-Headers', 'Content-Type, Range');
      res.status(204).end();
      return;
    }
    next();
  });
  router.use(express.urlencoded({ extended: false, limit: '1mb', parameterLimit: 10_000 }));

  router.all('/:method', async (req: Request, res: Response, next: NextFunction) => {
    const values = { ...(req.query as Record<string, unknown>), ...((req.body ?? {}) as Record<string, unknown>) };
    const params = new Params(values);
    const format = responseFormat(params.get('f'), params.get('callback'));
    const name = String(req.params.method).replace(/\.view$/, '');
    try {
      if (req.method !== 'GET' && req.method !== 'POST' && req.method !== 'HEAD') throw new SubsonicError(SubsonicCode.generic, 'Use GET or POST');
      try {
        assertSafeText(values);
      } catch {
        throw new SubsonicError(SubsonicCode.generic, UNSAFE_TEXT_MESSAGE);
      }
      const open = PUBLIC_SUBSONIC_METHODS[name];
      if (open) return sendSubsonic(res, format, open());
      const method = methods[name];
      if (!method) return sendSubsonic(res, format, new SubsonicError(SubsonicCode.notFound, `Unknown or unsupported method '${name}'`), 404);
      const em = services.orm.em.fork();
      const user = await authenticateSubsonic(em, services.apiAccess, { u: params.get('u'), p: params.get('p'), t: params.get('t'), s: params.get('s'), apiKey: params.get('apiKey') });
      const payload = await method({ em, user, params, req, res });
      if (payload) sendSubsonic(res, format, payload);
    } catch (error) {
      const known = toSubsonicError(error);
      if (!known) return next(error);
      if (res.headersSent) return res.end();
      sendSubsonic(res, format, known);
    }
  });
  return router;
}
