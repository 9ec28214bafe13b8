import { loadSharp } from '../common/lazy.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { parseInput } from '../common/validation.js';
import { badInput, forbidden, notFound } from '../common/errors.js';
import type { User } from '../users/user.entity.js';
import { effectivePermissions, isAdmin } from '../users/permissions.js';
import { Song } from '../songs/song.entity.js';
import { songIdSchema, visibleSongs } from '../songs/song-access.js';
import { resyncLrc } from './lyrics-sync.js';
import { analyseSongContent } from '../moderation/moderation.service.js';
import { CoverChoiceView, ManagedSongView } from './song-management.view.js';
import type { QueueService } from '../library/queue.service.js';
import type { LibraryReads } from '../songs/library-reads.js';
import type { PlaylistService } from '../playlists/playlist.service.js';
import { mediaKey, mediaUrl, type MediaStorage } from '../storage/media-storage.js';
import { connectionArgsSchema, pageRequest, type Connection } from '../connections/cursor.js';
import { newestFirstConnection } from '../connections/newest-first.js';

export const MANAGE_FORBIDDEN = 'You do not have permission to manage songs';
/** Songs one bulk action takes. */
export const BULK_MAX = 500;
export const LYRICS_MAX = 10_000;
/** Uploaded cover images: the largest accepted file, and the sizes kept (as generation writes them). */
export const COVER_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const COVER_SIZE = 1024;
export const THUMBNAIL_SIZE = 256;
export const COVER_CHOICES_MAX = 200;

const optionalText = (name: string, max: number) =>
  z
    .string({ error: `${name} must be text` })
    .trim()
    .max(max, `${name} must be at most ${max} characters`)
    .nullish()
    .transform((text) => (text === undefined ? undefined : text || null));
const updateSchema = z.object({
  id: songIdSchema,
  title: z.string({ error: 'Title must be text' }).trim().min(1, 'Title is required').max(255, 'Title must be at most 255 characters').nullish(),
  artist: optionalText('Artist', 255),
  genre: optionalText('Genre', 100),
  mood: optionalText('Mood', 100),
  lyrics: optionalText('Lyrics', LYRICS_MAX),
  isPublic: z.boolean({ error: 'isPublic must be true or false' }).nullish(),
  canBeShared: z.boolean({ error: 'canBeShared must be true or false' }).nullish(),
  coverFromSongId: songIdSchema.nullish(),
});
const idsSchema = z
  .array(songIdSchema, { error: 'songIds must be a list of song ids' })
  .min(1, 'Choose at least one song')
  .max(BULK_MAX, `At most ${BULK_MAX} songs at once`)
  .transform((ids) => [...new Set(ids)]);
const visibilitySchema = z.object({
  songIds: idsSchema,
  isPublic: z.boolean({ error: 'isPublic must be true or false' }).nullish(),
  canBeShared: z.boolean({ error: 'canBeShared must be true or false' }).nullish(),
});
const deleteSchema = z.object({ songIds: idsSchema });
const listSchema = z.object({ all: z.boolean({ error: 'all must be true or false' }).nullish() });
const listConnectionSchema = listSchema.extend(connectionArgsSchema.shape);

function toView(song: Song): ManagedSongView {
  return Object.assign(new ManagedSongView(), {
    id: song.id,
    title: song.title,
    artist: song.artist,
    genre: song.genre,
    mood: song.mood,
    lyrics: song.lyrics,
    lrc: song.lrc,
    duration: song.duration,
    audioUrl: song.audioUrl,
    coverUrl: song.coverUrl,
    thumbnailUrl: song.thumbnailUrl,
    isPublic: song.isPublic,
    canBeShared: song.canBeShared,
    ownerName: song.user?.username ?? null,
    playCount: song.playCount,
    likeCount: song.likeCount,
    createdAt: song.createdAt,
  });
}

/**
 * Song management (/song-management, docs/song-management.md): a user with canManageSongs edits and
 * deletes their own songs; admins every song. Others' songs are NOT_FOUND here, as if absent.
 */
export class SongManagementService {
  constructor(
    private readonly storage: MediaStorage,
    private readonly queue: QueueService,
    private readonly playlists: PlaylistService,
    /** The library pages kept in memory: every committed change here is announced to them. */
    private readonly library: LibraryReads,
  ) {}

  /** The caller's songs, newest first; with `all` (admins only) every song. */
  async list(em: EntityManager, user: User, input: unknown): Promise<ManagedSongView[]> {
    assertManager(user);
    const { all } = parseInput(listSchema, input);
    if (all && !isAdmin(user)) throw forbidden('Only admins can manage every song');
    const songs = await em.find(Song, all ? {} : { user: user.id }, { orderBy: { createdAt: 'desc', id: 'asc' }, populate: ['user'] });
    return songs.map(toView);
  }

