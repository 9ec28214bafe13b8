import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { parseInput } from '../common/validation.js';
import { badInput, notFound } from '../common/errors.js';
import { Topics, userTopic, type AppPubSub } from '../pubsub/pubsub.js';
import type { User } from '../users/user.entity.js';
import { findVisibleSong, findVisibleSongs, songIdSchema } from '../songs/song-access.js';
import { effectivePermissions } from '../users/permissions.js';
import { QueueSession, queueView, readQueue, readQueueEntry } from './queue-store.js';
import { QueueReadCache, type CachedQueue, type QueueVersionEvent } from './queue-read-cache.js';
import { RadioStation } from '../radio/radio-station.entity.js';
import { tuningLabel, tuningSchema, type RadioTuning } from '../radio/tuning.js';
import type { RadioSongsOutcome } from '../radio/radio-generation.js';
import { topUpRadio } from './radio-fill.js';
import { topUpTunedRadio } from './tuned-radio-fill.js';
import { shuffled } from '../common/shuffle.js';
import { UserPreferences } from '../users/user-preferences.entity.js';
import type { QueueView } from './queue.view.js';

/** Upper bound on upcoming songs, so one user cannot grow a queue without end. */
export const MAX_UPCOMING = 500;
/**
 * A second auto-advance for the song auto-advance just moved past, arriving within this time,
 * is the same song end reported again (another tab, a retry), not the end of a new play. Shorter
 * for a short current song: half its length, since the same song may follow itself (a radio of one
 * song) and could not have played to its end sooner.
 */
export const REPEATED_AUTO_ADVANCE_WINDOW_MS = 5000;
/** Most songs one call may hand to the queue (a whole playlist; the queue keeps MAX_UPCOMING of them). */
export const MAX_SONG_LIST = 10_000;

const index = (name: string) => z.number({ error: `${name} must be a whole number` }).int(`${name} must be a whole number`).min(0, `${name} must not be negative`);
const playSchema = z.object({ id: songIdSchema, isGenreSelection: z.boolean({ error: 'isGenreSelection must be true or false' }).nullish() });
const songRefSchema = z.object({ songId: songIdSchema });
const moveSchema = z.object({ from: index('from'), to: index('to') });
const removeSchema = z.object({ index: index('index') });
const songListSchema = z
  .array(songIdSchema, { error: 'songIds must be a list of song ids' })
  .min(1, 'There are no songs to play')
  .max(MAX_SONG_LIST, `At most ${MAX_SONG_LIST} songs at once`);
const playSongsSchema = z.object({ songIds: songListSchema, startIndex: index('startIndex').default(0) });
const enqueueSongsSchema = z.object({ songIds: songListSchema, next: z.boolean().default(false) });
const autoAdvanceSchema = z.object({ finishedSongId: songIdSchema.nullish() });
const clientQueueSchema = z.object({
  songIds: z.array(songIdSchema, { error: 'songIds must be a list of song ids' }).max(MAX_SONG_LIST, `At most ${MAX_SONG_LIST} songs at once`),
  currentId: songIdSchema.nullish(),
  positionMs: z.number({ error: 'position must be a whole number' }).int('position must be a whole number').min(0, 'position must not be negative').nullish(),
  changedBy: z.string().trim().max(100).nullish(),
});
const playsSchema = z.object({
  plays: z
    .array(z.object({ songId: songIdSchema, playedAt: z.date().nullish() }), { error: 'plays must be a list' })
    .min(1, 'There are no plays to record')
    .max(MAX_UPCOMING, `At most ${MAX_UPCOMING} plays at once`),
});
const stationSchema = z.object({ genre: z.string({ error: 'genre is required' }).min(1, 'genre is required').max(100, 'genre is at most 100 characters') });

export interface QueueChangedEvent {
  userId: number;
  queue: QueueView;
}

/** The result of a queue operation: the queue afterwards and whether the operation changed it. */
export interface QueueOutcome {
  queue: QueueView;
  changed: boolean;
  /** What the endless radio did after a tuned radio's top-up (null when it was not asked). */
  radioSongs: RadioSongsOutcome | null;
}

