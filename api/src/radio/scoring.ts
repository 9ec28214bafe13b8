/**
 * Radio v2's choice of the next songs (docs/radio.md): a score in 0..1 of how well a song fits the
 * dials, and a sequence that keeps consecutive songs mixable (Camelot keys, tempo).
 */
import { transitionOf, type MixableSong } from './camelot.js';
import type { RadioTuning } from './tuning.js';

/** How much each mood drives a song, 0 (still) .. 1 (all out); estimates a song's energy with its tempo. */
export const MOOD_ENERGY: Readonly<Record<string, number>> = {
  peaceful: 0.15,
  dreamy: 0.2,
  sad: 0.25,
  chill: 0.3,
  romantic: 0.35,
  nostalgic: 0.4,
  mysterious: 0.45,
  dark: 0.55,
  happy: 0.7,
  epic: 0.75,
  energetic: 0.9,
  aggressive: 0.95,
};

export const SCORE_WEIGHTS = { mood: 0.3, energy: 0.3, tempo: 0.2, freshness: 0.2 } as const;
/** A song at least this good counts as a 'good match' (below it the endless radio generates). */
export const GOOD_MATCH = 0.6;
/** BPM outside the tempo range at which tempo fit reaches 0. */
const TEMPO_FALLOFF_BPM = 20;
/** Added to a candidate's score when it mixes harmonically / beat-matches with the song before it. */
export const HARMONIC_BONUS = 0.15;
export const TEMPO_BONUS = 0.1;

export interface SongFeatures extends MixableSong {
  id: string;
  genre: string | null;
  mood: string | null;
  /** Mean of the engine's per-second energy curve (0..1), when analysed. */
  curveEnergy: number | null;
  /** 0 never heard, 1 liked or heard often (see familiarityOf). */
  familiarity: number;
}

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/** 1 when liked; otherwise grows with the user's plays, 0.8 at five and more. */
export function familiarityOf(liked: boolean, plays: number): number {
  return liked ? 1 : 0.8 * Math.min(1, plays / 5);
}

/**
 * A song's energy 0..1: half its mood, 30 % its tempo (60 BPM = 0, 180 BPM = 1) and 20 % its
 * measured loudness curve. A missing part leaves its weight to the others.
 */
export function songEnergy(song: Pick<SongFeatures, 'mood' | 'bpm' | 'curveEnergy'>): number {
  const parts: Array<[number, number | null]> = [
    [0.5, song.mood ? (MOOD_ENERGY[song.mood] ?? null) : null],
    [0.3, song.bpm ? clamp01((song.bpm - 60) / 120) : null],
    [0.2, song.curveEnergy],
  ];
  const known = parts.filter((part): part is [number, number] => part[1] !== null);
  if (known.length === 0) return 0.5;
  const weight = known.reduce((sum, [w]) => sum + w, 0);
  return known.reduce((sum, [w, value]) => sum + w * value, 0) / weight;
}

export interface ScoreParts {
  mood: number;
  energy: number;
  tempo: number;
  freshness: number;
  total: number;
}

/**
 * score = 0.3·mood + 0.3·energy + 0.2·tempo + 0.2·freshness, each part 0..1:
 * - mood: 1 when the song's mood is one of the dial's moods (or none is chosen), else 0.5 times how
 *   close its mood energy is to the nearest chosen mood's;
 * - energy: 1 − |song energy − target|;
 * - tempo: 1 inside the range, falling to 0 at 20 BPM outside (half or double time counts as inside);
 * - freshness: dial f, familiarity m: (1 − f)·m + f·(1 − m).
 * Genres are a filter, not a score: a station plays only the chosen genres.
 */
export function scoreSong(song: SongFeatures, tuning: RadioTuning): ScoreParts {
  const mood = moodFit(song.mood, tuning.moods);
  const energy = 1 - Math.abs(songEnergy(song) - tuning.energy);
  const tempo = tempoFit(song.bpm, tuning.tempoMin, tuning.tempoMax);
  const freshness = (1 - tuning.freshness) * song.familiarity + tuning.freshness * (1 - song.familiarity);
  const total = SCORE_WEIGHTS.mood * mood + SCORE_WEIGHTS.energy * energy + SCORE_WEIGHTS.tempo * tempo + SCORE_WEIGHTS.freshness * freshness;
  return { mood, energy, tempo, freshness, total };
}

function moodFit(mood: string | null, wanted: readonly string[]): number {
  if (wanted.length === 0) return 1;
  if (!mood) return 0;
  if (wanted.includes(mood)) return 1;
  const own = MOOD_ENERGY[mood];
  if (own === undefined) return 0;
  const nearest = Math.min(...wanted.map((w) => Math.abs((MOOD_ENERGY[w] ?? 0.5) - own)));
  return 0.5 * (1 - nearest);
}

function tempoFit(bpm: number | null, min: number, max: number): number {
  if (!bpm) return 0.5;
  const distance = Math.min(...[bpm, bpm * 2, bpm / 2].map((b) => (b < min ? min - b : b > max ? b - max : 0)));
  return clamp01(1 - distance / TEMPO_FALLOFF_BPM);
}

/**
 * The next `count` songs after `previous`: each pick is the candidate with the highest score plus
 * HARMONIC_BONUS when its key is next to the previous song's on the Camelot wheel and TEMPO_BONUS
 * when its tempo is within 6 % (or an octave) of it. A better-fitting song thus yields only to a
 * mixable one that fits almost as well. Candidates are used at most once.
 */
export function chooseSequence<T extends SongFeatures>(candidates: readonly T[], tuning: RadioTuning, previous: MixableSong | null, count: number): T[] {
  const pool = candidates.map((song) => ({ song, score: scoreSong(song, tuning).total }));
  const picks: T[] = [];
  let before = previous;
  while (picks.length < count && pool.length > 0) {
    let bestAt = 0;
    let best = -Infinity;
    pool.forEach(({ song, score }, at) => {
      const value = score + (before ? mixBonus(before, song) : 0);
      if (value > best) {
        best = value;
        bestAt = at;
      }
    });
    const [{ song }] = pool.splice(bestAt, 1);
    picks.push(song);
    before = song;
  }
  return picks;
}

function mixBonus(from: MixableSong, to: MixableSong): number {
  const { harmonic, tempo } = transitionOf(from, to);
  return (harmonic ? HARMONIC_BONUS : 0) + (tempo ? TEMPO_BONUS : 0);
}
