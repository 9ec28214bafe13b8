/**
 * Time-synced lyrics in LRC form ("[mm:ss.xx]text", several stamps per line allowed, metadata
 * tags such as "[ar:...]" ignored) and which line is current at a playback time.
 */

export interface LyricLine {
  /** Seconds from the start of the song. */
  time: number;
  text: string;
}

const TIME_TAG = /\[(\d{1,3}):(\d{1,2}(?:[.:]\d{1,3})?)\]/g;

function secondsOf(minutes: string, seconds: string): number {
  return Number(minutes) * 60 + Number(seconds.replace(':', '.'));
}

/** The timed lines in time order; lines without a time tag are dropped. */
export function parseLrc(lrc: string | null | undefined): LyricLine[] {
  if (!lrc) return [];
  const lines: LyricLine[] = [];
  for (const raw of lrc.split(/\r?\n/)) {
    const stamps = [...raw.matchAll(TIME_TAG)];
    if (stamps.length === 0) continue;
    const text = raw.replace(TIME_TAG, '').trim();
    for (const [, minutes, seconds] of stamps) {
      const time = secondsOf(minutes!, seconds!);
      if (Number.isFinite(time)) lines.push({ time, text });
    }
  }
  // Stable sort keeps lines with the same stamp in file order.
  return lines.sort((a, b) => a.time - b.time);
}

/** Index of the last line whose time has come, or -1 before the first line. */
export function currentLineIndex(lines: readonly LyricLine[], time: number): number {
  let low = 0;
  let high = lines.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (lines[mid]!.time <= time) {
      found = mid;
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  return found;
}
