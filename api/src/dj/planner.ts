/**
 * The DJ's set planner (docs/dj.md): picks the next songs so that their energy follows the user's
 * target curve from Mood & Time over the coming hour, while every transition stays harmonic
 * (Camelot-adjacent) and tempo-compatible (within 6 % or an octave) wherever the library allows,
 * no song repeats within the plan, and songs heard lately or disliked this session stay out.
 *
 * A beam search over the slots: each partial set carries its cost (energy error against the target
 * at the song's middle, mood fit and freshness from the radio's scoring, a penalty per incompatible
 * transition) and the best BEAM_WIDTH survive each slot. Pinned songs hold their places.
 */
import { camelotOf, keysCompatible, temposCompatible, type CamelotKey, type MixableSong } from '../radio/camelot.js';
import { scoreSong, songEnergy, type SongFeatures } from '../radio/scoring.js';
import { DEFAULT_TUNING, MAX_RADIO_BPM, MIN_RADIO_BPM } from '../radio/tuning.js';
import { Random } from '../music/random.js';

/** How far ahead the DJ plans, and at most how many songs. */
export const PLAN_HORIZON_SECONDS = 3600;
export const MAX_PLAN_SONGS = 20;
/** Partial sets kept per slot, and the best candidates each of them tries next. */
const BEAM_WIDTH = 12;
const EXPANSIONS_PER_BEAM = 24;

/** Cost weights: energy error is the main term; a clash costs more than a poor energy fit of 0.25. */
export const COST = {
  energy: 1,
  mood: 0.15,
  freshness: 0.05,
  harmonicClash: 0.3,
  tempoClash: 0.3,
  /** A song heard within the repeat window (plus more the more recently it played). */
  heardRecently: 2,
  /** A song the user skipped quickly this session. */
  disliked: 5,
  /** The genre and mood of a song skipped quickly this session. */
  likeDisliked: 0.3,
  /** Songs of the plan being regenerated: a new plan prefers others. */
  previousPlan: 0.15,
  /** Random tie-breaking noise (seeded), so regenerating can change near-equal choices. */
  jitter: 0.02,
} as const;

/** A song the planner may place: the radio's song features plus its length. */
export interface PlannerSong extends SongFeatures {
  /** Seconds (a missing length counts as DEFAULT_SONG_SECONDS). */
  duration: number | null;
  /** 0 = played most recently among the songs heard within the repeat window; null = not heard in it. */
  recentRank: number | null;
}

export const DEFAULT_SONG_SECONDS = 180;
/** Radio v2's 'familiar vs fresh' dial as the DJ sets it: mostly songs the user has not worn out. */
const DJ_FRESHNESS = 0.7;

/** What the user wants at a time ahead of now: energy 0..1 and moods (empty: any). */
export interface TargetAt {
  energy: number;
  moods: readonly string[];
}

export interface PlanRequest<S extends PlannerSong> {
  candidates: readonly S[];
  /** Target at `seconds` from now (the planner samples it at each song's middle). */
  target: (seconds: number) => TargetAt;
  /** The song playing now (the first transition is from it), and how many seconds of it remain. */
  previous: MixableSong | null;
  previousRemainingSeconds: number;
  /** Songs that keep their slot (index in the plan): pinned or chosen by the user. */
  fixed?: ReadonlyMap<number, S>;
  /** Never placed (the song playing now). */
  exclude?: ReadonlySet<string>;
  /** Skipped quickly this session. */
  disliked?: readonly S[];
  /** The plan being replaced (regenerate). */
  previousPlan?: ReadonlySet<string>;
  seed?: number;
  horizonSeconds?: number;
  maxSongs?: number;
}

export interface PlannedSlot<S extends PlannerSong> {
  song: S;
  /** Seconds from now at which the song starts. */
  startSeconds: number;
  targetEnergy: number;
  energy: number;
  /** The transition into this song from the one before (the current song for the first). */
  harmonic: boolean;
  tempo: boolean;
  fixed: boolean;
}

interface Prepared<S extends PlannerSong> {
  song: S;
  energy: number;
  camelot: CamelotKey | null;
  duration: number;
  /** Costs that do not depend on the slot (history, dislikes, regeneration, noise). */
  baseCost: number;
  /** Mood and freshness cost per wanted mood list (the target's moods change a few times an hour at most). */
  fitCost: Map<string, number>;
}