  /** The same songs as `list` as a cursor connection (`managedSongsConnection`), newest first. */
  async listConnection(em: EntityManager, user: User, input: unknown): Promise<Connection<ManagedSongView>> {
    assertManager(user);
    const { all, ...args } = parseInput(listConnectionSchema, input ?? {});
    if (all && !isAdmin(user)) throw forbidden('Only admins can manage every song');
    const page = pageRequest(args);
    const source = { list: 'managed-songs', at: 's.created_at', id: 's.id', idSchema: z.string().min(1).max(200), from: 'from songs s', where: all ? ['true'] : ['s.user_id = ?'], params: all ? [] : [user.id] };
    return newestFirstConnection<{ id: string }, ManagedSongView>(em, source, page, {
      columns: 's.id',
      nodes: async (rows) => {
        const found = new Map((await em.find(Song, { id: { $in: rows.map((row) => row.id) } }, { populate: ['user'] })).map((song) => [song.id, song]));
        return rows.map((row) => toView(found.get(row.id)!));
      },
    });
  }

  /** Covers a song may take: those of the songs the caller may see (generated ones), newest first. */
  async coverChoices(em: EntityManager, user: User): Promise<CoverChoiceView[]> {
    assertManager(user);
    const songs = await em.find(
      Song,
      { $and: [visibleSongs(user), { coverUrl: { $like: '/media/covers/%' } }] },
      { orderBy: { createdAt: 'desc', id: 'asc' }, limit: COVER_CHOICES_MAX, fields: ['id', 'title', 'coverUrl', 'thumbnailUrl'] },
    );
    return songs.map((song) => Object.assign(new CoverChoiceView(), { songId: song.id, title: song.title, coverUrl: song.coverUrl!, thumbnailUrl: song.thumbnailUrl ?? song.coverUrl! }));
  }

  /** Edits a song; new lyrics re-sync its LRC (lyrics-sync.ts); a cover from another song is copied. */
  async update(em: EntityManager, user: User, input: unknown): Promise<ManagedSongView> {
    assertManager(user);
    const { id, coverFromSongId, lyrics, ...fields } = parseInput(updateSchema, input);
    const [song] = await findManageable(em, user, [id]);
    for (const [key, value] of Object.entries(fields)) {
      if (value !== undefined && value !== null) Object.assign(song!, { [key]: value });
      else if (value === null && (key === 'artist' || key === 'genre' || key === 'mood')) Object.assign(song!, { [key]: null });
    }
    if (lyrics !== undefined) {
      const end = song!.audioEndTime ?? song!.duration ?? 0;
      song!.lrc = resyncLrc(lyrics, song!.lrc, { start: song!.audioStartTime ?? 0, end });
      song!.lyrics = lyrics;
    }
    if (coverFromSongId) {
      const source = await em.findOne(Song, { $and: [{ id: coverFromSongId }, visibleSongs(user)] });
      if (!source?.coverUrl?.startsWith('/media/covers/')) throw notFound('That cover is not available');
      Object.assign(song!, await this.copyCover(song!.id, source));
    }
    if (lyrics !== undefined || (fields.title !== undefined && fields.title !== null)) {
      // New words are analysed again (a flagged song joins the moderation queue); its flush commits the edit and the analysis together.
      const settings = song!.settings as { prompt?: string | null } | null;
      await analyseSongContent(em, song!, { title: song!.title, prompt: settings?.prompt ?? null, lyrics: song!.lyrics });
    }
    await em.flush();
    await this.library.changed();
    return toView(song!);
  }

  /** Replaces a song's cover with an uploaded image, resized (sharp) to the cover and thumbnail sizes. */
  async uploadCover(em: EntityManager, user: User, songId: unknown, image: Buffer): Promise<ManagedSongView> {
    assertManager(user);
    const [song] = await findManageable(em, user, [parseInput(songIdSchema, songId)]);
    if (image.length === 0) throw badInput('Choose an image file');
    if (image.length > COVER_UPLOAD_MAX_BYTES) throw badInput(`The image must be at most ${COVER_UPLOAD_MAX_BYTES / 1024 / 1024} MB`);
    const sharp = await loadSharp();
    let full: Buffer;
    let thumbnail: Buffer;
    try {
      const square = (size: number) => sharp(image, { limitInputPixels: 64_000_000 }).rotate().resize(size, size, { fit: 'cover' }).png().toBuffer();
      [full, thumbnail] = await Promise.all([square(COVER_SIZE), square(THUMBNAIL_SIZE)]);
    } catch {
      throw badInput('That file is not an image we can read (PNG, JPEG, WebP, GIF or AVIF)');
    }
    const names = coverNames(song!.id);
    await Promise.all([this.storage.write(names.full, full), this.storage.write(names.thumbnail, thumbnail)]);
    song!.coverUrl = mediaUrl(names.full);
    song!.thumbnailUrl = mediaUrl(names.thumbnail);
    await em.flush();
    await this.library.changed();
    return toView(song!);
  }