/** The endless radio: generates songs for a tuned station whose catalogue runs short (radio/radio-generation.ts). */
export interface RadioSongSource {
  requestSongs(em: EntityManager, user: User, tuning: RadioTuning, wanted: number): Promise<RadioSongsOutcome>;
}

/** The DJ (api/src/dj): owns the upcoming songs while the queue's `djActive` is set. */
export interface QueuePlanner {
  /** Plans or tops up the upcoming songs (where a radio would be topped up). */
  topUp(tx: EntityManager, session: QueueSession): Promise<void>;
  /** The user skipped the current song (next): a quick skip is a dislike for the set. */
  skipped(tx: EntityManager, session: QueueSession): Promise<void>;
}

type Operation = (tx: EntityManager, session: QueueSession) => Promise<boolean> | boolean;
type Fill = (tx: EntityManager, q: QueueSession) => Promise<void>;

/**
 * A user's play queue (current song, upcoming songs, history), shared by all their devices:
 * every change is made under a row lock and pushed to the user's other sessions (queueChanged).
 */
export class QueueService {
  /** Queue reads answered from memory while their version holds (started by the server; LikesService tells it of likes). */
  readonly reads: QueueReadCache;

  constructor(
    private readonly pubsub: AppPubSub,
    private readonly radioSongs: RadioSongSource | null = null,
    /** A push that could not be published (the change itself is stored: devices see it on their next read). */
    private readonly onPublishError: (error: unknown) => void = () => {},
  ) {
    this.reads = new QueueReadCache(pubsub);
  }

  private planner: QueuePlanner | null = null;

  /** The DJ plugs in after it is built (it needs this service for its own queue changes). */
  usePlanner(planner: QueuePlanner): void {
    this.planner = planner;
  }

  /** Tops up whichever plays: the DJ's set, a tuned radio (Radio v2) or a genre station. */
  private readonly fill: Fill = (tx, q) => {
    if (q.head.djActive && this.planner) return this.planner.topUp(tx, q);
    return q.head.radioTuning ? topUpTunedRadio(tx, q, q.head.radioTuning) : topUpRadio(tx, q);
  };

  /**
   * Songs are being deleted (inside the deleting transaction): bumps the version of every queue
   * that holds them, so devices take the push that follows, and answers those queues' owners.
   */
  async touchQueuesHolding(tx: EntityManager, songIds: readonly string[]): Promise<number[]> {
    if (!songIds.length) return [];
    const list = songIds.map(() => '?').join(', ');
    const rows = await tx.execute<Array<{ userId: number }>>(
      `update play_queues q set version = q.version + 1
        where q.current_song_id in (${list}) or exists (select 1 from play_queue_entries e where e.user_id = q.user_id and e.song_id in (${list}))
        returning q.user_id as "userId"`,
      [...songIds, ...songIds],
    );
    return rows.map((row) => Number(row.userId));
  }

  /** Pushes the stored queue of each user to their devices (after a change made outside this service). */
  async pushQueues(em: EntityManager, userIds: readonly number[]): Promise<void> {
    for (const userId of userIds) this.announce(userId, queueView(await readQueueEntry(() => em, userId, this.reads, true)));
  }

  /** A committed change: this process and every other learn the new version, and the user's devices get the queue. */
  private announce(userId: number, queue: QueueView): void {
    this.reads.versionSeen(userId, queue.version);
    const version: QueueVersionEvent = { userId, version: queue.version };
    this.pubsub.publish(Topics.queueVersions, version).catch(this.onPublishError);
    const event: QueueChangedEvent = { userId, queue };
    this.pubsub.publish(userTopic(Topics.queueChanged, userId), event).catch(this.onPublishError);
  }

  getQueue(em: EntityManager, user: Pick<User, 'id'>): Promise<QueueView> {
    return readQueue(em, user, this.reads);
  }

