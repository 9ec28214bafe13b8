/**
 * LRC (timed lyrics) text: one "[mm:ss.xx]text" line per sung line.
 */
import type { TimedLyricLine } from '../types.js';

export function lrcTimestamp(seconds: number): string {
  const centiseconds = Math.max(0, Math.round(seconds * 100));
  const minutes = Math.floor(centiseconds / 6000);
  const rest = (centiseconds % 6000) / 100;
  return `[${String(minutes).padStart(2, '0')}:${rest.toFixed(2).padStart(5, '0')}]`;
}

export function toLrc(lines: TimedLyricLine[]): string {
  return lines.map((line) => `${lrcTimestamp(line.start)}${line.text}`).join('\n');
}
