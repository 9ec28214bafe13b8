/**
 * Silence ranges per SPEC 9: amplitude threshold 0.01, ranges of at least 0.5 s, ranges closer
 * than 0.1 s merged. Amplitude is the peak over 10 ms windows, so the zero crossings of quiet
 * but audible sound never count as silence.
 */
import type { SilenceRange, StereoAudio } from '../types.js';

export const SILENCE_THRESHOLD = 0.01;
export const SILENCE_MIN_SECONDS = 0.5;
export const SILENCE_MERGE_SECONDS = 0.1;
const WINDOW_SECONDS = 0.01;

const round3 = (x: number): number => Math.round(x * 1000) / 1000;

export function detectSilence(audio: StereoAudio): SilenceRange[] {
  const { left, right, sampleRate } = audio;
  const window = Math.max(1, Math.round(WINDOW_SECONDS * sampleRate));
  const raw: SilenceRange[] = [];
  let runStart = -1;
  for (let start = 0; start < left.length; start += window) {
    const end = Math.min(left.length, start + window);
    let peak = 0;
    for (let i = start; i < end; i++) {
      const v = Math.max(Math.abs(left[i]), Math.abs(right[i]));
      if (v > peak) peak = v;
    }
    if (peak < SILENCE_THRESHOLD) {
      if (runStart < 0) runStart = start;
    } else if (runStart >= 0) {
      raw.push({ start: runStart / sampleRate, end: start / sampleRate });
      runStart = -1;
    }
  }
  if (runStart >= 0) raw.push({ start: runStart / sampleRate, end: left.length / sampleRate });

  const merged: SilenceRange[] = [];
  for (const r of raw) {
    const last = merged[merged.length - 1];
    if (last && r.start - last.end <= SILENCE_MERGE_SECONDS) last.end = r.end;
    else merged.push({ ...r });
  }
  return merged.filter((r) => r.end - r.start >= SILENCE_MIN_SECONDS).map((r) => ({ start: round3(r.start), end: round3(r.end) }));
}
