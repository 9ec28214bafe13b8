import type { EntityManager } from '@mikro-orm/postgresql';
import { LockMode } from '@mikro-orm/core';
import { PlayQueue } from './play-queue.entity.js';
import type { RadioTuning } from '../radio/tuning.js';
import { PlayQueueEntry } from './play-queue-entry.entity.js';
import { PlayHistory } from './play-history.entity.js';
import { QueueView } from './queue.view.js';
import { Song } from '../songs/song.entity.js';
import { User } from '../users/user.entity.js';
import { viewSongs } from '../songs/song-views.js';
import { isLikedColumn, songViewColumns, songViewOf, type SongViewRow } from '../songs/song-rows.js';
import type { CachedQueue, QueueHead, QueueReadCache, QueueSongRow, QueueSongs } from './queue-read-cache.js';

/** How many earlier songs the queue shows (the play_history table keeps them all). */
export const QUEUE_HISTORY_LIMIT = 50;

/**
 * One read-modify-write of a user's queue inside a transaction. `open` locks the user's
 * play_queues row (creating it on first use), so concurrent changes from several devices or
 * API processes apply one after another, each to the state the previous one left.
 */
export class QueueSession {
  private readonly plays: Song[] = [];
  /** Set when a client saved the queue with its own position (savePlayQueue). */
  private clientSave: { positionMs: number | null; changedBy: string | null } | null = null;
  /** Good fresh matches a radio lacks after this change, and the dials to make them with (set by its top-up; the endless radio generates them). */
  radioShortfall: { tuning: RadioTuning; songs: number } | null = null;

  private constructor(
    private readonly tx: EntityManager,
    readonly user: User,
    readonly head: PlayQueue,
    public current: Song | null,
    public upcoming: Song[],
    private readonly upcomingBefore: readonly string[],
    private readonly currentBefore: string | null,
  ) {}