  /** The user's queue as read for `getQueue`: the cache's entry while it keeps one, for answers kept with it (`reads.keptAnswer`). */
  queueEntry(emOf: () => EntityManager, userId: number): Promise<CachedQueue> {
    return readQueueEntry(emOf, userId, this.reads);
  }

  /**
   * A whole answer's JSON built from the user's queue (`build` gets a view of it), kept under `key`
   * while that queue is current: a repeated read of an unchanged queue builds nothing (the REST body).
   */
  async queueAnswer(emOf: () => EntityManager, userId: number, key: string, build: (queue: QueueView) => string): Promise<string> {
    const entry = await this.queueEntry(emOf, userId);
    const kept = this.reads.keptAnswer(userId, entry, key);
    if (kept !== null) return kept;
    const json = build(queueView(entry));
    this.reads.keepAnswer(userId, entry, key, json);
    return json;
  }

  /** Plays a song now; with isGenreSelection the upcoming queue becomes a radio of its genre. */
  async playSong(em: EntityManager, user: User, input: unknown): Promise<QueueOutcome> {
    const { id, isGenreSelection } = parseInput(playSchema, input);
    return this.change(em, user, async (tx, q) => {
      const song = await findVisibleSong(tx, user, id);
      if (isGenreSelection && !song.genre) throw badInput('This song has no genre to start a radio from');
      if (q.current) q.leave(q.current);
      q.play(song, true);
      q.head.radioTuning = null;
      q.head.djActive = false;
      if (isGenreSelection) {
        q.head.radioGenre = song.genre;
        q.upcoming = [];
        await this.fill(tx, q);
      } else {
        q.head.radioGenre = null;
        // Picked from the upcoming list: it plays now, not a second time later.
        const queuedAt = q.upcoming.findIndex((s) => s.id === song.id);
        if (queuedAt >= 0) q.upcoming.splice(queuedAt, 1);
      }
      q.head.lastFinishedSongId = null;
      return true;
    });
  }

  /** Starts an active radio station (SPEC 3 radio_stations): its first song plays now, songCount follow. */
  async playStation(em: EntityManager, user: User, input: unknown): Promise<QueueOutcome> {
    const { genre } = parseInput(stationSchema, input);
    return this.change(em, user, async (tx, q) => {
      if (!(await tx.findOne(RadioStation, { genre, isActive: true }))) throw notFound(`There is no ${genre} station`);
      q.head.radioGenre = genre;
      q.head.radioTuning = null;
      q.head.djActive = false;
      await this.startRadio(tx, q, `The ${genre} station has no songs yet`);
      return true;
    });
  }

  /**
   * Starts Radio v2 with these dials (docs/radio.md). When the catalogue has no match at all the
   * radio still starts, empty, for a user the endless radio may make songs for.
   */
  async tuneRadio(em: EntityManager, user: User, input: unknown): Promise<QueueOutcome> {
    const tuning = parseInput(tuningSchema, input);
    return this.change(em, user, async (tx, q) => {
      q.head.radioGenre = tuningLabel(tuning);
      q.head.radioTuning = tuning;
      q.head.djActive = false;
      const generates = this.radioSongs !== null && effectivePermissions(user).canGenerateMusic;
      await this.startRadio(tx, q, generates ? null : 'No songs match these dials yet');
      return true;
    });
  }

  /** Adds a song to the end of the upcoming queue. */
  enqueue(em: EntityManager, user: User, input: unknown): Promise<QueueOutcome> {
    return this.insert(em, user, input, 'last');
  }

  /** Inserts a song right after the current one. */
  playNext(em: EntityManager, user: User, input: unknown): Promise<QueueOutcome> {
    return this.insert(em, user, input, 'next');
  }