  /** Sets isPublic and/or canBeShared on several songs at once. */
  async setVisibility(em: EntityManager, user: User, input: unknown): Promise<ManagedSongView[]> {
    assertManager(user);
    const { songIds, isPublic, canBeShared } = parseInput(visibilitySchema, input);
    if ((isPublic ?? null) === null && (canBeShared ?? null) === null) throw badInput('Choose isPublic or canBeShared');
    const views = await em.transactional(async (tx) => {
      const songs = await findManageable(tx, user, songIds);
      for (const song of songs) {
        if (typeof isPublic === 'boolean') song.isPublic = isPublic;
        if (typeof canBeShared === 'boolean') song.canBeShared = canBeShared;
      }
      return songs.map(toView);
    });
    await this.library.changed();
    return views;
  }

  /**
   * Deletes songs: the rows (likes, queue entries, play history and moderation rows go with them by
   * ON DELETE CASCADE; a queue's current song and a generation request's song are cleared; playlists
   * close the gap) in one transaction, then their media files. The queues and playlists that held
   * them are pushed to the devices showing them. Answers the deleted ids.
   */
  async delete(em: EntityManager, user: User, input: unknown): Promise<string[]> {
    assertManager(user);
    const { songIds } = parseInput(deleteSchema, input);
    const { ids, queueOwners, playlistChanges } = await em.transactional(async (tx) => {
      const ids = (await findManageable(tx, user, songIds)).map((song) => song.id);
      const playlistChanges = await this.playlists.detachSongs(tx, ids);
      const queueOwners = await this.queue.touchQueuesHolding(tx, ids);
      await tx.nativeDelete(Song, { id: { $in: ids } });
      return { ids, queueOwners, playlistChanges };
    });
    await this.library.changed();
    await Promise.all(ids.map((id) => this.removeMedia(id)));
    this.playlists.publishChanges(playlistChanges);
    await this.queue.pushQueues(em.fork(), queueOwners);
    return ids;
  }

  private async copyCover(songId: string, source: Song): Promise<Pick<Song, 'coverUrl' | 'thumbnailUrl'>> {
    const names = coverNames(songId);
    const full = mediaKey(source.coverUrl);
    const thumbnail = mediaKey(source.thumbnailUrl) ?? full;
    if (!full || !thumbnail) throw notFound('That cover is not available');
    await Promise.all([this.storage.copy(full, names.full), this.storage.copy(thumbnail, names.thumbnail)]);
    return { coverUrl: mediaUrl(names.full), thumbnailUrl: mediaUrl(names.thumbnail) };
  }

  /** A song's own files: its MP3s and every cover named after it (generated, copied, uploaded or enhanced). */
  private async removeMedia(songId: string): Promise<void> {
    const own = (key: string) => key.startsWith(`songs/${songId}.`) || key.startsWith(`songs/${songId}-`) || key.startsWith(`covers/${songId}.`) || key.startsWith(`covers/${songId}-`);
    const keys: string[] = [];
    for (const folder of ['songs/', 'covers/']) for await (const object of this.storage.list(`${folder}${songId}`)) if (own(object.key)) keys.push(object.key);
    await this.storage.remove(keys);
  }
}

function assertManager(user: User): void {
  if (!effectivePermissions(user).canManageSongs) throw forbidden(MANAGE_FORBIDDEN);
}

/** New file names for a song's cover: media is served as immutable, so a changed cover gets a new name. */
function coverNames(songId: string): { full: string; thumbnail: string } {
  const version = Date.now().toString(36);
  return { full: `covers/${songId}-v${version}.png`, thumbnail: `covers/${songId}-v${version}-256.png` };
}

/** The songs when the caller may manage every one of them (their own; any for admins); else NOT_FOUND. */
async function findManageable(em: EntityManager, user: User, ids: readonly string[]): Promise<Song[]> {
  const songs = await em.find(Song, isAdmin(user) ? { id: { $in: [...ids] } } : { id: { $in: [...ids] }, user: user.id }, { populate: ['user'] });
  if (songs.length !== new Set(ids).size) throw notFound('Song not found');
  const byId = new Map(songs.map((song) => [song.id, song]));
  return ids.map((id) => byId.get(id)!);
}
