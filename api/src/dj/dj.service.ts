import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { badInput, forbidden, notFound } from '../common/errors.js';
import { parseInput } from '../common/validation.js';
import type { QueueOutcome, QueuePlanner, QueueService } from '../library/queue.service.js';
import type { QueueSession } from '../library/queue-store.js';
import { RECENTLY_HEARD_HOURS } from '../library/radio-fill.js';
import { songCandidates } from '../library/tuned-radio-fill.js';
import { camelotOf, formatCamelot, transitionOf } from '../radio/camelot.js';
import { songEnergy } from '../radio/scoring.js';
import { timezoneSchema, type PartOfDay } from '../schedules/energy-schedule.js';
import type { SchedulesService } from '../schedules/schedules.service.js';
import { songIdSchema } from '../songs/song-access.js';
import { Song } from '../songs/song.entity.js';
import type { User } from '../users/user.entity.js';
import { effectivePermissions } from '../users/permissions.js';
import { UserPreferences } from '../users/user-preferences.entity.js';
import { DjSession } from './dj-session.entity.js';
import { DEFAULT_SONG_SECONDS, MAX_PLAN_SONGS, PLAN_HORIZON_SECONDS, planSet, setFigures, type PlannerSong } from './planner.js';
import { targetTimeline, type TargetTimeline } from './target.js';
import { VOICE_UNAVAILABLE_MESSAGE, type DjVoice, type VoiceClip } from './voice.js';

/** A skip within this many seconds of a song starting is a dislike for the rest of the set. */
export const QUICK_SKIP_SECONDS = 30;
/** Without a saved zone and none from the browser, times are UTC (as in Mood & Time). */
const FALLBACK_TIMEZONE = 'UTC';

export type TransitionKind = 'beat-matched' | 'crossfade' | 'cut';

/** One song of the set as the studio shows it. */
export interface DjEntry {
  song: Song;
  /** Seconds from now until it starts (0 for the song playing now). */
  startsInSeconds: number;
  energy: number;
  targetEnergy: number;
  camelot: string | null;
  pinned: boolean;
  /** Chosen by the planner (false: the user queued it; it keeps its place). */
  planned: boolean;
  /** Into the next song of the set (null for the last). */
  transition: { kind: TransitionKind; seconds: number; harmonic: boolean; tempo: boolean } | null;
  /** What the voice says before the next song (null without the voice or for the last). */
  linkText: string | null;
}

export interface DjSet {
  active: boolean;
  voiceEnabled: boolean;
  voiceAvailable: boolean;
  /** Why the voice cannot be on, when it cannot. */
  voiceMessage: string | null;
  /** What Mood & Time asks for now (energyNow's sentence). */
  explanation: string;
  current: DjEntry | null;
  upcoming: DjEntry[];
  /** The target over the next hour, one point every TARGET_STEP_MINUTES. */
  targetCurve: Array<{ minutes: number; energy: number }>;
  meanEnergyError: number;
  compatibleShare: number;
  dislikedCount: number;
}

const timezoneInput = z.object({ timezone: timezoneSchema.nullish() });
const pinSchema = z.object({ songId: songIdSchema, pinned: z.boolean({ error: 'pinned must be true or false' }) });
const songRefSchema = z.object({ songId: songIdSchema });
const moveSchema = z.object({ songId: songIdSchema, toIndex: z.number({ error: 'toIndex must be a whole number' }).int('toIndex must be a whole number').min(0, 'toIndex must not be negative') });
const voiceSchema = z.object({ enabled: z.boolean({ error: 'enabled must be true or false' }) });
const linkSchema = z.object({ fromSongId: songIdSchema, toSongId: songIdSchema });

/** What a song is to the planner, read from its row. */
function featuresOf(song: Song, recentRank: number | null = null): PlannerSong {
  return { id: song.id, genre: song.genre, mood: song.mood, bpm: song.bpm, musicalKey: song.musicalKey, curveEnergy: song.energy, familiarity: 0, duration: song.duration, recentRank };
}

const lengthOf = (song: Pick<Song, 'duration'>) => (song.duration && song.duration > 0 ? song.duration : DEFAULT_SONG_SECONDS);

/**
 * DJ Studio (docs/dj.md): while the queue's `djActive` is set the planner owns the upcoming songs,
 * following the user's Mood & Time target with harmonic, tempo-compatible transitions. Every
 * operation needs canAccessDJ (checked here, for GraphQL and anything else that calls it).
 */
export class DjService implements QueuePlanner {
  /** Sessions whose next top-up re-plans every unpinned song (a quick skip changed the picture). */
  private readonly replanAll = new WeakSet<QueueSession>();