  /**
   * Replaces the queue with a list of songs (a playlist): the one at `startIndex` plays now and the
   * ones after it follow (at most MAX_UPCOMING); a radio ends.
   */
  async playSongs(em: EntityManager, user: User, input: unknown): Promise<QueueOutcome> {
    const { songIds, startIndex } = parseInput(playSongsSchema, input);
    if (startIndex >= songIds.length) throw badInput(`startIndex ${startIndex} is out of range (there are ${songIds.length} songs)`);
    return this.change(em, user, async (tx, q) => {
      const songs = await findVisibleSongs(tx, user, songIds.slice(startIndex, startIndex + 1 + MAX_UPCOMING));
      if (q.current) q.leave(q.current);
      q.play(songs[0], true);
      q.upcoming = (await playbackModes(tx, user)).shuffleEnabled ? shuffled(songs.slice(1)) : songs.slice(1);
      q.head.radioGenre = null;
      q.head.radioTuning = null;
      q.head.djActive = false;
      q.head.lastFinishedSongId = null;
      return true;
    });
  }

  /**
   * Replaces the queue with the list a client keeps itself (a Subsonic app's savePlayQueue,
   * docs/subsonic.md): `currentId` (else the first song) becomes current without counting a play
   * (the client reports plays itself) and the songs after it are upcoming (MAX_UPCOMING at most);
   * the ones before it are not kept, since the queue only holds what is still to play. Its
   * position in the current song is kept with it. A radio ends. Saving the same queue again
   * changes nothing and pushes nothing. An empty list empties the queue.
   */
  async saveClientQueue(em: EntityManager, user: User, input: unknown): Promise<QueueOutcome> {
    const { songIds, currentId, positionMs, changedBy } = parseInput(clientQueueSchema, input);
    const start = currentId ? songIds.indexOf(currentId) : 0;
    if (start < 0) throw badInput('The current song is not in the queue');
    return this.change(em, user, async (tx, q) => {
      const songs = songIds.length ? await findVisibleSongs(tx, user, songIds.slice(start, start + 1 + MAX_UPCOMING)) : [];
      q.current = songs[0] ?? null;
      q.upcoming = songs.slice(1);
      q.savedByClient(q.current ? (positionMs ?? null) : null, changedBy || null);
      const radioEnds = q.head.radioGenre !== null;
      q.head.radioGenre = null;
      q.head.radioTuning = null;
      return radioEnds || q.differsFromStored();
    });
  }

  /**
   * Plays a client made on its own (a Subsonic app's scrobble): each counts one play of the song and
   * goes into the history at the time it was played. The queue itself does not move.
   */
  async recordPlays(em: EntityManager, user: User, input: unknown): Promise<QueueOutcome> {
    const { plays } = parseInput(playsSchema, input);
    return this.change(em, user, async (tx, q) => {
      const songs = await findVisibleSongs(tx, user, plays.map((play) => play.songId));
      songs.forEach((song, at) => {
        q.leave(song, plays[at]!.playedAt ?? new Date());
        q.countPlay(song);
      });
      return true;
    });
  }

  /** Adds a list of songs to the end of the upcoming queue, or (next) right after the current song. */
  async enqueueSongs(em: EntityManager, user: User, input: unknown): Promise<QueueOutcome> {
    const { songIds, next } = parseInput(enqueueSongsSchema, input);
    return this.insertSongs(em, user, songIds, next ? 'next' : 'last');
  }

  /** Moves the upcoming song at `from` to index `to`. */
  async moveInQueue(em: EntityManager, user: User, input: unknown): Promise<QueueOutcome> {
    const { from, to } = parseInput(moveSchema, input);
    return this.change(em, user, (_tx, q) => {
      assertIndex(q, from);
      assertIndex(q, to);
      if (from === to) return false;
      const [song] = q.upcoming.splice(from, 1);
      q.upcoming.splice(to, 0, song);
      return true;
    });
  }

  async removeFromQueue(em: EntityManager, user: User, input: unknown): Promise<QueueOutcome> {
    const { index: at } = parseInput(removeSchema, input);
    return this.change(em, user, (_tx, q) => {
      assertIndex(q, at);
      q.upcoming.splice(at, 1);
      return true;
    });
  }

