/**
 * Tempo detection: autocorrelation of the spectral-flux onset envelope over 60-200 BPM, an
 * octave decision, then a fine comb-filter fit of period and phase over the whole envelope for
 * sub-BPM precision.
 */
import { onsetEnvelope, type OnsetEnvelope } from './onsets.js';

export const MIN_BPM = 60;
export const MAX_BPM = 200;

export interface TempoEstimate {
  bpm: number;
  /** Seconds of the first beat of the fitted grid. */
  beatOffsetSeconds: number;
  /** ACF of the chosen metrical level over the best other level of its family (>1 = clear). */
  octaveConfidence: number;
}

function autocorrelation(values: Float32Array, maxLag: number): Float64Array {
  const acf = new Float64Array(maxLag + 1);
  for (let lag = 0; lag <= maxLag; lag++) {
    let sum = 0;
    for (let t = lag; t < values.length; t++) sum += values[t] * values[t - lag];
    // Unbiased: later lags overlap fewer frames.
    acf[lag] = sum / (values.length - lag);
  }
  return acf;
}

function interpolate(values: ArrayLike<number>, position: number): number {
  const i = Math.floor(position);
  if (i < 0 || i + 1 >= values.length) return 0;
  const fraction = position - i;
  return values[i] * (1 - fraction) + values[i + 1] * fraction;
}

/** Mean envelope value on a beat grid (3-frame neighbourhood per beat, tolerating onset smear). */
function gridMean(strength: Float32Array, period: number, phase: number): number {
  let sum = 0;
  let beats = 0;
  for (let position = phase; position < strength.length - 1; position += period) {
    const i = Math.round(position);
    sum += Math.max(strength[i - 1] ?? 0, strength[i], strength[i + 1] ?? 0);
    beats += 1;
  }
  return beats === 0 ? 0 : sum / beats;
}

/**
 * Fine fit: for a beat period (frames), the phase whose grid collects the most onset strength.
 * Averaging over every beat of the song pins the period down far better than one ACF lag.
 */
function gridFit(strength: Float32Array, period: number): { score: number; phase: number } {
  let best = { score: -Infinity, phase: 0 };
  for (let phase = 0; phase < period; phase += 0.5) {
    const score = gridMean(strength, period, phase);
    if (score > best.score) best = { score, phase };
  }
  return best;
}

/**
 * Periodicity of a whole metrical family: the ACF at the period and its multiples. A syncopated
 * kick can make a single lag (say 2.5 beats) correlate strongly, but only the real pulse also
 * repeats at 2, 3 and 4 times its period.
 */
function combScore(acf: Float64Array, period: number): number {
  let score = 0;
  for (let k = 1; k <= 4; k++) score += interpolate(acf, period * k);
  return score / 4;
}

/**
 * Octave decision. A periodic envelope correlates with itself at every multiple of its period, so
 * the beat, half-beat and two-beat levels (e.g. 85, 170 and 42.5 BPM) of one pulse all score well,
 * and nothing in the signal alone says which one a listener taps: 8th-note hats and bass at 100 BPM
 * look the same as a half-time groove at 200 BPM (measured on the engine's own songs, the ratio of
 * off-beat to on-beat onset strength overlaps completely between the two cases). Like other
 * tempo estimators (cf. the 120 BPM log-normal prior of Ellis 2007) we take, among the levels whose
 * ACF is within OCTAVE_TOLERANCE of the family's strongest, the one closest on a log scale to
 * PREFERRED_BPM. Songs far from it (drum and bass at 170+, lo-fi at 70) may read at the other
 * octave; callers comparing with a known tempo must accept octave equivalents.
 */
const OCTAVE_TOLERANCE = 0.6;
const PREFERRED_BPM = 110;

export function detectTempoFromEnvelope(envelope: OnsetEnvelope): TempoEstimate {
  const { strength, frameRate } = envelope;
  const maxLag = Math.ceil(((60 * frameRate) / MIN_BPM) * 4) + 2;
  const acf = autocorrelation(strength, Math.min(maxLag, strength.length - 1));
  const lagOf = (bpm: number) => (60 * frameRate) / bpm;
  // Best ACF within +-1 % of a tempo, so a family member between grid points is not undersold.
  const peakNear = (bpm: number) => {
    let best = { bpm, score: -Infinity };
    for (let b = bpm * 0.99; b <= bpm * 1.01; b += 0.05) {
      const score = interpolate(acf, lagOf(b));
      if (score > best.score) best = { bpm: b, score };
    }
    return best;
  };
  let family = { bpm: MIN_BPM, score: -Infinity };
  for (let bpm = MIN_BPM; bpm <= MAX_BPM; bpm += 0.25) {
    const score = combScore(acf, lagOf(bpm));
    if (score > family.score) family = { bpm, score };
  }
  const levels = [0.25, 0.5, 1, 2, 4]
    .map((factor) => family.bpm * factor)
    .filter((bpm) => bpm >= MIN_BPM * 0.99 && bpm <= MAX_BPM * 1.01)
    .map(peakNear);
  const strongest = levels.reduce((a, b) => (b.score > a.score ? b : a));
  const eligible = levels.filter((level) => level.score >= strongest.score * OCTAVE_TOLERANCE);
  const distance = (bpm: number) => Math.abs(Math.log2(bpm / PREFERRED_BPM));
  const chosen = eligible.reduce((a, b) => (distance(b.bpm) < distance(a.bpm) ? b : a));
  const rivals = levels.filter((level) => level !== chosen);
  const rivalScore = rivals.reduce((max, c) => Math.max(max, c.score), 0);
  // Refine within +-1.5 % in 0.02 BPM steps.
  let fine = { bpm: chosen.bpm, score: -Infinity, phase: 0 };
  for (let bpm = chosen.bpm * 0.985; bpm <= chosen.bpm * 1.015; bpm += 0.02) {
    const fit = gridFit(strength, (60 * frameRate) / bpm);
    if (fit.score > fine.score) fine = { bpm, score: fit.score, phase: fit.phase };
  }
  return {
    bpm: Math.round(fine.bpm * 100) / 100,
    beatOffsetSeconds: fine.phase / frameRate + envelope.frameTime,
    octaveConfidence: rivalScore > 0 ? chosen.score / rivalScore : Infinity,
  };
}

export function detectTempo(mono: Float32Array, sampleRate: number): TempoEstimate {
  return detectTempoFromEnvelope(onsetEnvelope(mono, sampleRate));
}
