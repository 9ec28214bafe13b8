import type { EntityManager } from '@mikro-orm/postgresql';
import { LockMode } from '@mikro-orm/core';
import { z } from 'zod';
import { parseInput } from '../common/validation.js';
import { shuffled } from '../common/shuffle.js';
import { toSerialId } from '../common/ids.js';
import { badInput, forbidden, notFound } from '../common/errors.js';
import { playlistTopic, Topics, userTopic, type AppPubSub } from '../pubsub/pubsub.js';
import { User } from '../users/user.entity.js';
import { findVisibleSongs, playlistSongsParams, playlistSongsSql, sharedSongs, songIdSchema, visibleSongs } from '../songs/song-access.js';
import { viewSongs } from '../songs/song-views.js';
import type { QueueOutcome, QueueService } from '../library/queue.service.js';
import { Playlist } from './playlist.entity.js';
import { PlaylistSong } from './playlist-song.entity.js';
import { PlaylistChangeView, PlaylistEntryView, PlaylistView, type FullPlaylistView, type PlaylistEntryRow } from './playlist.view.js';
import { connectionArgsSchema, connectionFrom, cursorTimestamp, cursorTimestampSql, decodeCursor, encodeCursor, keyset, pageRequest, type Connection } from '../connections/cursor.js';

export const PLAYLIST_NAME_MAX = 100;
export const PLAYLIST_DESCRIPTION_MAX = 300;
/** Most songs one playlist holds. */
export const PLAYLIST_SONGS_MAX = 5000;
/** Most songs one call adds to an existing playlist (a library multi-select); a new one (a copy) may start full. */
export const PLAYLIST_ADD_MAX = 500;
/** How many covers the collage shows. */
export const PLAYLIST_COVERS = 4;

const nameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(PLAYLIST_NAME_MAX, `Name must be at most ${PLAYLIST_NAME_MAX} characters`);
const descriptionSchema = z
  .string({ error: 'Description must be text' })
  .trim()
  .max(PLAYLIST_DESCRIPTION_MAX, `Description must be at most ${PLAYLIST_DESCRIPTION_MAX} characters`)
  .nullish()
  .transform((text) => text || null);
const songIdsSchema = (max: number) =>
  z
    .array(songIdSchema, { error: 'songIds must be a list of song ids' })
    .max(max, `At most ${max} songs at once`)
    .transform((ids) => [...new Set(ids)]);
const positionSchema = (name: string) =>
  z.number({ error: `${name} must be a whole number` }).int(`${name} must be a whole number`).min(0, `${name} must not be negative`);
const isPublicSchema = z.boolean({ error: 'isPublic must be true or false' });

const idOnly = z.object({ id: z.unknown() });
const createSchema = z.object({ name: nameSchema, description: descriptionSchema, isPublic: isPublicSchema.nullish(), songIds: songIdsSchema(PLAYLIST_SONGS_MAX).nullish() });
const renameSchema = z.object({ id: z.unknown(), name: nameSchema });
const describeSchema = z.object({ id: z.unknown(), description: descriptionSchema });
const visibilitySchema = z.object({ id: z.unknown(), isPublic: isPublicSchema });
const addSchema = z.object({ id: z.unknown(), songIds: songIdsSchema(PLAYLIST_ADD_MAX).refine((ids) => ids.length > 0, 'Choose at least one song'), position: positionSchema('position').nullish() });
const removeSchema = z.object({ id: z.unknown(), songIds: songIdsSchema(PLAYLIST_ADD_MAX).refine((ids) => ids.length > 0, 'Choose at least one song') });
const moveSchema = z.object({ id: z.unknown(), songId: songIdSchema, toPosition: positionSchema('toPosition') });
const playSchema = z.object({ id: z.unknown(), startSongId: songIdSchema.nullish(), shuffle: z.boolean().nullish() });
const enqueueSchema = z.object({ id: z.unknown(), next: z.boolean().nullish() });

