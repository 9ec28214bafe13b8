/**
 * Arrangement dynamics on the mix bus: each section sits at a level that follows its energy
 * (the loudest section at 0 dB, a verse a few dB under the chorus, a breakdown well under the
 * drop), pre-choruses and the last bar before a drop build towards the next section's level, and
 * the other boundaries move in 30 ms. Applied after the bus compressor, so it does not undo it;
 * mastering then brings the whole song to the loudness target, so choruses end up louder than
 * verses instead of every section sitting at one level.
 */
import type { Composition, SectionKind } from '../types.js';

/**
 * dB per unit of section energy (0..1), chosen per song so that its energy range spans about
 * SPAN_DB: calm moods plan sections close together in energy (a flat curve, low density), and a
 * fixed scale left a chill chorus under 1 dB above its verse and the whole song within 3 LU.
 */
const SPAN_DB = 5.5;
const MIN_DB_PER_ENERGY = 5;
const MAX_DB_PER_ENERGY = 16;
const FLOOR_DB = -8;
/** Extra drop for sections that are meant to breathe before the music comes back. */
const KIND_OFFSET_DB: Partial<Record<SectionKind, number>> = { breakdown: -2, bridge: -0.5, verse: -1 };
/** Sections that rise into the next one over their length. */
const BUILDS = new Set<SectionKind>(['pre-chorus']);
const STEP_SECONDS = 0.03;

/** Gain breakpoints (seconds, linear gain), in time order; constant before the first and after the last. */
export interface LevelCurve {
  times: number[];
  gains: number[];
}

export function sectionLevelCurve(c: Composition): LevelCurve {
  const energies = c.sections.map((s) => s.energy);
  const loudest = Math.max(...energies);
  const range = loudest - Math.min(...energies);
  const dbPerEnergy = range > 0 ? Math.min(MAX_DB_PER_ENERGY, Math.max(MIN_DB_PER_ENERGY, SPAN_DB / range)) : MIN_DB_PER_ENERGY;
  const levelDb = c.sections.map((s) => Math.max(FLOOR_DB, dbPerEnergy * (s.energy - loudest) + (KIND_OFFSET_DB[s.kind] ?? 0)));
  const times: number[] = [];
  const gains: number[] = [];
  const point = (time: number, db: number): void => {
    times.push(time);
    gains.push(10 ** (db / 20));
  };
  c.sections.forEach((section, i) => {
    const next = c.sections[i + 1];
    point(section.start, levelDb[i]);
    if (!next) return;
    // A breakdown's last bar builds towards the drop; a pre-chorus builds over its whole length.
    const barSeconds = (c.beatsPerBar * 60) / c.bpm;
    const buildFrom = BUILDS.has(section.kind) ? section.start : section.kind === 'breakdown' && next.kind === 'drop' ? Math.max(section.start, section.end - barSeconds) : null;
    if (buildFrom === null) point(Math.max(section.start, section.end - STEP_SECONDS), levelDb[i]);
    else {
      point(buildFrom, levelDb[i]);
      point(Math.max(buildFrom, section.end - STEP_SECONDS), (levelDb[i] + levelDb[i + 1]) / 2);
    }
  });
  return { times, gains };
}

/** The curve's gain at `t` seconds. */
export function levelAt(curve: LevelCurve, t: number): number {
  const { times, gains } = curve;
  if (times.length === 0) return 1;
  if (t <= times[0]) return gains[0];
  if (t >= times[times.length - 1]) return gains[gains.length - 1];
  let lo = 0;
  let hi = times.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (times[mid] <= t) lo = mid;
    else hi = mid;
  }
  const span = times[hi] - times[lo];
  return span > 0 ? gains[lo] + ((gains[hi] - gains[lo]) * (t - times[lo])) / span : gains[hi];
}

/**
 * Multiplies a segment by the curve: `left` and `right` hold the song's samples [from, to). Where
 * the curve is flat (most of a song) one gain is applied to the whole stretch; only its ramps are
 * interpolated sample by sample. Either way each sample gets the gain levelAt gives at its time.
 */
export function applyLevelCurve(curve: LevelCurve, left: Float32Array, right: Float32Array, from: number, to: number, sampleRate: number): void {
  const { times, gains } = curve;
  if (times.length === 0) return;
  const last = times.length - 1;
  // The breakpoint interval sample n is in: -1 up to the first breakpoint, else the last breakpoint at or before it.
  const interval = (n: number): number => {
    const t = n / sampleRate;
    if (t <= times[0]) return -1;
    let k = 0;
    while (k < last && times[k + 1] <= t) k++;
    return k;
  };
  for (let i = from; i < to; ) {
    const k = interval(i);
    // The interval's first sample past i: intervals only move forward, so a binary search finds it.
    let inside = i;
    let end = to;
    while (end - inside > 1) {
      const mid = (inside + end) >> 1;
      if (interval(mid) === k) inside = mid;
      else end = mid;
    }
    if (k === -1 || k === last || gains[k + 1] === gains[k]) {
      const g = k === -1 ? gains[0] : gains[k];
      for (let n = i; n < end; n++) {
        left[n - from] *= g;
        right[n - from] *= g;
      }
    } else {
      const span = times[k + 1] - times[k];
      for (let n = i; n < end; n++) {
        const g = span > 0 ? gains[k] + ((gains[k + 1] - gains[k]) * (n / sampleRate - times[k])) / span : gains[k + 1];
        left[n - from] *= g;
        right[n - from] *= g;
      }
    }
    i = end;
  }
}