  static async open(tx: EntityManager, user: User): Promise<QueueSession> {
    await tx.execute('insert into "play_queues" ("user_id") values (?) on conflict do nothing', [user.id]);
    const head = await tx.findOneOrFail(PlayQueue, { user: user.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    const current = head.currentSong ? await tx.findOne(Song, { id: head.currentSong.id }) : null;
    const entries = await tx.find(PlayQueueEntry, { user: user.id }, { orderBy: { position: 'asc', id: 'asc' }, populate: ['song'] });
    const upcoming = entries.map((entry) => entry.song);
    return new QueueSession(tx, user, head, current, upcoming, upcoming.map((s) => s.id), current?.id ?? null);
  }

  /** The song the user moved past goes on top of their history. */
  leave(song: Song, playedAt = new Date()): void {
    this.tx.create(PlayHistory, { user: this.tx.getReference(User, this.user.id), music: song, playedAt });
  }

  /** A play of `song` outside this queue (a Subsonic app's scrobble): counted when saved. */
  countPlay(song: Song): void {
    this.plays.push(song);
  }

  /** The queue as a client keeps it: its position in the current song and its name are saved with it. */
  savedByClient(positionMs: number | null, changedBy: string | null): void {
    this.clientSave = { positionMs, changedBy };
  }

  /** Whether the current song, the upcoming list or the saved position differ from what was opened. */
  differsFromStored(): boolean {
    const position = this.clientSave ? [this.clientSave.positionMs, this.clientSave.changedBy] : [this.head.positionMs, this.head.changedBy];
    return (
      (this.current?.id ?? null) !== this.currentBefore ||
      this.upcomingIds().join('\n') !== this.upcomingBefore.join('\n') ||
      position[0] !== this.head.positionMs ||
      position[1] !== this.head.changedBy
    );
  }

  /** The newest history row, if any (not yet flushed rows excluded). */
  newestHistory(): Promise<PlayHistory | null> {
    return this.tx.findOne(PlayHistory, { user: this.user.id }, { orderBy: { id: 'desc' }, populate: ['music'] });
  }

  /** Takes the newest song off the history (going back to it); null when there is none. */
  async takeNewestHistory(): Promise<Song | null> {
    const row = await this.newestHistory();
    if (!row) return null;
    this.tx.remove(row);
    return row.music;
  }

  /** Makes `song` current; `counted` plays add one to its playCount when saved. */
  play(song: Song | null, counted: boolean): void {
    this.current = song;
    if (song && counted) this.plays.push(song);
  }

  upcomingIds(): string[] {
    return this.upcoming.map((s) => s.id);
  }

  /** Writes the change (bumping the version) and answers the queue as it now is. */
  async save(): Promise<QueueView> {
    const { tx, head } = this;
    head.currentSong = this.current;
    head.version += 1;
    if (this.clientSave) Object.assign(head, this.clientSave);
    else if ((this.current?.id ?? null) !== this.currentBefore) Object.assign(head, { positionMs: null, changedBy: null });
    else head.changedBy = null;
    const upcomingNow = this.upcomingIds();
    if (upcomingNow.join('\n') !== this.upcomingBefore.join('\n')) {
      await tx.nativeDelete(PlayQueueEntry, { user: this.user.id });
      if (upcomingNow.length) {
        await tx.insertMany(
          PlayQueueEntry,
          upcomingNow.map((songId, position) => ({ user: this.user.id, song: songId, position })),
        );
      }
    }
    await tx.flush();
    // Counted in SQL so plays of one song by many users at once all count.
    for (const song of this.plays) {
      await tx.execute('update "songs" set "play_count" = "play_count" + 1 where "id" = ?', [song.id]);
      await tx.refresh(song);
    }
    return buildQueueView(tx, this.user, { current: this.current, upcoming: this.upcoming, head });
  }
}

/**
 * The user's queue: from memory while this process knows its version is the cached one (unless
 * `fresh`: a change made outside QueueService), else the head, then (unless `cache` holds the songs
 * of this version) every song of it in order with the viewer's likes; explicit columns, no entities.
 * The queue is `cache`'s entry when it keeps one. `emOf` is called only when the database must be
 * read: forking an entity manager for every read the cache answers was a few percent of a hot read.
 */
export async function readQueueEntry(emOf: () => EntityManager, userId: number, cache: QueueReadCache | null, fresh = false): Promise<CachedQueue> {
  const now = Date.now();
  const current = fresh ? null : cache?.current(userId, now);
  if (current) return current;
  const em = emOf();
  const [head] = await em.execute<QueueHead[]>(
    'select radio_genre as "radioGenre", radio_tuning as "radioTuning", dj_active as "djActive", version from play_queues where user_id = ?',
    [userId],
  );
  const version = head?.version ?? 0;
  cache?.versionSeen(userId, version, now);
  const cached = cache?.at(userId, version);
  if (cached) return cached;
  const invalidationsBefore = cache?.invalidationCount ?? 0;
  const songs = await readQueueSongs(em, userId);
  return cache?.remember(userId, head, songs, invalidationsBefore) ?? { head, songs };
}

/** The queue as stored (or cached at its current version), with views of its own for each read. */
export async function readQueue(em: EntityManager, user: Pick<User, 'id'>, cache: QueueReadCache | null = null): Promise<QueueView> {
  return queueView(await readQueueEntry(() => em, user.id, cache));
}

/**
 * The songs of the user's queue. Read after the head, so they are at least as new as its version
 * (a change committed in between gives newer songs under the older version, never older ones).
 */
async function readQueueSongs(em: EntityManager, userId: number): Promise<QueueSongs> {
  const rows = await em.execute<Array<SongViewRow & { part: number }>>(
    `with items as (
       select 0 as part, 0::bigint as ord, q.current_song_id as song_id from play_queues q where q.user_id = ? and q.current_song_id is not null
       union all
       select 1, row_number() over (order by e.position, e.id), e.song_id from play_queue_entries e where e.user_id = ?
       union all
       select 2, row_number() over (order by h.id desc), h.music_id from (select id, music_id from play_history where user_id = ? order by id desc limit ${QUEUE_HISTORY_LIMIT}) h
     )
     select i.part, ${songViewColumns('s')}, ${isLikedColumn('s')}
     from items i join songs s on s.id = i.song_id
     order by i.part, i.ord`,
    [userId, userId, userId, userId],
  );
  const songs: QueueSongs = { current: null, upcoming: [], history: [], liked: new Set(rows.filter((row) => row.isLiked).map((row) => row.id)) };
  for (const { part, isLiked: _isLiked, ...row } of rows) {
    if (part === 0) songs.current = row;
    else (part === 1 ? songs.upcoming : songs.history).push(row);
  }
  return songs;
}

/** Views of the queue's songs, built for this read (a caller may change them). */
export function queueView({ head, songs }: CachedQueue): QueueView {
  const view = (row: QueueSongRow) => songViewOf(row, songs.liked.has(row.id));
  return Object.assign(new QueueView(), {
    currentSong: songs.current && view(songs.current),
    upcomingQueue: songs.upcoming.map(view),
    playHistory: songs.history.map(view),
    radioGenre: head?.radioGenre ?? null,
    radioTuning: head?.radioTuning ?? null,
    djActive: head?.djActive ?? false,
    version: head?.version ?? 0,
  });
}

async function buildQueueView(
  em: EntityManager,
  user: User,
  state: { current: Song | null; upcoming: readonly Song[]; head: PlayQueue | null },
): Promise<QueueView> {
  const history = await em.find(PlayHistory, { user: user.id }, { orderBy: { id: 'desc' }, limit: QUEUE_HISTORY_LIMIT, populate: ['music'] });
  const played = history.map((row) => row.music);
  const all = await viewSongs(em, user, [...(state.current ? [state.current] : []), ...state.upcoming, ...played]);
  const currentSong = state.current ? all.shift()! : null;
  const upcomingQueue = all.splice(0, state.upcoming.length);
  return Object.assign(new QueueView(), {
    currentSong,
    upcomingQueue,
    playHistory: all,
    radioGenre: state.head?.radioGenre ?? null,
    radioTuning: state.head?.radioTuning ?? null,
    djActive: state.head?.djActive ?? false,
    version: state.head?.version ?? 0,
  });
}
