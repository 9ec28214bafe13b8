/** Waveform arithmetic for the Now Playing page: bars from stored peaks, progress and click-to-seek. */

/** Keyboard step on the waveform, in seconds (matches the app-wide arrow-key shortcut). */
export const WAVEFORM_KEY_STEP_SECONDS = 5;

const clamp01 = (value: number) => (Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0);

/** `count` bar heights (0..1): each bar is the loudest peak of its share of `peaks`. */
export function waveformBars(peaks: readonly number[], count: number): number[] {
  if (peaks.length === 0 || count <= 0) return [];
  const bars: number[] = [];
  for (let bar = 0; bar < count; bar++) {
    const from = Math.floor((bar * peaks.length) / count);
    const to = Math.max(from + 1, Math.floor(((bar + 1) * peaks.length) / count));
    let max = 0;
    for (let i = from; i < to && i < peaks.length; i++) max = Math.max(max, Math.abs(peaks[i]!));
    bars.push(clamp01(max));
  }
  return bars;
}

/** How far through the song playback is, 0..1 (0 while the duration is unknown). */
export function progressFraction(currentTime: number, duration: number): number {
  return duration > 0 ? clamp01(currentTime / duration) : 0;
}

/** The song time under a pointer at `clientX` over an element spanning `left`..`left + width`. */
export function seekTimeAt(clientX: number, left: number, width: number, duration: number): number {
  if (!(width > 0) || !(duration > 0)) return 0;
  return clamp01((clientX - left) / width) * duration;
}