  constructor(
    private readonly deps: { queue: QueueService; schedules: SchedulesService; voice: DjVoice; onError: (error: unknown) => void },
  ) {
    deps.queue.usePlanner(this);
    // A failed re-plan must not fail the schedule change (it is saved); the set is re-planned on the next advance.
    deps.schedules.onChange((em, user) => this.scheduleChanged(em, user).catch(deps.onError));
  }

  // ---- the queue's hooks --------------------------------------------------------------------

  async topUp(tx: EntityManager, q: QueueSession): Promise<void> {
    if (!effectivePermissions(q.user).canAccessDJ || !(await djModeOn(tx, q.user))) {
      // DJ mode was turned off (the player's Mixer Mode) or the access is gone: the songs stay, the planning stops.
      q.head.djActive = false;
      return;
    }
    const dj = await this.session(tx, q.user);
    if (q.current && dj.currentSongId !== q.current.id) {
      dj.currentSongId = q.current.id;
      dj.currentStartedAt = new Date();
    }
    const full = this.replanAll.has(q);
    this.replanAll.delete(q);
    await this.plan(tx, q, dj, full ? 0 : q.upcoming.length);
  }

  async skipped(tx: EntityManager, q: QueueSession): Promise<void> {
    const dj = await this.session(tx, q.user);
    const started = dj.currentStartedAt?.getTime();
    if (q.current && dj.currentSongId === q.current.id && started !== undefined && Date.now() - started < QUICK_SKIP_SECONDS * 1000) {
      if (!dj.dislikedIds.includes(q.current.id)) dj.dislikedIds = [...dj.dislikedIds, q.current.id];
      this.replanAll.add(q);
    }
  }

  // ---- operations ---------------------------------------------------------------------------

  async getSet(em: EntityManager, user: User, input: unknown): Promise<DjSet> {
    assertAccess(user);
    const { timezone } = parseInput(timezoneInput, input ?? {});
    const [dj, queue] = await Promise.all([em.findOne(DjSession, { user: user.id }), this.deps.queue.getQueue(em, user)]);
    const ids = [queue.currentSong?.id, ...queue.upcomingQueue.map((s) => s.id)].filter((id): id is string => Boolean(id));
    const songs = new Map((await em.find(Song, { id: { $in: ids } })).map((s) => [s.id, s]));
    const current = queue.currentSong ? (songs.get(queue.currentSong.id) ?? null) : null;
    const upcoming = queue.upcomingQueue.flatMap((s) => songs.get(s.id) ?? []);
    const target = await this.targetFor(em, user, dj?.timezone ?? timezone ?? null);
    const preferences = await em.findOne(UserPreferences, { user: user.id });
    const voiceOn = Boolean(dj?.voiceEnabled) && this.deps.voice.available;
    const remaining = current ? remainingSeconds(current, dj) : 0;

    const entry = (song: Song, startsIn: number, next: Song | null, planned: boolean): DjEntry => {
      const features = featuresOf(song);
      const move = next ? transitionOf(features, featuresOf(next)) : null;
      return {
        song,
        startsInSeconds: startsIn,
        energy: round3(songEnergy(features)),
        targetEnergy: target.at(startsIn + lengthOf(song) / 2).energy,
        camelot: formatCamelot(camelotOf(song.musicalKey)),
        pinned: dj?.pinnedIds.includes(song.id) ?? false,
        planned,
        transition: next && move ? { ...transitionKind(preferences, song, next, move.tempo), ...move } : null,
        linkText: next && voiceOn ? linkText(song, next, target.at(startsIn + lengthOf(song)).partOfDay) : null,
      };
    };
    let startsIn = remaining;
    const entries = upcoming.map((song, i) => {
      const made = entry(song, startsIn, upcoming[i + 1] ?? null, dj?.plannedIds.includes(song.id) ?? false);
      startsIn += lengthOf(song);
      return made;
    });
    const currentEntry = current ? entry(current, 0, upcoming[0] ?? null, false) : null;
    const figures = setFigures(entries.map((e, i) => ({ energy: e.energy, targetEnergy: e.targetEnergy, ...transitionOf(featuresOf(i === 0 ? (current ?? e.song) : entries[i - 1].song), featuresOf(e.song)) })));
    return {
      active: queue.djActive,
      voiceEnabled: voiceOn,
      voiceAvailable: this.deps.voice.available,
      voiceMessage: this.deps.voice.available ? null : VOICE_UNAVAILABLE_MESSAGE,
      explanation: target.now.explanation,
      current: currentEntry,
      upcoming: entries,
      targetCurve: target.curve,
      meanEnergyError: round3(figures.meanAbsoluteEnergyError),
      compatibleShare: round3(figures.compatibleShare),
      dislikedCount: dj?.dislikedIds.length ?? 0,
    };
  }