/** Published after every change; each subscriber gets the playlist as they may see it. */
export interface PlaylistChangedEvent {
  playlistId: number;
  ownerId: number;
  deleted: boolean;
  /** Public before or after the change: subscribers other than the owner hear of it. */
  sharedWithOthers: boolean;
}

/**
 * Whether a subscriber hears of a change: without a playlist id, changes to their own playlists;
 * with one, changes to that playlist when they own it or it is (or just was) public.
 */
export function receivesPlaylistChange(event: PlaylistChangedEvent, user: User | null, playlistId: string | null | undefined): boolean {
  if (!user) return false;
  if (playlistId === null || playlistId === undefined) return event.ownerId === user.id;
  return String(event.playlistId) === playlistId && (event.ownerId === user.id || event.sharedWithOthers);
}

const PLAYLISTS_CURSOR = 'playlists';
const playlistsCursorKey = z.tuple([cursorTimestamp, z.number().int()]);
const PLAYLIST_SONGS_CURSOR = 'playlist-songs';
const playlistSongsCursorKey = z.tuple([z.number().int(), z.number().int()]);

/** Playlist ids are positive integers; anything else names no playlist. */
const toPlaylistId = (raw: unknown) => toSerialId(raw, 'Playlist not found');


/**
 * The songs of a locked playlist in stored order. `order` is edited in memory and `save` writes
 * back dense positions 0..n-1 (closing gaps a deleted song left behind).
 */
class PlaylistEdit {
  order: string[];

  private constructor(
    private readonly tx: EntityManager,
    readonly playlist: Playlist,
    private readonly entries: PlaylistSong[],
    /** Song ids the editor may see; the others stay where they are, unseen. */
    readonly visible: ReadonlySet<string>,
  ) {
    this.order = entries.map((entry) => entry.music.id);
  }

  static async open(tx: EntityManager, user: User, id: number): Promise<PlaylistEdit> {
    const playlist = await tx.findOne(Playlist, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!playlist || playlist.user.id !== user.id) {
      if (playlist?.isPublic) throw forbidden('Only the owner can change this playlist');
      throw notFound('Playlist not found');
    }
    const entries = await tx.find(PlaylistSong, { playlist: id }, { orderBy: { position: 'asc', id: 'asc' } });
    const visible = await tx.find(PlaylistSong, { playlist: id, music: visibleSongs(user) }, { fields: ['music'] });
    return new PlaylistEdit(tx, playlist, entries, new Set(visible.map((entry) => entry.music.id)));
  }

  /** The song ids the editor sees, in order. */
  visibleOrder(): string[] {
    return this.order.filter((songId) => this.visible.has(songId));
  }

  /** Index in `order` of a position in the visible list (its end when the position is the visible length). */
  storedIndex(visiblePosition: number): number {
    const seen = this.visibleOrder();
    if (visiblePosition > seen.length) throw badInput(`Position ${visiblePosition} is out of range (the playlist has ${seen.length} songs)`);
    return visiblePosition === seen.length ? this.order.length : this.order.indexOf(seen[visiblePosition]!);
  }

  async save(): Promise<boolean> {
    const { tx, playlist } = this;
    const before = new Map(this.entries.map((entry) => [entry.music.id, entry]));
    const kept = new Set(this.order);
    const removed = this.entries.filter((entry) => !kept.has(entry.music.id));
    const added = this.order.flatMap((songId, position) => (before.has(songId) ? [] : [{ playlist: playlist.id, music: songId, position }]));
    const moved = this.order.flatMap((songId, position) => {
      const entry = before.get(songId);
      return entry && entry.position !== position ? [[entry.id, position] as const] : [];
    });
    if (removed.length + added.length + moved.length === 0) return false;
    if (removed.length) await tx.nativeDelete(PlaylistSong, { id: { $in: removed.map((entry) => entry.id) } });
    if (moved.length) {
      await tx.execute(
        `update "playlist_songs" set "position" = case "id" ${moved.map(() => 'when ?::int then ?::int').join(' ')} end where "id" in (${moved.map(() => '?').join(', ')})`,
        [...moved.flat(), ...moved.map(([id]) => id)],
      );
    }
    if (added.length) await tx.insertMany(PlaylistSong, added);
    return true;
  }
}

