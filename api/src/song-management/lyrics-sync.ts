import { lrcTimestamp } from '../music/index.js';

/** "[Chorus]"-style stanza labels in stored lyrics (generation's lyricsText): not sung, so not timed. */
const SECTION_LABEL = /^\[[^\]]*\]$/;
const TIME_TAG = /^\[(\d{1,3}):(\d{1,2}(?:\.\d{1,3})?)\]/;

/** The sung lines of lyrics text: non-empty lines that are not stanza labels. */
export function sungLines(lyrics: string): string[] {
  return lyrics
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0 && !SECTION_LABEL.test(line));
}

/** The start times (seconds) of an LRC text's lines, in order. */
export function lrcTimes(lrc: string | null): number[] {
  if (!lrc) return [];
  return lrc.split(/\r?\n/).flatMap((line) => {
    const match = TIME_TAG.exec(line.trim());
    return match ? [Number(match[1]) * 60 + Number(match[2])] : [];
  });
}

/**
 * LRC for edited lyrics. The vocals are already rendered, so the sung timing cannot change: the
 * n-th sung line of the new text takes the n-th time of the song's current LRC; lines beyond those
 * are spread evenly over the rest of the music (after the last known time, before `span.end`), and
 * a song without timed lines spreads them all over `span`. Null when nothing is sung.
 */
export function resyncLrc(lyrics: string | null, currentLrc: string | null, span: { start: number; end: number }): string | null {
  const lines = lyrics ? sungLines(lyrics) : [];
  if (lines.length === 0) return null;
  const known = lrcTimes(currentLrc).slice(0, lines.length);
  const times = [...known];
  const extra = lines.length - known.length;
  if (extra > 0) {
    const afterKnown = known.length > 0;
    const from = afterKnown ? known[known.length - 1]! : span.start;
    const step = Math.max(0, span.end - from) / (afterKnown ? extra + 1 : extra);
    for (let i = 0; i < extra; i += 1) times.push(from + step * (afterKnown ? i + 1 : i));
  }
  return lines.map((text, i) => `${lrcTimestamp(times[i]!)}${text}`).join('\n');
}