  /**
   * DJ mode on: saves djModeEnabled (the player's Mixer Mode, so the set crossfades) and lets the
   * planner take over the upcoming songs; a new session (no dislikes, no pins). Starts playing when
   * nothing is current.
   */
  async start(em: EntityManager, user: User, input: unknown): Promise<QueueOutcome> {
    assertAccess(user);
    const { timezone } = parseInput(timezoneInput, input ?? {});
    await em.upsert(UserPreferences, { user: user.id, djModeEnabled: true, mixerSettingsSavedAt: new Date() });
    return this.deps.queue.change(em, user, async (tx, q) => {
      const dj = await this.session(tx, user);
      Object.assign(dj, { plannedIds: [], pinnedIds: [], dislikedIds: [], startedAt: new Date(), timezone: timezone ?? null, currentSongId: null, currentStartedAt: null });
      q.head.djActive = true;
      q.head.radioGenre = null;
      q.head.radioTuning = null;
      // The DJ plans every song after the current one (what was queued before is replaced).
      q.upcoming = [];
      await this.topUp(tx, q);
      if (!q.current && q.upcoming.length) {
        q.play(q.upcoming.shift()!, true);
        q.head.lastFinishedSongId = null;
        await this.topUp(tx, q);
      }
      if (!q.current && q.upcoming.length === 0) throw badInput('There are no songs to play yet');
      return true;
    });
  }

  /** DJ mode off: the planned songs stay queued, nothing is planned any more (Mixer Mode stays as it is). */
  async stop(em: EntityManager, user: User): Promise<QueueOutcome> {
    assertAccess(user);
    return this.deps.queue.change(em, user, (_tx, q) => {
      if (!q.head.djActive) return false;
      q.head.djActive = false;
      return true;
    });
  }

  /** Pins (or unpins) an upcoming song: it keeps its place when the set is re-planned. */
  async pin(em: EntityManager, user: User, input: unknown): Promise<QueueOutcome> {
    assertAccess(user);
    const { songId, pinned } = parseInput(pinSchema, input);
    return this.activeChange(em, user, async (tx, q, dj) => {
      upcomingIndex(q, songId);
      dj.pinnedIds = pinned ? [...new Set([...dj.pinnedIds, songId])] : dj.pinnedIds.filter((id) => id !== songId);
      await tx.flush();
      return false;
    });
  }

  /** Takes a song out of the set; the songs after it are re-planned around the gap (pins stay). */
  async remove(em: EntityManager, user: User, input: unknown): Promise<QueueOutcome> {
    assertAccess(user);
    const { songId } = parseInput(songRefSchema, input);
    return this.activeChange(em, user, async (tx, q, dj) => {
      const at = upcomingIndex(q, songId);
      q.upcoming.splice(at, 1);
      dj.pinnedIds = dj.pinnedIds.filter((id) => id !== songId);
      // Not planned again this set: the user took it out.
      dj.dislikedIds = [...new Set([...dj.dislikedIds, songId])];
      await this.plan(tx, q, dj, at);
      return true;
    });
  }

  /** Moves a song to another place in the set; it is pinned there and the songs after the change are re-planned. */
  async move(em: EntityManager, user: User, input: unknown): Promise<QueueOutcome> {
    assertAccess(user);
    const { songId, toIndex } = parseInput(moveSchema, input);
    return this.activeChange(em, user, async (tx, q, dj) => {
      const from = upcomingIndex(q, songId);
      if (toIndex >= q.upcoming.length) throw badInput(`toIndex ${toIndex} is out of range (the set has ${q.upcoming.length} songs)`);
      if (from === toIndex) return false;
      const [song] = q.upcoming.splice(from, 1);
      q.upcoming.splice(toIndex, 0, song);
      dj.pinnedIds = [...new Set([...dj.pinnedIds, songId])];
      await this.plan(tx, q, dj, Math.min(from, toIndex), new Set([songId]));
      return true;
    });
  }

  /** A new plan for every song that is not pinned, preferring other songs than the plan it replaces. */
  async regenerate(em: EntityManager, user: User): Promise<QueueOutcome> {
    assertAccess(user);
    return this.activeChange(em, user, async (tx, q, dj) => {
      dj.seed += 1;
      await this.plan(tx, q, dj, 0, new Set(), new Set(dj.plannedIds));
      return true;
    });
  }