/**
 * Playlists: a user's own lists of songs, shared read-only when public. Every change locks the
 * playlist row, so edits from several devices apply one after another with dense positions, and
 * is pushed to the owner's devices and the playlist's viewers (playlistChanged).
 */
export class PlaylistService {
  constructor(
    private readonly pubsub: AppPubSub,
    private readonly queue: QueueService,
  ) {}

  /** The user's own playlists, most recently changed first. */
  async mine(em: EntityManager, user: User): Promise<FullPlaylistView[]> {
    const playlists = await em.find(Playlist, { user: user.id }, { orderBy: { updatedAt: 'desc', id: 'desc' }, populate: ['user'] });
    return playlistViews(em, user, playlists);
  }

  /** The user's own playlists as a cursor connection, most recently changed first (the cursor: change time and id). */
  async mineConnection(em: EntityManager, user: User, input: unknown): Promise<Connection<PlaylistView>> {
    const page = pageRequest(parseInput(connectionArgsSchema, input ?? {}));
    const { past, order } = keyset(page);
    const where = ['p.user_id = ?'];
    const params: unknown[] = [user.id];
    if (page.cursor) {
      where.push(`(p.updated_at, p.id) ${past} (?::timestamptz, ?)`);
      params.push(...decodeCursor(PLAYLISTS_CURSOR, page.cursor, playlistsCursorKey));
    }
    const rows = await em.execute<Array<{ id: number; cursorAt: string }>>(
      `select p.id, ${cursorTimestampSql('p.updated_at')} as "cursorAt" from playlists p where ${where.join(' and ')} order by p.updated_at ${order}, p.id ${order} limit ?`,
      [...params, page.size + 1],
    );
    const views = await playlistViewsById(em, user, rows.slice(0, page.size).map((row) => row.id));
    return connectionFrom(rows, {
      page,
      cursorOf: (row) => encodeCursor(PLAYLISTS_CURSOR, [row.cursorAt, row.id]),
      node: (row) => views.get(String(row.id))!,
      totalCount: () => em.count(Playlist, { user: user.id }),
    });
  }

  /** A playlist the user owns, or a public one; anything else is NOT_FOUND (its existence is not revealed). */
  async get(em: EntityManager, user: User, id: unknown): Promise<FullPlaylistView> {
    const [view] = await playlistViews(em, user, [await findReadable(em, user, toPlaylistId(id))]);
    return view!;
  }

  async create(em: EntityManager, user: User, input: unknown): Promise<FullPlaylistView> {
    const { name, description, isPublic, songIds } = parseInput(createSchema, input);
    const playlist = await em.transactional(async (tx) => {
      const created = tx.create(Playlist, { user: tx.getReference(User, user.id), name, description, isPublic: isPublic ?? false });
      await tx.flush();
      if (songIds?.length) {
        await findVisibleSongs(tx, user, songIds);
        await tx.insertMany(PlaylistSong, songIds.map((songId, position) => ({ playlist: created.id, music: songId, position })));
      }
      return created;
    });
    this.publish({ playlistId: playlist.id, ownerId: user.id, deleted: false, sharedWithOthers: playlist.isPublic });
    return this.get(em.fork(), user, playlist.id);
  }

  async rename(em: EntityManager, user: User, input: unknown): Promise<FullPlaylistView> {
    const { id, name } = parseInput(renameSchema, input);
    return this.change(em, user, id, (edit) => {
      edit.playlist.name = name;
    });
  }

  async describe(em: EntityManager, user: User, input: unknown): Promise<FullPlaylistView> {
    const { id, description } = parseInput(describeSchema, input);
    return this.change(em, user, id, (edit) => {
      edit.playlist.description = description;
    });
  }

  async setPublic(em: EntityManager, user: User, input: unknown): Promise<FullPlaylistView> {
    const { id, isPublic } = parseInput(visibilitySchema, input);
    return this.change(em, user, id, (edit) => {
      edit.playlist.isPublic = isPublic;
    });
  }

