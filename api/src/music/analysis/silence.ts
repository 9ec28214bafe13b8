/**
 * Silence ranges per SPEC 9: amplitude threshold 0.01, ranges of at least 0.5 s, ranges closer
 * than 0.1 s merged. Amplitude is the peak over 10 ms windows, so the zero crossings of quiet
 * but audible sound never count as silence.
 */
import type { SilenceRange } from '../types.js';

export const SILENCE_THRESHOLD = 0.01;
export const SILENCE_MIN_SECONDS = 0.5;
export const SILENCE_MERGE_SECONDS = 0.1;
const WINDOW_SECONDS = 0.01;

const round3 = (x: number): number => Math.round(x * 1000) / 1000;

/** Samples per amplitude window. */
export function silenceWindowSize(sampleRate: number): number {
  return Math.max(1, Math.round(WINDOW_SECONDS * sampleRate));
}

/** Silence ranges (seconds) of a song of `length` samples from its peak |sample| per window. */
export function silenceRanges(windowPeaks: Float32Array, sampleRate: number, length: number): SilenceRange[] {
  const window = silenceWindowSize(sampleRate);
  const raw: SilenceRange[] = [];
  let runStart = -1;
  for (let w = 0; w < windowPeaks.length; w++) {
    const start = w * window;
    if (windowPeaks[w] < SILENCE_THRESHOLD) {
      if (runStart < 0) runStart = start;
    } else if (runStart >= 0) {
      raw.push({ start: runStart / sampleRate, end: start / sampleRate });
      runStart = -1;
    }
  }
  if (runStart >= 0) raw.push({ start: runStart / sampleRate, end: length / sampleRate });

  const merged: SilenceRange[] = [];
  for (const r of raw) {
    const last = merged[merged.length - 1];
    if (last && r.start - last.end <= SILENCE_MERGE_SECONDS) last.end = r.end;
    else merged.push({ ...r });
  }
  return merged.filter((r) => r.end - r.start >= SILENCE_MIN_SECONDS).map((r) => ({ start: round3(r.start), end: round3(r.end) }));
}
