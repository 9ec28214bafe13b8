/**
 * Lyrics: the user's own (used as given) or generated from the plan.
 */
import type { LyricSheet, SongPlan } from '../types.js';
import { generateLyrics } from './generate.js';
import { parseUserLyrics } from './user.js';

export { generateTitle } from './title.js';
export { countSyllables, rhymes, rhymeKey } from './pronounce.js';
export { toLrc, lrcTimestamp } from './lrc.js';
export { parseUserLyrics } from './user.js';

/** null when the song has no lyrics; the user's lyrics take precedence over generated ones. */
export function writeLyrics(plan: SongPlan): LyricSheet | null {
  if (plan.userLyrics && plan.userLyrics.trim()) return parseUserLyrics(plan.userLyrics);
  if (!plan.withLyrics) return null;
  return generateLyrics(plan);
}
