import { LIBRARY_GENRES } from '../library/genres';

/** Genre chips: the engine's genres (shared with the library filter). */
export const STUDIO_GENRES = LIBRARY_GENRES;

/** Mood chips: the engine's mood ids (api/src/music/plan/catalog.ts). */
export const STUDIO_MOODS: readonly { id: string; label: string }[] = [
  'happy',
  'sad',
  'energetic',
  'chill',
  'dark',
  'romantic',
  'epic',
  'dreamy',
  'aggressive',
  'peaceful',
  'nostalgic',
  'mysterious',
].map((id) => ({ id, label: id[0].toUpperCase() + id.slice(1) }));

export const MIN_DURATION = 30;
export const MAX_DURATION = 480;
export const DURATION_STEP = 10;

/** "3:05" for the duration slider. */
export function formatDuration(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

export function toggle(list: readonly string[], id: string): string[] {
  return list.includes(id) ? list.filter((x) => x !== id) : [...list, id];
}
