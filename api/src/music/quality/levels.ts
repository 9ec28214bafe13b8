/** Sample-level checks: non-finite samples, RMS level and silent stretches. */

export interface TimeRange {
  start: number;
  end: number;
}

/** Count of NaN or infinite samples across all channels. */
export function countNonFinite(channels: Float32Array[]): number {
  let count = 0;
  for (const channel of channels) for (const sample of channel) if (!Number.isFinite(sample)) count += 1;
  return count;
}

/** RMS in dBFS over [start, end) seconds, all channels together. */
export function rmsDb(channels: Float32Array[], sampleRate: number, start = 0, end = Infinity): number {
  let sum = 0;
  let count = 0;
  for (const channel of channels) {
    const from = Math.max(0, Math.floor(start * sampleRate));
    const to = Math.min(channel.length, Math.floor(end * sampleRate));
    for (let i = from; i < to; i++) sum += channel[i] * channel[i];
    count += Math.max(0, to - from);
  }
  return count === 0 || sum === 0 ? -Infinity : 10 * Math.log10(sum / count);
}

export const SILENCE_THRESHOLD_DBFS = -50;
const WINDOW_SECONDS = 0.05;

/**
 * Stretches longer than minSeconds where every 50 ms window is below thresholdDb (RMS of the
 * louder channel). Returned in seconds.
 */
export function findSilences(channels: Float32Array[], sampleRate: number, minSeconds = 1, thresholdDb = SILENCE_THRESHOLD_DBFS): TimeRange[] {
  const windowSize = Math.round(sampleRate * WINDOW_SECONDS);
  const length = Math.min(...channels.map((c) => c.length));
  const threshold = 10 ** (thresholdDb / 10);
  const ranges: TimeRange[] = [];
  let runStart = -1;
  const windows = Math.ceil(length / windowSize);
  for (let w = 0; w <= windows; w++) {
    let quiet = false;
    if (w < windows) {
      const from = w * windowSize;
      const to = Math.min(length, from + windowSize);
      let loudest = 0;
      for (const channel of channels) {
        let sum = 0;
        for (let i = from; i < to; i++) sum += channel[i] * channel[i];
        loudest = Math.max(loudest, sum / (to - from));
      }
      quiet = loudest < threshold;
    }
    if (quiet && runStart < 0) runStart = w;
    if (!quiet && runStart >= 0) {
      const start = (runStart * windowSize) / sampleRate;
      const end = Math.min(length, w * windowSize) / sampleRate;
      if (end - start > minSeconds) ranges.push({ start, end });
      runStart = -1;
    }
  }
  return ranges;
}
