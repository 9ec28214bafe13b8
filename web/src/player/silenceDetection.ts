/**
 * Silence ranges of a song (SPEC 9): amplitude threshold 0.01, minimum length 0.5 s, ranges less
 * than 0.1 s apart merged, and a leading silence longer than 1 s skipped at playback start.
 *
 * Analysis works on 10 ms windows: a window is silent when its peak absolute amplitude over all
 * channels is below the threshold. (Judging single samples would call every zero crossing of the
 * music "silent".) Silent windows form runs; runs separated by a gap of at most 0.1 s are merged
 * first (so a click inside a pause does not split it), then ranges shorter than 0.5 s are dropped.
 */
import type { SilenceRange } from './types';

export const SILENCE_AMPLITUDE_THRESHOLD = 0.01;
export const SILENCE_MIN_SECONDS = 0.5;
export const SILENCE_MERGE_GAP_SECONDS = 0.1;
export const LEADING_SILENCE_SKIP_SECONDS = 1;
export const SILENCE_WINDOW_SECONDS = 0.01;

/** The part of Web Audio's AudioBuffer the analysis reads. */
export interface DecodedAudio {
  sampleRate: number;
  numberOfChannels: number;
  length: number;
  getChannelData(channel: number): Float32Array;
}

/** Merge ranges whose gap is at most `maxGap` seconds; input in any order. */
export function mergeSilenceRanges(ranges: readonly SilenceRange[], maxGap = SILENCE_MERGE_GAP_SECONDS): SilenceRange[] {
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  const merged: SilenceRange[] = [];
  for (const range of sorted) {
    const last = merged[merged.length - 1];
    // A small epsilon so gaps of exactly maxGap merge despite float rounding in window times.
    if (last && range.start - last.end <= maxGap + 1e-9) {
      last.end = Math.max(last.end, range.end);
    } else {
      merged.push({ start: range.start, end: range.end });
    }
  }
  return merged;
}

/**
 * Silence ranges of decoded audio. Returns null when the audio is not ready (no buffer yet), per
 * SPEC 5 "silence detection requires audio ready".
 */
export function detectSilence(audio: DecodedAudio | null | undefined): SilenceRange[] | null {
  if (!audio || audio.length === 0 || audio.numberOfChannels === 0 || !(audio.sampleRate > 0)) return null;
  const channels = Array.from({ length: audio.numberOfChannels }, (_, c) => audio.getChannelData(c));
  const windowSize = Math.max(1, Math.round(audio.sampleRate * SILENCE_WINDOW_SECONDS));
  // Samples are 32-bit floats: compare against the threshold as a 32-bit float too.
  const threshold = Math.fround(SILENCE_AMPLITUDE_THRESHOLD);
  const runs: SilenceRange[] = [];
  let runStart = -1;
  for (let offset = 0; offset < audio.length; offset += windowSize) {
    const end = Math.min(audio.length, offset + windowSize);
    let silent = true;
    for (const data of channels) {
      for (let i = offset; i < end; i++) {
        if (Math.abs(data[i]) >= threshold) {
          silent = false;
          break;
        }
      }
      if (!silent) break;
    }
    if (silent && runStart < 0) runStart = offset;
    if (!silent && runStart >= 0) {
      runs.push({ start: runStart / audio.sampleRate, end: offset / audio.sampleRate });
      runStart = -1;
    }
  }
  if (runStart >= 0) runs.push({ start: runStart / audio.sampleRate, end: audio.length / audio.sampleRate });
  return mergeSilenceRanges(runs).filter((range) => range.end - range.start >= SILENCE_MIN_SECONDS - 1e-9);
}

/** Where playback should start: the end of a leading silence longer than 1 s, else 0. */
export function leadingSilenceSkip(ranges: readonly SilenceRange[]): number {
  const first = [...ranges].sort((a, b) => a.start - b.start)[0];
  if (!first || first.start > SILENCE_WINDOW_SECONDS) return 0;
  return first.end - first.start > LEADING_SILENCE_SKIP_SECONDS ? first.end : 0;
}

/**
 * Where the audible part of the song ends: the start of a silence that runs to the end of the
 * song (within one analysis window), else the duration.
 */
export function audibleEnd(ranges: readonly SilenceRange[], durationSeconds: number): number {
  let end = durationSeconds;
  for (const range of ranges) {
    if (range.end >= durationSeconds - SILENCE_WINDOW_SECONDS && range.start < end) end = range.start;
  }
  return Math.max(0, end);
}
