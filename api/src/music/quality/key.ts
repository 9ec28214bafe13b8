/**
 * Key detection: a chromagram from spectral peaks (C2..C7) correlated with the Krumhansl-Kessler
 * major and minor key profiles in all 24 rotations (the Krumhansl-Schmuckler algorithm).
 */
import { spectrogram } from './spectrum.js';

export const PITCH_CLASSES = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'] as const;

export type KeyMode = 'major' | 'minor';

export interface KeyEstimate {
  tonic: string;
  mode: KeyMode;
  /** Pearson correlation of the chroma with the winning profile. */
  correlation: number;
  /** Correlation of the best key that is neither the winner nor its relative. */
  runnerUpCorrelation: number;
  /** Normalised 12-bin pitch-class energy, C first. */
  chroma: number[];
}

// Krumhansl & Kessler (1982) probe-tone ratings, tonic first.
const MAJOR_PROFILE = [6.35, 2.23, 3.48, 2.33, 4.38, 4.09, 2.52, 5.19, 2.39, 3.66, 2.29, 2.88];
const MINOR_PROFILE = [6.33, 2.68, 3.52, 5.38, 2.6, 3.53, 2.54, 4.75, 3.98, 2.69, 3.34, 3.17];

const LOWEST_HZ = 65.4; // C2
const HIGHEST_HZ = 2093; // C7

function pearson(a: readonly number[], b: readonly number[]): number {
  const n = a.length;
  const meanA = a.reduce((s, v) => s + v, 0) / n;
  const meanB = b.reduce((s, v) => s + v, 0) / n;
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < n; i++) {
    num += (a[i] - meanA) * (b[i] - meanB);
    da += (a[i] - meanA) ** 2;
    db += (b[i] - meanB) ** 2;
  }
  return da === 0 || db === 0 ? 0 : num / Math.sqrt(da * db);
}

/**
 * Pitch-class energy over the whole signal. Only spectral peaks count (a bin louder than both
 * neighbours), which keeps broadband drum noise from smearing the chroma; each frame is
 * normalised so loud passages do not dominate the key.
 */
export function chromagram(mono: Float32Array, sampleRate: number): number[] {
  // ~186 ms frames at 44.1 kHz: 5.4 Hz bins separate semitones down to about C2.
  const frameSize = sampleRate > 32000 ? 8192 : 4096;
  const spec = spectrogram(mono, sampleRate, frameSize, frameSize / 2);
  const lowBin = Math.max(2, Math.floor(LOWEST_HZ / spec.binWidth));
  const highBin = Math.min(frameSize / 2 - 1, Math.ceil(HIGHEST_HZ / spec.binWidth));
  const pitchClassOfBin = new Int8Array(highBin + 1);
  for (let k = lowBin; k <= highBin; k++) {
    const midi = 69 + 12 * Math.log2((k * spec.binWidth) / 440);
    pitchClassOfBin[k] = ((Math.round(midi) % 12) + 12) % 12;
  }
  const total = new Array<number>(12).fill(0);
  const frameChroma = new Array<number>(12);
  for (const magnitudes of spec.frames) {
    frameChroma.fill(0);
    let frameSum = 0;
    for (let k = lowBin; k <= highBin; k++) {
      const m = magnitudes[k];
      if (m > magnitudes[k - 1] && m >= magnitudes[k + 1]) {
        frameChroma[pitchClassOfBin[k]] += m;
        frameSum += m;
      }
    }
    if (frameSum <= 0) continue;
    for (let pc = 0; pc < 12; pc++) total[pc] += frameChroma[pc] / frameSum;
  }
  const max = Math.max(...total);
  return max > 0 ? total.map((value) => value / max) : total;
}

/** Relative major/minor of a key (same notes): A minor <-> C major. */
export function relativeKey(tonic: string, mode: KeyMode): { tonic: string; mode: KeyMode } {
  const index = PITCH_CLASSES.indexOf(tonic as (typeof PITCH_CLASSES)[number]);
  if (index < 0) throw new RangeError(`Unknown pitch class ${tonic}`);
  return mode === 'minor' ? { tonic: PITCH_CLASSES[(index + 3) % 12], mode: 'major' } : { tonic: PITCH_CLASSES[(index + 9) % 12], mode: 'minor' };
}

export function keyFromChroma(chroma: number[]): KeyEstimate {
  const scored: { tonic: number; mode: KeyMode; correlation: number }[] = [];
  for (let tonic = 0; tonic < 12; tonic++) {
    const rotated = chroma.map((_, i) => chroma[(i + tonic) % 12]);
    scored.push({ tonic, mode: 'major', correlation: pearson(rotated, MAJOR_PROFILE) });
    scored.push({ tonic, mode: 'minor', correlation: pearson(rotated, MINOR_PROFILE) });
  }
  scored.sort((a, b) => b.correlation - a.correlation);
  const winner = scored[0];
  const relative = relativeKey(PITCH_CLASSES[winner.tonic], winner.mode);
  const runnerUp = scored.find((s) => s !== winner && !(PITCH_CLASSES[s.tonic] === relative.tonic && s.mode === relative.mode));
  return {
    tonic: PITCH_CLASSES[winner.tonic],
    mode: winner.mode,
    correlation: winner.correlation,
    runnerUpCorrelation: runnerUp?.correlation ?? 0,
    chroma,
  };
}

export function detectKey(mono: Float32Array, sampleRate: number): KeyEstimate {
  return keyFromChroma(chromagram(mono, sampleRate));
}