  async setVoice(em: EntityManager, user: User, input: unknown): Promise<boolean> {
    assertAccess(user);
    const { enabled } = parseInput(voiceSchema, input);
    if (enabled && !this.deps.voice.available) throw badInput(VOICE_UNAVAILABLE_MESSAGE);
    await em.transactional(async (tx) => {
      const dj = await this.session(tx, user);
      dj.voiceEnabled = enabled;
    });
    return enabled;
  }

  /**
   * The spoken link from one song of the set to the next, synthesised at the outgoing song's
   * loudness; null when the voice is off or the two are not consecutive in the user's queue.
   */
  async voiceLink(em: EntityManager, user: User, input: unknown): Promise<VoiceClip | null> {
    assertAccess(user);
    const { fromSongId, toSongId } = parseInput(linkSchema, input);
    const dj = await em.findOne(DjSession, { user: user.id });
    if (!dj?.voiceEnabled || !this.deps.voice.available) return null;
    const queue = await this.deps.queue.getQueue(em, user);
    const order = [queue.currentSong?.id, ...queue.upcomingQueue.map((s) => s.id)];
    const at = order.indexOf(fromSongId);
    if (!queue.djActive || at < 0 || order[at + 1] !== toSongId) return null;
    const [from, to] = await Promise.all([em.findOneOrFail(Song, { id: fromSongId }), em.findOneOrFail(Song, { id: toSongId })]);
    const target = await this.targetFor(em, user, dj.timezone);
    const endsIn = at === 0 ? remainingSeconds(from, dj) : 0;
    return this.deps.voice.speak(linkText(from, to, target.at(endsIn).partOfDay), from.loudness);
  }

  // ---- planning -----------------------------------------------------------------------------

  /** Mood & Time changed: a playing set is re-planned at once for the new target (pins stay). */
  private async scheduleChanged(em: EntityManager, user: User): Promise<void> {
    if (!effectivePermissions(user).canAccessDJ) return;
    await this.deps.queue.change(em, user, async (tx, q) => {
      if (!q.head.djActive) return false;
      await this.plan(tx, q, await this.session(tx, user), 0);
      return true;
    });
  }

  /** A change to a playing set (NOT_FOUND-free: a set that is not playing is BAD_USER_INPUT). */
  private activeChange(em: EntityManager, user: User, operation: (tx: EntityManager, q: QueueSession, dj: DjSession) => Promise<boolean>): Promise<QueueOutcome> {
    return this.deps.queue.change(em, user, async (tx, q) => {
      if (!q.head.djActive) throw badInput('DJ mode is off: start it in the DJ Studio first');
      return operation(tx, q, await this.session(tx, user));
    });
  }

  /**
   * Re-plans the upcoming songs from index `keepBefore` on: the songs before it stay, as do pinned
   * songs and songs the user queued (at their places); the rest is the planner's, up to the horizon.
   */
  private async plan(tx: EntityManager, q: QueueSession, dj: DjSession, keepBefore: number, alsoKeep: ReadonlySet<string> = new Set(), previousPlan: ReadonlySet<string> = new Set()): Promise<void> {
    const user = q.user;
    const heardSince = Date.now() - RECENTLY_HEARD_HOURS * 3600_000;
    const candidates = await songCandidates(tx, user.id, []);
    const recent = candidates.filter((c) => c.lastHeardAt && c.lastHeardAt.getTime() > heardSince).sort((a, b) => b.lastHeardAt!.getTime() - a.lastHeardAt!.getTime());
    const rankOf = new Map(recent.map((c, rank) => [c.id, rank]));
    const pool: PlannerSong[] = candidates.map((c) => ({ ...c, recentRank: rankOf.get(c.id) ?? null }));
    const planned = new Set(dj.plannedIds);
    const fixed = new Map<number, PlannerSong>();
    q.upcoming.forEach((song, at) => {
      if (at < keepBefore || dj.pinnedIds.includes(song.id) || alsoKeep.has(song.id) || !planned.has(song.id)) fixed.set(at, featuresOf(song, rankOf.get(song.id) ?? null));
    });
    const covered = q.upcoming.slice(0, keepBefore).reduce((sum, s) => sum + lengthOf(s), 0);
    // Extending a set that already reaches the horizon costs nothing: nothing to plan.
    if (fixed.size === q.upcoming.length && (q.upcoming.length >= MAX_PLAN_SONGS || covered >= PLAN_HORIZON_SECONDS)) return;
    const disliked = dj.dislikedIds.length ? (await tx.find(Song, { id: { $in: dj.dislikedIds } })).map((s) => featuresOf(s)) : [];
    const target = await this.targetFor(tx, user, dj.timezone);
    const slots = planSet({
      candidates: pool,
      target: target.at,
      previous: q.current ? featuresOf(q.current) : null,
      previousRemainingSeconds: q.current ? remainingSeconds(q.current, dj) : 0,
      fixed,
      exclude: new Set(q.current ? [q.current.id] : []),
      disliked,
      previousPlan,
      seed: dj.seed,
    });
    const byId = new Map(q.upcoming.map((s) => [s.id, s] as const));
    const missing = slots.map((s) => s.song.id).filter((id) => !byId.has(id));
    for (const song of missing.length ? await tx.find(Song, { id: { $in: missing } }) : []) byId.set(song.id, song);
    q.upcoming = slots.flatMap((slot) => byId.get(slot.song.id) ?? []);
    dj.plannedIds = slots.filter((s) => !s.fixed || planned.has(s.song.id)).map((s) => s.song.id);
    dj.pinnedIds = dj.pinnedIds.filter((id) => q.upcoming.some((s) => s.id === id));
  }