  /** Empties the upcoming queue; a radio or the DJ stops too (they would refill it). */
  clearQueue(em: EntityManager, user: User): Promise<QueueOutcome> {
    return this.change(em, user, (_tx, q) => {
      if (q.upcoming.length === 0 && !q.head.radioGenre && !q.head.djActive) return false;
      q.upcoming = [];
      q.head.radioGenre = null;
      q.head.radioTuning = null;
      q.head.djActive = false;
      return true;
    });
  }

  /** Skips to the next upcoming song (the current one goes to history). */
  nextSong(em: EntityManager, user: User): Promise<QueueOutcome> {
    return this.change(em, user, async (tx, q) => {
      if (q.head.djActive && q.current && this.planner) await this.planner.skipped(tx, q);
      if (!(await advance(tx, q, await playbackModes(tx, user), this.fill))) return false;
      q.head.lastFinishedSongId = null;
      return true;
    });
  }

  /**
   * The current song ended. Idempotent: a call naming a song that is no longer current, or the
   * same song end reported again, changes nothing. Without `finishedSongId` (SPEC 7 sends no
   * body) the current song is the one that ended. With repeat one the same song plays again.
   */
  async autoAdvance(em: EntityManager, user: User, input: unknown): Promise<QueueOutcome> {
    const { finishedSongId } = parseInput(autoAdvanceSchema, input ?? {});
    return this.change(em, user, async (tx, q) => {
      if (!q.current) return false;
      if (finishedSongId && finishedSongId !== q.current.id) return false;
      if (await isRepeatedAutoAdvance(q, finishedSongId ?? null)) return false;
      const finished = q.current;
      const modes = await playbackModes(tx, user);
      if (modes.repeatMode === 'one') {
        q.leave(finished);
        q.play(finished, true);
      } else {
        await advance(tx, q, modes, this.fill);
      }
      q.head.lastFinishedSongId = finished.id;
      return true;
    });
  }

  /** Goes back to the previous song and plays it again (counted as a play). */
  previousSong(em: EntityManager, user: User): Promise<QueueOutcome> {
    return this.change(em, user, (_tx, q) => stepBack(q, true));
  }

  /** Rolls the queue back one song without counting a play (e.g. to undo an advance). */
  shiftBackward(em: EntityManager, user: User): Promise<QueueOutcome> {
    return this.change(em, user, (_tx, q) => stepBack(q, false));
  }

  private async insert(em: EntityManager, user: User, input: unknown, place: 'next' | 'last'): Promise<QueueOutcome> {
    const { songId } = parseInput(songRefSchema, input);
    return this.insertSongs(em, user, [songId], place);
  }

  private insertSongs(em: EntityManager, user: User, songIds: readonly string[], place: 'next' | 'last'): Promise<QueueOutcome> {
    return this.change(em, user, async (tx, q) => {
      const songs = await findVisibleSongs(tx, user, songIds);
      const room = MAX_UPCOMING - q.upcoming.length;
      if (room <= 0) throw badInput(`The queue is full (${MAX_UPCOMING} songs)`);
      if (songs.length > room) throw badInput(`Only ${room} more songs fit in the queue (${MAX_UPCOMING} at most)`);
      if (place === 'next') q.upcoming.unshift(...songs);
      else if ((await playbackModes(tx, user)).shuffleEnabled) {
        // Shuffle on: songs added to the queue land at random places among the upcoming ones.
        for (const song of songs) q.upcoming.splice(Math.floor(Math.random() * (q.upcoming.length + 1)), 0, song);
      } else q.upcoming.push(...songs);
      return true;
    });
  }

  /** Shuffles the upcoming songs (shuffle was turned on); the next song is always the first of the stored order. */
  shuffleUpcoming(em: EntityManager, user: User): Promise<QueueOutcome> {
    return this.change(em, user, (_tx, q) => {
      if (q.upcoming.length < 2) return false;
      q.upcoming = shuffled(q.upcoming);
      return true;
    });
  }

