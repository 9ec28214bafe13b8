import { isDeepStrictEqual } from 'node:util';
import { Topics, listenTo, type AppPubSub } from '../pubsub/pubsub.js';
import type { SongViewRow } from '../songs/song-rows.js';
import { InvalidatedCache } from '../common/invalidated-cache.js';
import type { RadioTuning } from '../radio/tuning.js';
import { setBounded } from '../common/bounded-map.js';
import { KeptJson } from '../common/kept-json.js';

/**
 * How long a queue read is answered from memory while the queue's version has not moved. What may be
 * stale for that long is what other listeners change: a song's playCount and likeCount. The queue
 * itself is exact in the process that changed it and, in the others, as soon as the change's
 * QueueVersionEvent arrives (a lost event: this long at most); the viewer's own likes are dropped on
 * every like, and every cached queue on every announced song change (edits of title, lyrics or cover,
 * hiding, publishing: LibraryReads.changed), in every process.
 */
export const QUEUE_READ_CACHE_MS = 10_000;
/** At most this many users' queues are kept; the oldest go first. */
const QUEUE_READ_CACHE_MAX = 5_000;
/** Distinct song rows kept for sharing between queues; past it the sharing starts over. */
const SHARED_ROWS_MAX = 50_000;

export interface LikesChangedEvent {
  userIds: number[];
}

/** A queue change committed in some process: every process learns the queue's new version. */
export interface QueueVersionEvent {
  userId: number;
  version: number;
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

/** The stored queue's head: what the queue read shows besides its songs. */
export type QueueHead = { radioGenre: string | null; radioTuning: RadioTuning | null; djActive: boolean; version: number };

/** One user's queue as read at one version. */
export interface CachedQueue {
  head: QueueHead | undefined;
  songs: QueueSongs;
}

/**
 * At most this much JSON of whole answers is kept (UTF-16 code units, about bytes): a queue's
 * answer is 30-50 KB, so about 1,500 of them.
 */
const ANSWER_CHARS_MAX = 64 * 1024 * 1024;

/**
 * Recently read queues, by user, for `readQueue`, and the version of each user's queue as this
 * process last learned it (from its own reads, and from every process's changes: QueueVersionEvent).
 * A read answers from memory, without the database, while the version learned within
 * QUEUE_READ_CACHE_MS is the cached one; a change committed in another process reaches this one
 * over pub/sub (milliseconds), and a lost event is bounded by that time. Rows are shared between
 * queues holding the same song (a song row is kept once per fill, not once per queue). Caches only
 * while `start` listens for likes and queue versions changed in other processes.
 */
export class QueueReadCache {
  private readonly queues = new InvalidatedCache<number, CachedQueue & { version: number }>(QUEUE_READ_CACHE_MS, QUEUE_READ_CACHE_MAX);
  /** The newest version of each user's queue this process has learned, and when it learned it. */
  private readonly versions = new Map<number, { version: number; learnedAt: number }>();
  /** The last row read of each song, so queues holding an unchanged song keep one copy of it. */
  private readonly rows = new Map<string, QueueSongRow>();
  /**
   * Whole answers (a GraphQL document's JSON, the REST body) by user and the caller's key, with the
   * cached queue they were built from: one answers only while that queue is the user's current one.
   * Oldest first, within ANSWER_CHARS_MAX.
   */
  private readonly answers: KeptJson<CachedQueue>;
  private caching = false;

  constructor(
    private readonly pubsub: AppPubSub,
    answerCharsMax = ANSWER_CHARS_MAX,
  ) {
    // A queue read again once its time in memory is up is most often unchanged: its answers stay
    // good and are not built again (a GraphQL queue answer executes 2,000 fields).
    this.answers = new KeptJson(answerCharsMax, sameQueue);
  }

  /** Grows with every invalidation: a read that began before an older count must not fill the cache. */
  get invalidationCount(): number {
    return this.queues.invalidationCount;
  }

  /** The user's cached queue when its version, learned lately, is still the cached one; else null (read the head). */
  current(userId: number, now = Date.now()): CachedQueue | null {
    const known = this.versions.get(userId);
    if (!known || now - known.learnedAt > QUEUE_READ_CACHE_MS) return null;
    return this.at(userId, known.version, now);
  }

