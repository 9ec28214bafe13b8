import type { EntityManager } from '@mikro-orm/postgresql';
import type { User } from '../users/user.entity.js';
import { chooseSequence, songEnergy } from '../radio/scoring.js';
import { DEFAULT_TUNING, MAX_RADIO_BPM, MIN_RADIO_BPM, type RadioTuning } from '../radio/tuning.js';
import { songCandidates } from '../library/tuned-radio-fill.js';

/** Around the seeds' tempo range, so a song a little faster or slower still fits. */
const TEMPO_MARGIN = 0.08;

interface Seed {
  id: string;
  genre: string | null;
  mood: string | null;
  bpm: number | null;
  musicalKey: string | null;
  curveEnergy: number | null;
}

/** Radio v2's dials that describe the seed songs: their genres and moods, mean energy and tempo range. */
export function tuningOf(seeds: readonly Seed[]): RadioTuning {
  const unique = (values: Array<string | null>) => [...new Set(values.filter((v): v is string => Boolean(v)))];
  const tempos = seeds.map((s) => s.bpm).filter((bpm): bpm is number => Boolean(bpm));
  const clampBpm = (bpm: number) => Math.min(MAX_RADIO_BPM, Math.max(MIN_RADIO_BPM, bpm));
  return {
    genres: unique(seeds.map((s) => s.genre)),
    moods: unique(seeds.map((s) => s.mood)),
    energy: seeds.length ? seeds.reduce((sum, s) => sum + songEnergy(s), 0) / seeds.length : DEFAULT_TUNING.energy,
    tempoMin: tempos.length ? clampBpm(Math.min(...tempos) * (1 - TEMPO_MARGIN)) : DEFAULT_TUNING.tempoMin,
    tempoMax: tempos.length ? clampBpm(Math.max(...tempos) * (1 + TEMPO_MARGIN)) : DEFAULT_TUNING.tempoMax,
    freshness: DEFAULT_TUNING.freshness,
  };
}

/**
 * Up to `count` songs like the seeds, by the features Radio v2 scores (genre, mood, energy, tempo,
 * and keys that mix with the song before): the seeds' dials (tuningOf) over the radio's candidates,
 * in the radio's order (chooseSequence). The seeds themselves are left out.
 */
export async function similarSongIds(em: EntityManager, user: User, seedIds: readonly string[], count: number): Promise<string[]> {
  if (seedIds.length === 0 || count <= 0) return [];
  const seeds = await em.execute<Seed[]>(
    `select id, genre, mood, bpm, musical_key as "musicalKey", energy as "curveEnergy" from songs where id in (${seedIds.map(() => '?').join(', ')})`,
    [...seedIds],
  );
  if (seeds.length === 0) return [];
  const tuning = tuningOf(seeds);
  const excluded = new Set(seedIds);
  const candidates = (await songCandidates(em, user.id, tuning.genres)).filter((c) => !excluded.has(c.id));
  return chooseSequence(candidates, tuning, seeds[seeds.length - 1]!, count).map((song) => song.id);
}