  /** Deletes the playlist (its songs go with it); answers its id. */
  async delete(em: EntityManager, user: User, input: unknown): Promise<string> {
    const id = toPlaylistId(parseInput(idOnly, input).id);
    const wasPublic = await em.transactional(async (tx) => {
      const { playlist } = await PlaylistEdit.open(tx, user, id);
      tx.remove(playlist);
      return playlist.isPublic;
    });
    this.publish({ playlistId: id, ownerId: user.id, deleted: true, sharedWithOthers: wasPublic });
    return String(id);
  }

  /**
   * Adds songs the user may see at a position of the list they see (the end when absent).
   * Songs already in the playlist stay where they are.
   */
  async addSongs(em: EntityManager, user: User, input: unknown): Promise<FullPlaylistView> {
    const { id, songIds, position } = parseInput(addSchema, input);
    return this.change(em, user, id, async (edit, tx) => {
      await findVisibleSongs(tx, user, songIds);
      const present = new Set(edit.order);
      const fresh = songIds.filter((songId) => !present.has(songId));
      if (edit.order.length + fresh.length > PLAYLIST_SONGS_MAX) throw badInput(`A playlist holds at most ${PLAYLIST_SONGS_MAX} songs`);
      edit.order.splice(edit.storedIndex(position ?? edit.visibleOrder().length), 0, ...fresh);
    });
  }

  /** Removes songs; ones not in the playlist (removed already from another device) are ignored. */
  async removeSongs(em: EntityManager, user: User, input: unknown): Promise<FullPlaylistView> {
    const { id, songIds } = parseInput(removeSchema, input);
    return this.change(em, user, id, (edit) => {
      const gone = new Set(songIds.filter((songId) => edit.visible.has(songId)));
      edit.order = edit.order.filter((songId) => !gone.has(songId));
    });
  }

  /** Moves a song to a position of the list the user sees. */
  async moveSong(em: EntityManager, user: User, input: unknown): Promise<FullPlaylistView> {
    const { id, songId, toPosition } = parseInput(moveSchema, input);
    return this.change(em, user, id, (edit) => {
      const seen = edit.visibleOrder();
      if (!seen.includes(songId)) throw notFound('That song is not in this playlist');
      if (toPosition >= seen.length) throw badInput(`Position ${toPosition} is out of range (the playlist has ${seen.length} songs)`);
      const rest = seen.filter((seenId) => seenId !== songId);
      edit.order.splice(edit.order.indexOf(songId), 1);
      // Before the song that will follow it, or after the last one when it goes to the end.
      const at = toPosition < rest.length ? edit.order.indexOf(rest[toPosition]!) : edit.order.indexOf(rest[rest.length - 1]!) + 1;
      edit.order.splice(at, 0, songId);
    });
  }

  /** A private copy, owned by the user, of a playlist they may see (with the songs they see). */
  async duplicate(em: EntityManager, user: User, input: unknown): Promise<FullPlaylistView> {
    const original = await this.get(em, user, parseInput(idOnly, input).id);
    const suffix = ' (copy)';
    return this.create(em.fork(), user, {
      name: original.name.slice(0, PLAYLIST_NAME_MAX - suffix.length) + suffix,
      description: original.description,
      isPublic: false,
      songIds: original.entries.map((entry) => entry.song.id),
    });
  }

  /** Replaces the queue with the playlist's songs, from `startSongId` (else the first); shuffled on request. */
  async play(em: EntityManager, user: User, input: unknown): Promise<QueueOutcome> {
    const { id, startSongId, shuffle } = parseInput(playSchema, input);
    const songIds = await this.playableSongIds(em, user, id);
    const start = startSongId ? songIds.indexOf(startSongId) : 0;
    if (start < 0) throw notFound('That song is not in this playlist');
    if (!shuffle) return this.queue.playSongs(em, user, { songIds, startIndex: start });
    const first = startSongId ? [startSongId] : [];
    const rest = shuffled(songIds.filter((songId) => songId !== startSongId));
    return this.queue.playSongs(em, user, { songIds: [...first, ...rest], startIndex: 0 });
  }

