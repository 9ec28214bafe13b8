import { Topics, listenTo, type AppPubSub } from '../pubsub/pubsub.js';
import type { SongViewRow } from '../songs/song-rows.js';
import { InvalidatedCache } from '../common/invalidated-cache.js';

/**
 * How long a queue read is answered from memory while the queue's version has not moved. What may be
 * stale for that long is what other users and song owners change: a song's playCount and likeCount
 * and its own edits (title, lyrics, cover). The queue itself (a version check on every read) and the
 * viewer's own likes (dropped on every like, in every process) are always exact.
 */
export const QUEUE_READ_CACHE_MS = 10_000;
/** At most this many users' queues are kept; the oldest go first. */
const QUEUE_READ_CACHE_MAX = 5_000;
/** Distinct song rows kept for sharing between queues; past it the sharing starts over. */
const SHARED_ROWS_MAX = 50_000;

export interface LikesChangedEvent {
  userIds: number[];
}

/** A song as the queue shows it, without the viewer's isLiked (kept per queue as a set of ids). */
export type QueueSongRow = Omit<SongViewRow, 'isLiked'>;

export interface QueueSongs {
  current: QueueSongRow | null;
  upcoming: QueueSongRow[];
  history: QueueSongRow[];
  /** The ids among them the viewer likes. */
  liked: ReadonlySet<string>;
}

interface CachedQueue {
  version: number;
  songs: QueueSongs;
}

/**
 * The songs of recently read queues, by user, for `readQueue`: a read whose queue version is still
 * the cached one answers without the songs query. Rows are shared between queues holding the same
 * song (a song row is kept once per fill, not once per queue). Caches only while `start` listens
 * for likes changed in other processes.
 */
export class QueueReadCache {
  private readonly queues = new InvalidatedCache<number, CachedQueue>(QUEUE_READ_CACHE_MS, QUEUE_READ_CACHE_MAX);
  /** The last row read of each song, so queues holding an unchanged song keep one copy of it. */
  private readonly rows = new Map<string, QueueSongRow>();

  constructor(private readonly pubsub: AppPubSub) {}

  /** Grows with every invalidation: a read that began before an older count must not fill the cache. */
  get invalidationCount(): number {
    return this.queues.invalidationCount;
  }

  /** The cached songs of the user's queue at `version`, or null. */
  songsAt(userId: number, version: number, now = Date.now()): QueueSongs | null {
    const cached = this.queues.get(userId, now);
    return cached?.version === version ? cached.songs : null;
  }

  /** Keeps what a read found, unless something was invalidated since `invalidationsBefore`. */
  remember(userId: number, version: number, songs: QueueSongs, invalidationsBefore: number): void {
    if (!this.queues.accepts(invalidationsBefore)) return;
    const kept: QueueSongs = {
      current: songs.current && this.shared(songs.current),
      upcoming: songs.upcoming.map((row) => this.shared(row)),
      history: songs.history.map((row) => this.shared(row)),
      liked: songs.liked,
    };
    this.queues.set(userId, { version, songs: kept }, invalidationsBefore);
  }

  /** `row`, or an equal row already kept (1,000 queues of 100 songs would otherwise keep 100,000 rows). */
  private shared(row: QueueSongRow): QueueSongRow {
    const kept = this.rows.get(row.id);
    if (kept && sameRow(kept, row)) return kept;
    if (this.rows.size >= SHARED_ROWS_MAX) this.rows.clear();
    this.rows.set(row.id, row);
    return row;
  }

  /** The users liked or unliked songs (committed): every process reads their queues again. */
  async likesChanged(userIds: readonly number[]): Promise<void> {
    this.forget(userIds);
    const event: LikesChangedEvent = { userIds: [...userIds] };
    await this.pubsub.publish(Topics.likesChanged, event);
  }

  private forget(userIds: readonly number[]): void {
    this.queues.delete(userIds);
  }

  /** Caches while it listens for likes changed in any process; returns the stop function. */
  start(onError: (e: unknown) => void): () => Promise<void> {
    const stop = listenTo<LikesChangedEvent>(this.pubsub, Topics.likesChanged, (event) => this.forget(event.userIds), onError);
    this.queues.enable();
    return async () => {
      this.queues.disable();
      this.rows.clear();
      await stop();
    };
  }
}

function sameRow(a: QueueSongRow, b: QueueSongRow): boolean {
  for (const key of Object.keys(b) as Array<keyof QueueSongRow>) if (a[key] !== b[key]) return false;
  return true;
}
