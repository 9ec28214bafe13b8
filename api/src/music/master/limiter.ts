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

/**
 * Sliding minimum over [n, n + window), written back into `x` (van Herk / Gil-Werman). Only the
 * current block's suffix minima and the next block's prefix minima are kept, so extra memory is
 * two windows, and each block is overwritten only after the next block's prefix is known.
 */
function forwardMinimumInPlace(x: Float32Array, window: number): void {
  const n = x.length;
  const suffix = new Float32Array(window);
  const prefix = new Float32Array(window);
  const blockPrefix = (b: number): void => {
    let m = Infinity;
    for (let i = b; i < Math.min(n, b + window); i++) prefix[i - b] = m = Math.min(m, x[i]);
  };
  for (let b = 0; b < n; b += window) {
    const end = Math.min(n, b + window);
    let m = Infinity;
    for (let i = end - 1; i >= b; i--) suffix[i - b] = m = Math.min(m, x[i]);
    const next = b + window;
    if (next < n) blockPrefix(next);
    for (let i = b; i < end; i++) {
      const last = i + window - 1;
      // [i, last] = tail of this block + head of the next one (if any).
      x[i] = last < next || next >= n ? suffix[i - b] : Math.min(suffix[i - b], prefix[Math.min(last, n - 1) - next]);
    }
  }
}

/**
 * Smoothed gain curve (<= 1) for the signal scaled by `makeupGain`, so that no true peak of the
 * scaled signal exceeds the ceiling; null when no limiting is needed. `envelope` must cover all
 * peaks above ceiling / makeupGain. Written into `into` (reusable between calls).
 */
export function limiterGainCurve(envelope: Float32Array, makeupGain: number, settings: LimiterSettings, sampleRate: number, into: Float32Array = new Float32Array(envelope.length)): Float32Array | null {
  const ceiling = Math.pow(10, settings.ceilingDb / 20);
  const curve = into;
  let any = false;
  for (let i = 0; i < curve.length; i++) {
    const peak = envelope[i] * makeupGain;
    if (peak > ceiling) {
      curve[i] = ceiling / peak;
      any = true;
    } else curve[i] = 1;
  }
  if (!any) return null;
  const window = Math.max(1, Math.round(settings.lookaheadSeconds * sampleRate));
  forwardMinimumInPlace(curve, window);
  const recover = 1 - Math.exp(-1 / (settings.releaseSeconds * sampleRate));
  // Release, then a box average of the last `window` held values (kept in a ring): each was held
  // over a window containing i, so each is <= the gain sample i needs, and so is their average.
  const ring = new Float32Array(window);
  let g = 1;
  let sum = 0;
  for (let i = 0; i < curve.length; i++) {
    g += (1 - g) * recover;
    if (curve[i] < g) g = curve[i];
    const slot = i % window;
    if (i >= window) sum -= ring[slot];
    ring[slot] = g;
    sum += g;
    curve[i] = i >= window ? sum / window : Math.min(sum / (i + 1), g);
  }
  return curve;
}

/**
 * `audio` x makeupGain x curve, into `into` (may be `audio` itself) or else into new buffers backed
 * by SharedArrayBuffers so the encoder's workers can read them without copies.
 */
export function applyGain(audio: StereoAudio, makeupGain: number, curve: Float32Array | null, into?: StereoAudio): StereoAudio {
  const n = audio.left.length;
  const out = into ?? { sampleRate: audio.sampleRate, left: new Float32Array(new SharedArrayBuffer(n * 4)), right: new Float32Array(new SharedArrayBuffer(n * 4)) };
  for (let i = 0; i < n; i++) {
    const g = curve ? makeupGain * curve[i] : makeupGain;
    out.left[i] = audio.left[i] * g;
    out.right[i] = audio.right[i] * g;
  }
  return out;
}

/** Limits a signal as it is (no make-up gain), into new buffers or in place. */
export function limitTruePeak(audio: StereoAudio, settings: LimiterSettings = DEFAULT_LIMITER, inPlace = false): StereoAudio {
  const env = truePeakEnvelope(audio, Math.pow(10, settings.ceilingDb / 20));
  return applyGain(audio, 1, limiterGainCurve(env, 1, settings, audio.sampleRate), inPlace ? audio : undefined);
}