  /** Adds the playlist's songs to the end of the queue, or (next) right after the current song. */
  async enqueue(em: EntityManager, user: User, input: unknown): Promise<QueueOutcome> {
    const { id, next } = parseInput(enqueueSchema, input);
    return this.queue.enqueueSongs(em, user, { songIds: await this.playableSongIds(em, user, id), next: next ?? false });
  }

  /** A pushed change as one subscriber sees it. */
  async changeFor(em: EntityManager, user: User, event: PlaylistChangedEvent): Promise<PlaylistChangeView> {
    const playlist = event.deleted ? null : await this.get(em, user, event.playlistId).catch(() => null);
    return Object.assign(new PlaylistChangeView(), { playlistId: String(event.playlistId), playlist });
  }

  private async playableSongIds(em: EntityManager, user: User, id: unknown): Promise<string[]> {
    const { entries } = await this.get(em, user, id);
    if (entries.length === 0) throw badInput('This playlist has no songs to play');
    return entries.map((entry) => entry.song.id);
  }

  private async change(em: EntityManager, user: User, rawId: unknown, edit: (edit: PlaylistEdit, tx: EntityManager) => Promise<void> | void): Promise<FullPlaylistView> {
    const id = toPlaylistId(rawId);
    const outcome = await em.transactional(
      async (tx) => {
        const session = await PlaylistEdit.open(tx, user, id);
        const details = (p: Playlist) => JSON.stringify([p.name, p.description, p.isPublic]);
        const detailsBefore = details(session.playlist);
        const wasPublic = session.playlist.isPublic;
        await edit(session, tx);
        const songsChanged = await session.save();
        // Touched when only the songs changed too, so "recently changed" sorts right.
        if (songsChanged) session.playlist.updatedAt = new Date();
        return { changed: songsChanged || details(session.playlist) !== detailsBefore, sharedWithOthers: wasPublic || session.playlist.isPublic };
      },
      { clear: true },
    );
    if (outcome.changed) this.publish({ playlistId: id, ownerId: user.id, deleted: false, sharedWithOthers: outcome.sharedWithOthers });
    return this.get(em.fork(), user, id);
  }

  /**
   * Songs are being deleted (inside the deleting transaction): takes them out of every playlist
   * that holds them, under the playlists' row locks, closing the gaps so positions stay dense.
   * Answers the changes for `publishChanges` once the transaction commits.
   */
  async detachSongs(tx: EntityManager, songIds: readonly string[]): Promise<PlaylistChangedEvent[]> {
    const changes = await this.lockPlaylistsHolding(tx, songIds);
    if (!changes.length) return [];
    const list = songIds.map(() => '?').join(', ');
    const playlists = changes.map((change) => change.playlistId);
    const playlistList = playlists.map(() => '?').join(', ');
    await tx.execute(`delete from playlist_songs where music_id in (${list})`, [...songIds]);
    await tx.execute(
      `update playlist_songs ps set position = dense.position
         from (select id, row_number() over (partition by playlist_id order by position, id) - 1 as position from playlist_songs where playlist_id in (${playlistList})) dense
        where ps.id = dense.id and ps.position <> dense.position`,
      playlists,
    );
    return changes;
  }

  /**
   * Songs are about to change in place in playlists (inside the changing transaction): locks the
   * playlists that hold them and answers their changes for `publishChanges` once the transaction commits.
   */
  async lockPlaylistsHolding(tx: EntityManager, songIds: readonly string[]): Promise<PlaylistChangedEvent[]> {
    if (!songIds.length) return [];
    const list = songIds.map(() => '?').join(', ');
    const holding = await tx.execute<Array<{ id: number; ownerId: number; isPublic: boolean }>>(
      `select p.id, p.user_id as "ownerId", p.is_public as "isPublic" from playlists p
        where exists (select 1 from playlist_songs ps where ps.playlist_id = p.id and ps.music_id in (${list}))
        order by p.id for update`,
      [...songIds],
    );
    return holding.map((row) => ({ playlistId: Number(row.id), ownerId: Number(row.ownerId), deleted: false, sharedWithOthers: row.isPublic }));
  }