  /** The user's target over the coming hour (Mood & Time: overrides over the schedule, in their zone). */
  private async targetFor(em: EntityManager, user: User, clientZone: string | null): Promise<TargetTimeline> {
    const [stored, overrides] = await Promise.all([this.deps.schedules.getSchedule(em, user), this.deps.schedules.listOverrides(em, user)]);
    return targetTimeline(stored.schedule, overrides, stored.timezone ?? clientZone ?? FALLBACK_TIMEZONE, Date.now());
  }

  private async session(tx: EntityManager, user: User): Promise<DjSession> {
    await tx.execute('insert into "dj_sessions" ("user_id", "planned_ids", "pinned_ids", "disliked_ids") values (?, \'[]\', \'[]\', \'[]\') on conflict do nothing', [user.id]);
    return tx.findOneOrFail(DjSession, { user: user.id });
  }
}

function assertAccess(user: User): void {
  if (!effectivePermissions(user).canAccessDJ) throw forbidden('DJ Studio needs DJ access (the basic plan or above, or the DJ right from an admin)');
}

async function djModeOn(tx: EntityManager, user: User): Promise<boolean> {
  const preferences = await tx.findOne(UserPreferences, { user: user.id }, { fields: ['djModeEnabled'] });
  return preferences?.djModeEnabled ?? false;
}

function upcomingIndex(q: QueueSession, songId: string): number {
  const at = q.upcoming.findIndex((s) => s.id === songId);
  if (at < 0) throw notFound('That song is not in the DJ set');
  return at;
}

/** Seconds left of the song playing now, from when the DJ saw it start (half of it when unknown). */
function remainingSeconds(song: Song, dj: DjSession | null): number {
  const length = lengthOf(song);
  if (!dj?.currentStartedAt || dj.currentSongId !== song.id) return length / 2;
  return Math.max(0, length - (Date.now() - dj.currentStartedAt.getTime()) / 1000);
}

/** How the player will mix the two (docs/player.md): its mixer settings and whether the tempos match. */
function transitionKind(preferences: UserPreferences | null, from: Song, to: Song, tempo: boolean): { kind: TransitionKind; seconds: number } {
  const crossfade = preferences?.crossfadeEnabled ?? true;
  const seconds = crossfade ? (preferences?.crossfadeDuration ?? 5000) / 1000 : 0;
  if (!crossfade) return { kind: 'cut', seconds };
  const beatMatched = (preferences?.beatMatchedTransitions ?? true) && tempo && from.bpm !== null && to.bpm !== null;
  return { kind: beatMatched ? 'beat-matched' : 'crossfade', seconds };
}

/** 'That was Neon Window. Next, something calmer for your evening: Harbour Lights.' */
export function linkText(from: Pick<Song, 'title' | 'mood' | 'bpm' | 'energy'>, to: Pick<Song, 'title' | 'mood' | 'bpm' | 'energy'>, part: PartOfDay): string {
  const change = songEnergy({ mood: to.mood, bpm: to.bpm, curveEnergy: to.energy }) - songEnergy({ mood: from.mood, bpm: from.bpm, curveEnergy: from.energy });
  const feel = change < -0.08 ? 'something calmer' : change > 0.08 ? 'something livelier' : 'more in the same vein';
  return `That was ${from.title}. Next, ${feel} for your ${part}: ${to.title}.`;
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;