  /** The user's cached queue at `version`, or null. */
  at(userId: number, version: number, now = Date.now()): CachedQueue | null {
    const cached = this.queues.get(userId, now);
    return cached?.version === version ? cached : null;
  }

  /** The user's queue was at `version` when read (or changed to it) now; versions only grow. */
  versionSeen(userId: number, version: number, now = Date.now()): void {
    if (!this.caching) return;
    const known = this.versions.get(userId);
    if (known && known.version > version) {
      // An older version read after a newer one was announced: the announcement stands.
      return;
    }
    setBounded(this.versions, userId, { version, learnedAt: now }, QUEUE_READ_CACHE_MAX);
  }

  /** Keeps what a read found, unless something was invalidated since `invalidationsBefore`; answers what is kept. */
  remember(userId: number, head: QueueHead | undefined, songs: QueueSongs, invalidationsBefore: number): CachedQueue | null {
    if (!this.queues.accepts(invalidationsBefore)) return null;
    const kept = {
      version: head?.version ?? 0,
      head,
      songs: {
        current: songs.current && this.shared(songs.current),
        upcoming: songs.upcoming.map((row) => this.shared(row)),
        history: songs.history.map((row) => this.shared(row)),
        liked: songs.liked,
      },
    };
    this.queues.set(userId, kept, invalidationsBefore);
    return kept;
  }

  /** The answer kept under `key` for the user's `queue` (as read just now), or null. */
  keptAnswer(userId: number, queue: CachedQueue, key: string): string | null {
    return this.answers.get(`${userId} ${key}`, queue);
  }

  /** Keeps `json`, an answer built from the user's `queue`, under `key` (while caching). */
  keepAnswer(userId: number, queue: CachedQueue, key: string, json: string): void {
    if (this.caching) this.answers.set(`${userId} ${key}`, queue, json);
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

  /** Songs changed (LibraryReads.changed): any cached queue may show one, so all are read again. */
  private forgetAll(): void {
    this.queues.deleteWhere(() => true);
    this.rows.clear();
  }

  /** Caches while it listens for likes, queue versions and songs changed in any process; returns the stop function. */
  start(onError: (e: unknown) => void): () => Promise<void> {
    const stops = [
      listenTo<LikesChangedEvent>(this.pubsub, Topics.likesChanged, (event) => this.forget(event.userIds), onError),
      listenTo<QueueVersionEvent>(this.pubsub, Topics.queueVersions, (event) => this.versionSeen(event.userId, event.version), onError),
      listenTo(this.pubsub, Topics.libraryChanged, () => this.forgetAll(), onError),
    ];
    this.queues.enable();
    this.caching = true;
    return async () => {
      this.caching = false;
      this.queues.disable();
      this.versions.clear();
      this.rows.clear();
      this.answers.clear();
      await Promise.all(stops.map((stop) => stop()));
    };
  }
}

/** Two reads of a user's queue that show the same: the head, every song (field by field) in place, and the viewer's likes among them. */
function sameQueue(a: CachedQueue, b: CachedQueue): boolean {
  const sameSong = (x: QueueSongRow | null, y: QueueSongRow | null) => x === y || (x !== null && y !== null && sameRow(x, y));
  const sameSongs = (x: readonly QueueSongRow[], y: readonly QueueSongRow[]) => x.length === y.length && x.every((row, i) => sameSong(row, y[i]!));
  const [songsA, songsB] = [a.songs, b.songs];
  return (
    isDeepStrictEqual(a.head, b.head) &&
    sameSong(songsA.current, songsB.current) &&
    sameSongs(songsA.upcoming, songsB.upcoming) &&
    sameSongs(songsA.history, songsB.history) &&
    songsA.liked.size === songsB.liked.size &&
    [...songsA.liked].every((id) => songsB.liked.has(id))
  );
}

function sameRow(a: QueueSongRow, b: QueueSongRow): boolean {
  for (const key of Object.keys(b) as Array<keyof QueueSongRow>) if (a[key] !== b[key]) return false;
  return true;
}