  publishChanges(events: readonly PlaylistChangedEvent[]): void {
    for (const event of events) this.publish(event);
  }

  /** To the owner's topic (their playlists list) and the playlist's own (whoever has it open). */
  private publish(event: PlaylistChangedEvent): void {
    this.pubsub.announce(userTopic(Topics.playlistChanged, event.ownerId), event);
    this.pubsub.announce(playlistTopic(event.playlistId), event);
  }
}

async function findReadable(em: EntityManager, user: User, id: number): Promise<Playlist> {
  const playlist = await em.findOne(Playlist, { id }, { populate: ['user'] });
  if (!playlist || (playlist.user.id !== user.id && !playlist.isPublic)) throw notFound('Playlist not found');
  return playlist;
}

/** Views of playlists for one viewer: one query for the songs they may see in them (sharedSongs in others' playlists). */
export async function playlistViews(em: EntityManager, viewer: User, playlists: readonly Playlist[]): Promise<FullPlaylistView[]> {
  if (playlists.length === 0) return [];
  const entries = await em.find(
    PlaylistSong,
    {
      playlist: { $in: playlists.map((p) => p.id) },
      // The owner sees every song they may see; others what the songs' owners let be shared.
      $or: [{ playlist: { user: viewer.id }, music: visibleSongs(viewer) }, { music: sharedSongs(viewer) }],
    },
    { populate: ['music'], orderBy: { position: 'asc', id: 'asc' } },
  );
  return playlists.map((playlist) => {
    const own = entries.filter((entry) => entry.playlist.id === playlist.id);
    const covers = own.map(({ music }) => music.thumbnailUrl ?? music.coverUrl).filter((url): url is string => Boolean(url));
    return Object.assign(playlistView(playlist, viewer, own.length, own.reduce((sum, { music }) => sum + (music.duration ?? 0), 0), covers), {
      entries: own.map((entry) => ({ id: entry.id, storedPosition: entry.position, song: entry.music, addedAt: entry.createdAt })),
    });
  });
}

function playlistView(playlist: Playlist, viewer: User, songCount: number, totalDuration: number, covers: readonly string[]): PlaylistView {
  return Object.assign(new PlaylistView(), {
    id: String(playlist.id),
    name: playlist.name,
    description: playlist.description,
    isPublic: playlist.isPublic,
    isOwner: playlist.user.id === viewer.id,
    ownerName: playlist.user.username,
    songCount,
    totalDuration,
    coverUrls: [...new Set(covers)].slice(0, PLAYLIST_COVERS),
    createdAt: playlist.createdAt,
    updatedAt: playlist.updatedAt,
    entries: null,
  });
}

/**
 * Views of playlists as cards (search results): the viewer's count, duration and collage from one
 * aggregate query, without the entries. Hydrating a page of playlists' songs as entities took most of
 * a search's time; `songs` loads them when a query asks for them (`playlistEntries`).
 */
export async function playlistCardViews(em: EntityManager, viewer: User, playlists: readonly Playlist[]): Promise<PlaylistView[]> {
  if (playlists.length === 0) return [];
  const rows = await em.execute<Array<{ id: number; songCount: number; totalDuration: number; covers: string[] | null }>>(
    `select ps.playlist_id as id, count(*)::int as "songCount", coalesce(sum(s.duration), 0)::float as "totalDuration",
       array_agg(coalesce(s.thumbnail_url, s.cover_url) order by ps.position, ps.id) filter (where coalesce(s.thumbnail_url, s.cover_url) is not null) as covers
     from playlist_songs ps join songs s on s.id = ps.music_id join playlists p on p.id = ps.playlist_id
     where ps.playlist_id in (${playlists.map(() => '?').join(', ')}) and ${playlistSongsSql('s', 'p')}
     group by ps.playlist_id`,
    [...playlists.map((playlist) => playlist.id), ...playlistSongsParams(viewer)],
  );
  const summaries = new Map(rows.map((row) => [Number(row.id), row]));
  return playlists.map((playlist) => {
    const summary = summaries.get(playlist.id);
    return playlistView(playlist, viewer, summary?.songCount ?? 0, summary?.totalDuration ?? 0, summary?.covers ?? []);
  });
}