interface Beam<S extends PlannerSong> {
  slots: Array<{ item: Prepared<S>; startSeconds: number; target: TargetAt; harmonic: boolean; tempo: boolean; fixed: boolean }>;
  used: Set<string>;
  elapsed: number;
  cost: number;
}

/** The DJ's set: at most maxSongs songs or until the horizon is covered, best first by the beam search. */
export function planSet<S extends PlannerSong>(request: PlanRequest<S>): PlannedSlot<S>[] {
  const horizon = request.horizonSeconds ?? PLAN_HORIZON_SECONDS;
  const maxSongs = request.maxSongs ?? MAX_PLAN_SONGS;
  const fixed = request.fixed ?? new Map<number, S>();
  const random = new Random(request.seed ?? 1);
  const dislikedIds = new Set((request.disliked ?? []).map((s) => s.id));
  const dislikedKinds = new Set((request.disliked ?? []).map(kindOf));
  const fixedIds = new Set([...fixed.values()].map((s) => s.id));
  const prepare = (song: S): Prepared<S> => ({
    song,
    energy: songEnergy(song),
    camelot: camelotOf(song.musicalKey),
    duration: song.duration && song.duration > 0 ? song.duration : DEFAULT_SONG_SECONDS,
    baseCost:
      (song.recentRank === null ? 0 : COST.heardRecently + 1 / (1 + song.recentRank)) +
      (dislikedIds.has(song.id) ? COST.disliked : 0) +
      (dislikedKinds.has(kindOf(song)) ? COST.likeDisliked : 0) +
      (request.previousPlan?.has(song.id) ? COST.previousPlan : 0) +
      COST.jitter * random.next(),
    fitCost: new Map(),
  });
  const pool = request.candidates.filter((s) => !request.exclude?.has(s.id) && !fixedIds.has(s.id)).map(prepare);
  const fixedPrepared = new Map([...fixed].map(([at, song]) => [at, prepare(song)]));
  const lastFixed = Math.max(-1, ...fixed.keys());
  const before: From = request.previous ? { camelot: camelotOf(request.previous.musicalKey), bpm: request.previous.bpm } : null;

  let beams: Beam<S>[] = [{ slots: [], used: new Set(), elapsed: Math.max(0, request.previousRemainingSeconds), cost: 0 }];
  // Sets that covered the horizon stop growing; the pinned songs are always placed.
  const finished: Beam<S>[] = [];
  for (let at = 0; at < Math.max(maxSongs, lastFixed + 1); at += 1) {
    const pinned = fixedPrepared.get(at);
    const open = beams.filter((beam) => at <= lastFixed || beam.elapsed < horizon);
    finished.push(...beams.filter((beam) => !open.includes(beam)));
    if (open.length === 0) break;
    const next: Beam<S>[] = [];
    for (const beam of open) {
      const last = beam.slots.length ? beam.slots[beam.slots.length - 1].item : null;
      const from = last ? { camelot: last.camelot, bpm: last.song.bpm } : before;
      const choices = pinned ? [pinned] : bestNext(pool, beam, from, request.target);
      for (const item of choices) {
        const startSeconds = beam.elapsed;
        const target = request.target(startSeconds + item.duration / 2);
        const harmonic = from ? keysCompatible(from.camelot, item.camelot) : true;
        const tempo = from ? temposCompatible(from.bpm, item.song.bpm) : true;
        next.push({
          slots: [...beam.slots, { item, startSeconds, target, harmonic, tempo, fixed: Boolean(pinned) }],
          used: new Set(beam.used).add(item.song.id),
          elapsed: startSeconds + item.duration,
          cost: beam.cost + slotCost(item, target, from),
        });
      }
    }
    if (next.length === 0) break;
    next.sort((a, b) => a.cost - b.cost);
    beams = distinctEnds(next).slice(0, BEAM_WIDTH);
  }
  // The cheapest per song of the sets that got furthest (a small library may not reach the horizon).
  const all = [...finished, ...beams];
  const furthest = Math.max(...all.map((beam) => Math.min(beam.elapsed, horizon)));
  const best = all
    .filter((beam) => Math.min(beam.elapsed, horizon) >= furthest - 1e-9)
    .reduce((a, b) => (meanCost(b) < meanCost(a) ? b : a));
  return best.slots.map(({ item, startSeconds, target, harmonic, tempo, fixed: isFixed }) => ({
    song: item.song,
    startSeconds,
    targetEnergy: target.energy,
    energy: item.energy,
    harmonic,
    tempo,
    fixed: isFixed,
  }));
}

