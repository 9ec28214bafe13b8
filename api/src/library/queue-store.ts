import type { EntityManager } from '@mikro-orm/postgresql';
import { LockMode } from '@mikro-orm/core';
import { PlayQueue } from './play-queue.entity.js';
import { PlayQueueEntry } from './play-queue-entry.entity.js';
import { PlayHistory } from './play-history.entity.js';
import { QueueView } from './queue.view.js';
import { Song } from '../songs/song.entity.js';
import { User } from '../users/user.entity.js';
import { viewSongs } from '../songs/song-views.js';

/** How many earlier songs the queue shows (the play_history table keeps them all). */
export const QUEUE_HISTORY_LIMIT = 50;

/**
 * One read-modify-write of a user's queue inside a transaction. `open` locks the user's
 * play_queues row (creating it on first use), so concurrent changes from several devices or
 * API processes apply one after another, each to the state the previous one left.
 */
export class QueueSession {
  private readonly plays: Song[] = [];

  private constructor(
    private readonly tx: EntityManager,
    readonly user: User,
    readonly head: PlayQueue,
    public current: Song | null,
    public upcoming: Song[],
    private readonly upcomingBefore: readonly string[],
  ) {}

  static async open(tx: EntityManager, user: User): Promise<QueueSession> {
    await tx.execute('insert into "play_queues" ("user_id") values (?) on conflict do nothing', [user.id]);
    const head = await tx.findOneOrFail(PlayQueue, { user: user.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    const current = head.currentSong ? await tx.findOne(Song, { id: head.currentSong.id }) : null;
    const entries = await tx.find(PlayQueueEntry, { user: user.id }, { orderBy: { position: 'asc', id: 'asc' }, populate: ['song'] });
    const upcoming = entries.map((entry) => entry.song);
    return new QueueSession(tx, user, head, current, upcoming, upcoming.map((s) => s.id));
  }

  /** The song the user moved past goes on top of their history. */
  leave(song: Song): void {
    this.tx.create(PlayHistory, { user: this.tx.getReference(User, this.user.id), music: song, playedAt: new Date() });
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

/** The queue as stored, without locking (reads). */
export async function readQueue(em: EntityManager, user: User): Promise<QueueView> {
  const head = await em.findOne(PlayQueue, { user: user.id }, { populate: ['currentSong'] });
  const entries = await em.find(PlayQueueEntry, { user: user.id }, { orderBy: { position: 'asc', id: 'asc' }, populate: ['song'] });
  return buildQueueView(em, user, { current: head?.currentSong ?? null, upcoming: entries.map((e) => e.song), head });
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
    version: state.head?.version ?? 0,
  });
}
