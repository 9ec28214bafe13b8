import { Topics, allUsersTopic, listenTo, type AppPubSub } from '../pubsub/pubsub.js';
import { setBounded } from '../common/bounded-map.js';
import { KeptJson } from '../common/kept-json.js';
import type { AnswerSource } from '../graphql/kept-answers.js';
import type { LikesChangedEvent } from '../library/queue-read-cache.js';
import type { GenerationUpdatedEvent } from '../generation/events.js';

/**
 * How long a library answer is given from memory. What may be stale for that long is what no event
 * announces: other listeners' plays and likes (playCount, likeCount), and a change whose event was
 * lost. Songs created, edited, published, hidden or deleted, and the viewer's own likes, are
 * announced (LibraryReads.changed, likesChanged) and read again at once.
 */
export const LIBRARY_READ_CACHE_MS = 10_000;
/** At most this many viewers' states are kept; the oldest go first (theirs are read again). */
const LIBRARY_STATES_MAX = 5_000;
/** At most this much JSON of library answers (a page of 50 songs is about 15 KB). */
const ANSWER_CHARS_MAX = 32 * 1024 * 1024;

/** The library as one viewer sees it, from one point on: an answer kept with it holds while it is their current state. */
export type LibraryState = object;

/**
 * The library pages (`songs`, `songsConnection`) as whole answers in memory, per viewer, document and
 * variables. A page shows listed songs (public and not hidden, or the viewer's own) with the viewer's
 * likes: so any song change may change every viewer's page (a new public song heads them all), and a
 * like the liker's. Each viewer has a state object; an answer is kept with the state it was read at
 * and given while that state is current. Every song change drops all states (in every process, over
 * pub/sub, as the queue's versions travel); a like drops the liker's; a state lasts at most
 * LIBRARY_READ_CACHE_MS. A read that began before a change keeps its answer under a state already
 * dropped, which nothing asks for. Caches only while `start` listens for those events.
 */
export class LibraryReads {
  private readonly states = new Map<number, { state: LibraryState; until: number }>();
  private readonly answers = new KeptJson<LibraryState>(ANSWER_CHARS_MAX);
  private caching = false;

  constructor(private readonly pubsub: AppPubSub) {}

  /** The viewer's current state: the same object until something they see changes (or it ages out). */
  state(userId: number, now = Date.now()): LibraryState {
    const known = this.states.get(userId);
    if (known && known.until > now) return known.state;
    const state = {};
    if (this.caching) setBounded(this.states, userId, { state, until: now + LIBRARY_READ_CACHE_MS }, LIBRARY_STATES_MAX);
    return state;
  }

  /** The answer kept under `key` at the viewer's `state`, or null. */
  kept(userId: number, state: LibraryState, key: string): string | null {
    return this.answers.get(`${userId} ${key}`, state);
  }

  /** Keeps `json`, read at `state`, unless that state is no longer the viewer's current one. */
  keep(userId: number, state: LibraryState, key: string, json: string): void {
    if (this.caching && this.states.get(userId)?.state === state) this.answers.set(`${userId} ${key}`, state, json);
  }

  /**
   * Songs changed and the change is committed (created, edited, published, hidden, deleted, their
   * cover or owner changed): every viewer's pages are read again, here at once and in every process
   * once the event arrives.
   */
  async changed(): Promise<void> {
    this.forgetAll();
    await this.pubsub.publish(Topics.libraryChanged, {});
  }

  /** The users liked or unliked songs (committed): their pages are read again (LikesService announces it to the others). */
  likesChanged(userIds: readonly number[]): void {
    for (const userId of userIds) this.states.delete(userId);
  }

  private forgetAll(): void {
    this.states.clear();
    this.answers.clear();
  }

  /** Caches while it listens for library changes, likes and finished songs in any process; returns the stop function. */
  start(onError: (e: unknown) => void): () => Promise<void> {
    const stops = [
      listenTo(this.pubsub, Topics.libraryChanged, () => this.forgetAll(), onError),
      listenTo<LikesChangedEvent>(this.pubsub, Topics.likesChanged, (event) => this.likesChanged(event.userIds), onError),
      // A generated song is committed before its completed event (job-runner.ts), in whichever process made it.
      listenTo<GenerationUpdatedEvent>(this.pubsub, allUsersTopic(Topics.generationUpdated), (event) => event.item.status === 'completed' && this.forgetAll(), onError),
    ];
    this.caching = true;
    return async () => {
      this.caching = false;
      this.forgetAll();
      await Promise.all(stops.map((stop) => stop()));
    };
  }
}

/**
 * Songs changed by a job (a worker process has no library cache, and no request waits on it): every
 * API process reads its library pages again once the event arrives. Fire and forget (`announce`).
 */
export function announceLibraryChanged(pubsub: AppPubSub): void {
  pubsub.announce(Topics.libraryChanged, {});
}

/** The library pages' answers for the GraphQL server (graphql/kept-answers.ts). */
export function libraryAnswers(reads: LibraryReads): AnswerSource<LibraryState> {
  return {
    fields: new Set(['songs', 'songsConnection']),
    state: (_ctx, userId) => reads.state(userId),
    kept: (userId, state, key) => reads.kept(userId, state, key),
    keep: (userId, state, key, json) => reads.keep(userId, state, key, json),
  };
}