type From = { camelot: CamelotKey | null; bpm: number | null } | null;

/**
 * The candidates a partial set tries next: the cheapest for the slot, clash penalties included, so
 * songs that mix with its last song come first unless their energy is far off.
 */
function bestNext<S extends PlannerSong>(pool: readonly Prepared<S>[], beam: Beam<S>, from: From, target: (seconds: number) => TargetAt): Prepared<S>[] {
  // The cheapest EXPANSIONS_PER_BEAM, kept sorted by insertion (a full sort of the pool per set is the slow part).
  const best: Array<[Prepared<S>, number]> = [];
  for (const item of pool) {
    if (beam.used.has(item.song.id)) continue;
    const cost = slotCost(item, target(beam.elapsed + item.duration / 2), from);
    if (best.length === EXPANSIONS_PER_BEAM && cost >= best[best.length - 1][1]) continue;
    let at = best.length;
    while (at > 0 && best[at - 1][1] > cost) at -= 1;
    best.splice(at, 0, [item, cost]);
    if (best.length > EXPANSIONS_PER_BEAM) best.pop();
  }
  return best.map(([item]) => item);
}

/** A slot's cost: energy error, mood and freshness (the radio's scoring parts), clashes with the song before, and the song's base cost. */
function slotCost<S extends PlannerSong>(item: Prepared<S>, target: TargetAt, from: From): number {
  const clash = from
    ? (keysCompatible(from.camelot, item.camelot) ? 0 : COST.harmonicClash) + (temposCompatible(from.bpm, item.song.bpm) ? 0 : COST.tempoClash)
    : 0;
  return COST.energy * Math.abs(item.energy - target.energy) + fitCost(item, target.moods) + clash + item.baseCost;
}

/** The radio's mood and freshness scores as a cost (its energy and tempo parts are the DJ's own terms). */
function fitCost<S extends PlannerSong>(item: Prepared<S>, moods: readonly string[]): number {
  const key = moods.join(',');
  let cost = item.fitCost.get(key);
  if (cost === undefined) {
    const parts = scoreSong(item.song, { ...DEFAULT_TUNING, moods: [...moods], tempoMin: MIN_RADIO_BPM, tempoMax: MAX_RADIO_BPM, freshness: DJ_FRESHNESS });
    cost = COST.mood * (1 - parts.mood) + COST.freshness * (1 - parts.freshness);
    item.fitCost.set(key, cost);
  }
  return cost;
}

/** Keeps the cheapest partial set per (last song, length): two sets ending alike continue alike. */
function distinctEnds<S extends PlannerSong>(sorted: Beam<S>[]): Beam<S>[] {
  const seen = new Set<string>();
  return sorted.filter((beam) => {
    const end = `${beam.slots.length}:${beam.slots[beam.slots.length - 1]?.item.song.id}`;
    if (seen.has(end)) return false;
    seen.add(end);
    return true;
  });
}

const meanCost = (beam: Beam<PlannerSong>) => (beam.slots.length ? beam.cost / beam.slots.length : Infinity);

const kindOf = (song: Pick<SongFeatures, 'genre' | 'mood'>) => `${song.genre ?? ''}/${song.mood ?? ''}`;

/** How well a set follows its target and mixes: the figures the bench and the studio report. */
export interface SetFigures {
  meanAbsoluteEnergyError: number;
  harmonicShare: number;
  tempoShare: number;
  compatibleShare: number;
}

export function setFigures(slots: readonly Pick<PlannedSlot<PlannerSong>, 'energy' | 'targetEnergy' | 'harmonic' | 'tempo'>[]): SetFigures {
  const n = slots.length;
  if (n === 0) return { meanAbsoluteEnergyError: 0, harmonicShare: 1, tempoShare: 1, compatibleShare: 1 };
  const share = (test: (s: (typeof slots)[number]) => boolean) => slots.filter(test).length / n;
  return {
    meanAbsoluteEnergyError: slots.reduce((sum, s) => sum + Math.abs(s.energy - s.targetEnergy), 0) / n,
    harmonicShare: share((s) => s.harmonic),
    tempoShare: share((s) => s.tempo),
    compatibleShare: share((s) => s.harmonic && s.tempo),
  };
}