/** A view's entries: loaded with it, or (a card view) read now. */
async function playlistEntries(em: EntityManager, viewer: User, playlist: PlaylistView): Promise<PlaylistEntryRow[]> {
  if (playlist.entries) return playlist.entries;
  const [full] = await playlistViews(em, viewer, [await em.findOneOrFail(Playlist, { id: Number(playlist.id) }, { populate: ['user'] })]);
  return full!.entries;
}

/** Views of the playlists with these ids (a page of a connection), by id. */
export async function playlistViewsById(em: EntityManager, viewer: User, ids: readonly number[]): Promise<Map<string, FullPlaylistView>> {
  const found = await em.find(Playlist, { id: { $in: [...ids] } }, { populate: ['user'] });
  return new Map((await playlistViews(em, viewer, found)).map((view) => [view.id, view]));
}

/** The `songs` field: entries with each song's view (isLiked for the viewer). */
export async function playlistEntryViews(em: EntityManager, viewer: User, playlist: PlaylistView): Promise<PlaylistEntryView[]> {
  const entries = await playlistEntries(em, viewer, playlist);
  const songs = await viewSongs(em, viewer, entries.map((entry) => entry.song));
  return songs.map((song, position) => Object.assign(new PlaylistEntryView(), { position, addedAt: entries[position]!.addedAt, song }));
}

/**
 * The `songsConnection` field: the entries the viewer may see, in order, after (or before) a
 * cursor. The cursor names an entry (with its stored position): the page continues from that
 * entry where it now is, so songs added or removed elsewhere shift nothing; if it was removed,
 * from its old position.
 */
export async function playlistEntriesConnection(em: EntityManager, viewer: User, playlist: PlaylistView, input: unknown): Promise<Connection<PlaylistEntryView>> {
  const page = pageRequest(parseInput(connectionArgsSchema, input ?? {}));
  const entries = await playlistEntries(em, viewer, playlist);
  // The entries after the cursor start at `following`; the ones before it end at `preceding`.
  let following = 0;
  let preceding = entries.length;
  if (page.cursor) {
    const [storedPosition, entryId] = decodeCursor(PLAYLIST_SONGS_CURSOR, page.cursor, playlistSongsCursorKey);
    const at = entries.findIndex((entry) => entry.id === entryId);
    const later = entries.findIndex((entry) => entry.storedPosition > storedPosition || (entry.storedPosition === storedPosition && entry.id > entryId));
    following = at >= 0 ? at + 1 : later >= 0 ? later : entries.length;
    preceding = at >= 0 ? at : following;
  }
  const from = page.backward ? Math.max(0, preceding - page.size - 1) : following;
  const window = entries.slice(from, page.backward ? preceding : following + page.size + 1).map((entry, index) => ({ entry, position: from + index }));
  // In reading order (backward: from the cursor towards the start), as connectionFrom expects.
  const rows = page.backward ? window.reverse() : window;
  const shown = rows.slice(0, page.size);
  const songs = await viewSongs(em, viewer, shown.map(({ entry }) => entry.song));
  const songOf = new Map(shown.map(({ entry }, index) => [entry.id, songs[index]!]));
  return connectionFrom(rows, {
    page,
    cursorOf: ({ entry }) => encodeCursor(PLAYLIST_SONGS_CURSOR, [entry.storedPosition, entry.id]),
    node: ({ entry, position }) => Object.assign(new PlaylistEntryView(), { position, addedAt: entry.addedAt, song: songOf.get(entry.id)! }),
    totalCount: async () => entries.length,
  });
}
