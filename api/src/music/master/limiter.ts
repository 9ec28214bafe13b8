/**
 * Look-ahead true-peak limiter. The gain each sample needs (ceiling / true peak around it) is
 * held over the look-ahead window, recovers with an exponential release, and is smoothed with a
 * box filter the length of the look-ahead, so the gain is already down when a peak arrives and
 * never moves abruptly. Offline, so "look-ahead" costs no latency.
 *
 * The true-peak envelope of the un-gained signal is computed once; trying another make-up gain
 * (mastering iterates on loudness) then only recomputes the cheap gain curve.
 */
import type { StereoAudio } from '../types.js';
import { accumulatePeakEnvelope } from './true-peak.js';

export interface LimiterSettings {
  ceilingDb: number;
  lookaheadSeconds: number;
  releaseSeconds: number;
}

/** -1.5 dBTP leaves room for MP3 encoding overshoot under the -1 dBTP delivery limit. */
export const DEFAULT_LIMITER: LimiterSettings = { ceilingDb: -1.5, lookaheadSeconds: 0.0015, releaseSeconds: 0.08 };

/**
 * Per-sample true peak over [n-1, n+1) (a peak between two samples needs both turned down),
 * recorded only where it exceeds `floor`; 0 elsewhere.
 */
export function truePeakEnvelope(audio: StereoAudio, floor: number): Float32Array {
  const env = new Float32Array(audio.left.length);
  accumulatePeakEnvelope(audio.left, floor, env);
  accumulatePeakEnvelope(audio.right, floor, env);
  for (let i = env.length - 1; i > 0; i--) if (env[i - 1] > env[i]) env[i] = env[i - 1];
  return env;
}

/** Sliding minimum over [n, n + window) (van Herk / Gil-Werman: three passes, no branches per element). */
function forwardMinimum(x: Float32Array, window: number): Float32Array {
  const n = x.length;
  const prefix = new Float32Array(n);
  const suffix = new Float32Array(n);
  for (let b = 0; b < n; b += window) {
    const end = Math.min(n, b + window);
    let m = Infinity;
    for (let i = b; i < end; i++) prefix[i] = m = Math.min(m, x[i]);
    m = Infinity;
    for (let i = end - 1; i >= b; i--) suffix[i] = m = Math.min(m, x[i]);
  }
  for (let i = 0; i < n; i++) {
    const last = Math.min(n - 1, i + window - 1);
    // [i, last] spans at most two blocks: the tail of i's block and the head of last's block.
    prefix[i] = Math.floor(i / window) === Math.floor(last / window) ? suffix[i] : Math.min(suffix[i], prefix[last]);
  }
  return prefix;
}

/**
 * Smoothed gain curve (<= 1) for the signal scaled by `makeupGain`, so that no true peak of the
 * scaled signal exceeds the ceiling. `envelope` must cover all peaks above ceiling / makeupGain.
 */
export function limiterGainCurve(envelope: Float32Array, makeupGain: number, settings: LimiterSettings, sampleRate: number): Float32Array | null {
  const ceiling = Math.pow(10, settings.ceilingDb / 20);
  const need = new Float32Array(envelope.length);
  let any = false;
  for (let i = 0; i < need.length; i++) {
    const peak = envelope[i] * makeupGain;
    if (peak > ceiling) {
      need[i] = ceiling / peak;
      any = true;
    } else need[i] = 1;
  }
  if (!any) return null;
  const window = Math.max(1, Math.round(settings.lookaheadSeconds * sampleRate));
  const held = forwardMinimum(need, window);
  const recover = 1 - Math.exp(-1 / (settings.releaseSeconds * sampleRate));
  let g = 1;
  for (let i = 0; i < held.length; i++) {
    g += (1 - g) * recover;
    if (held[i] < g) g = held[i];
    held[i] = g;
  }
  // Box average of the last `window` held values: each was held over a window containing i, so
  // each is <= need[i], and so is their average.
  const curve = new Float32Array(held.length);
  let sum = 0;
  for (let i = 0; i < held.length; i++) {
    sum += held[i];
    if (i >= window) sum -= held[i - window];
    curve[i] = i >= window ? sum / window : Math.min(sum / (i + 1), held[i]);
  }
  return curve;
}

/** Returns `audio` x makeupGain x curve as new buffers. */
export function applyGain(audio: StereoAudio, makeupGain: number, curve: Float32Array | null): StereoAudio {
  const left = new Float32Array(audio.left.length);
  const right = new Float32Array(audio.right.length);
  for (let i = 0; i < left.length; i++) {
    const g = curve ? makeupGain * curve[i] : makeupGain;
    left[i] = audio.left[i] * g;
    right[i] = audio.right[i] * g;
  }
  return { sampleRate: audio.sampleRate, left, right };
}

/** Limits a signal as it is (no make-up gain); returns new buffers. */
export function limitTruePeak(audio: StereoAudio, settings: LimiterSettings = DEFAULT_LIMITER): StereoAudio {
  const env = truePeakEnvelope(audio, Math.pow(10, settings.ceilingDb / 20));
  return applyGain(audio, 1, limiterGainCurve(env, 1, settings, audio.sampleRate));
}
