import { z } from 'zod';
import { GENRES, MOODS } from '../music/plan/catalog.js';

export const KNOWN_GENRES: readonly string[] = GENRES.map((g) => g.id);
export const KNOWN_MOODS: readonly string[] = MOODS.map((m) => m.id);
export const MIN_RADIO_BPM = 50;
export const MAX_RADIO_BPM = 200;

/** Radio v2's dials (docs/radio.md). */
export interface RadioTuning {
  /** Empty: every genre. */
  genres: string[];
  /** Empty: any mood. */
  moods: string[];
  /** Target energy 0..1. */
  energy: number;
  tempoMin: number;
  tempoMax: number;
  /** 0 = songs you know and like, 1 = songs you have never heard. */
  freshness: number;
}

export const DEFAULT_TUNING: RadioTuning = { genres: [], moods: [], energy: 0.5, tempoMin: 70, tempoMax: 140, freshness: 0.5 };

const unit = (name: string) => z.number({ error: `${name} must be a number between 0 and 1` }).min(0, `${name} must be between 0 and 1`).max(1, `${name} must be between 0 and 1`);
const bpm = (name: string) =>
  z.number({ error: `${name} must be a number` }).min(MIN_RADIO_BPM, `${name} must be between ${MIN_RADIO_BPM} and ${MAX_RADIO_BPM} BPM`).max(MAX_RADIO_BPM, `${name} must be between ${MIN_RADIO_BPM} and ${MAX_RADIO_BPM} BPM`);

export const moodListSchema = z
  .array(z.string().refine((m) => KNOWN_MOODS.includes(m), { error: (issue) => `Unknown mood '${String(issue.input)}' (known: ${KNOWN_MOODS.join(', ')})` }), { error: 'moods must be a list' })
  .max(KNOWN_MOODS.length, `At most ${KNOWN_MOODS.length} moods`)
  .transform((moods) => [...new Set(moods)]);

export const tuningSchema = z
  .object({
    genres: z
      .array(z.string().refine((g) => KNOWN_GENRES.includes(g), { error: (issue) => `Unknown genre '${String(issue.input)}'` }), { error: 'genres must be a list' })
      .max(KNOWN_GENRES.length, `At most ${KNOWN_GENRES.length} genres`)
      .transform((genres) => [...new Set(genres)]),
    moods: moodListSchema,
    energy: unit('energy'),
    tempoMin: bpm('tempoMin'),
    tempoMax: bpm('tempoMax'),
    freshness: unit('freshness'),
  })
  .refine((t) => t.tempoMin <= t.tempoMax, { error: 'tempoMin must not be above tempoMax' });

/** The badge text after 'Radio: ' for a tuned station (play_queues.radio_genre holds it, 100 characters at most). */
export function tuningLabel(tuning: RadioTuning): string {
  const label = tuning.genres.length ? tuning.genres.join(', ') : 'all genres';
  return label.length > 100 ? `${label.slice(0, 99)}…` : label;
}