  /** The current song leaves; the radio fills the upcoming list and its first song plays. */
  private async startRadio(tx: EntityManager, q: QueueSession, emptyMessage: string | null): Promise<void> {
    if (q.current) q.leave(q.current);
    q.upcoming = [];
    await this.fill(tx, q);
    if (q.upcoming.length === 0 && emptyMessage) throw badInput(emptyMessage);
    q.play(q.upcoming.shift() ?? null, true);
    await this.fill(tx, q);
    q.head.lastFinishedSongId = null;
  }

  /** One change of the user's queue under its row lock, pushed to their devices (the DJ's changes go through it too). */
  async change(em: EntityManager, user: User, operation: Operation): Promise<QueueOutcome> {
    const outcome = await em.transactional(
      async (tx) => {
        const session = await QueueSession.open(tx, user);
        const changed = await operation(tx, session);
        const queue = changed ? await session.save() : await readQueue(tx, user);
        return { queue, changed, shortfall: session.radioShortfall };
      },
      { clear: true },
    );
    // Not awaited: the answer does not wait for the other devices' pushes.
    if (outcome.changed) this.announce(user.id, outcome.queue);
    // After the commit: generation requests are their own transaction, and a job must see the queue as it now is.
    const { shortfall } = outcome;
    const radioSongs = shortfall && shortfall.songs > 0 && this.radioSongs ? await this.radioSongs.requestSongs(em, user, shortfall.tuning, shortfall.songs) : null;
    return { queue: outcome.queue, changed: outcome.changed, radioSongs };
  }
}

type PlaybackModes = Pick<UserPreferences, 'repeatMode' | 'shuffleEnabled'>;

/** The user's shuffle and repeat settings (/settings, user_preferences); defaults without a row. */
async function playbackModes(tx: EntityManager, user: User): Promise<PlaybackModes> {
  const preferences = await tx.findOne(UserPreferences, { user: user.id }, { fields: ['repeatMode', 'shuffleEnabled'] });
  return { repeatMode: preferences?.repeatMode ?? 'none', shuffleEnabled: preferences?.shuffleEnabled ?? false };
}

/**
 * Current song to history, next upcoming song (radio topped up) to current. False if nothing to do.
 * With repeat all (and no radio) the song left goes back to the end of the upcoming queue, so the
 * queue plays round; the next song is always the first upcoming one, which the player preloads.
 */
async function advance(tx: EntityManager, q: QueueSession, modes: PlaybackModes, fill: Fill): Promise<boolean> {
  // Topped up first as well: a radio whose list ran dry must not leave the user without a current song.
  if (q.upcoming.length === 0) await fill(tx, q);
  if (!q.current && q.upcoming.length === 0) return false;
  if (q.current && modes.repeatMode === 'all' && !q.head.radioGenre && !q.head.radioTuning && !q.head.djActive && q.upcoming.length < MAX_UPCOMING) q.upcoming.push(q.current);
  if (q.current) q.leave(q.current);
  q.play(q.upcoming.shift() ?? null, true);
  await fill(tx, q);
  return true;
}

async function stepBack(q: QueueSession, counted: boolean): Promise<boolean> {
  const previous = await q.takeNewestHistory();
  if (!previous) return false;
  if (q.current) q.upcoming.unshift(q.current);
  q.play(previous, counted);
  q.head.lastFinishedSongId = null;
  return true;
}

async function isRepeatedAutoAdvance(q: QueueSession, finishedSongId: string | null): Promise<boolean> {
  const last = q.head.lastFinishedSongId;
  if (!last || (finishedSongId !== null && finishedSongId !== last)) return false;
  const newest = await q.newestHistory();
  const playing = q.current?.duration;
  const window = playing ? Math.min(REPEATED_AUTO_ADVANCE_WINDOW_MS, (playing * 1000) / 2) : REPEATED_AUTO_ADVANCE_WINDOW_MS;
  return newest !== null && newest.music.id === last && Date.now() - newest.playedAt.getTime() < window;
}

function assertIndex(q: QueueSession, at: number): void {
  if (at >= q.upcoming.length) throw badInput(`Queue index ${at} is out of range (the queue has ${q.upcoming.length} songs)`);
}
