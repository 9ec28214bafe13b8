/**
 * The sung pitch of a phrase, one value per control block: each note's pitch held from its
 * vowel onwards with a vibrato that grows in on long notes, quick glides into the next note
 * during the consonants before it (so the vowel arrives on pitch), a small scoop into the
 * phrase's first note, and a slow drift of a few cents.
 */
import { Random } from '../random.js';
import type { SungNote } from '../types.js';
import type { VoiceProfile } from './voices.js';

/** Longest glide from one note to the next (seconds), ending where the next vowel starts. */
const GLIDE_SECONDS = 0.07;
/** Semitones below the first note the phrase starts from. */
const SCOOP_SEMITONES = 0.5;
/** Vibrato starts this far into a note and takes VIBRATO_RAMP to reach full depth. */
const VIBRATO_DELAY = 0.22;
const VIBRATO_RAMP = 0.3;
/** Notes shorter than this are sung without vibrato. */
const VIBRATO_MIN_NOTE = 0.4;
const DRIFT_CENTS = 4;

const smooth = (x: number): number => (x <= 0 ? 0 : x >= 1 ? 1 : x * x * (3 - 2 * x));

export interface ContourGrid {
  /** Song time (seconds) of block 0's start. */
  origin: number;
  blocks: number;
  /** Seconds per control block. */
  blockSeconds: number;
}

/** Sung pitch in Hz per block. */
export function pitchContour(notes: SungNote[], grid: ContourGrid, voice: VoiceProfile, rng: Random): Float32Array {
  const f0 = new Float32Array(grid.blocks);
  if (notes.length === 0) return f0;
  const vibrato = notes.map(() => ({ rate: voice.vibratoHz * rng.float(0.95, 1.05), phase: rng.float(0, Math.PI * 2) }));
  const drift = [rng.float(0.15, 0.3), rng.float(0.4, 0.7)].map((rate) => ({ rate, phase: rng.float(0, Math.PI * 2) }));
  let i = 0;
  for (let b = 0; b < grid.blocks; b++) {
    const t = grid.origin + (b + 0.5) * grid.blockSeconds;
    while (i + 1 < notes.length && t >= notes[i + 1].start - glideSeconds(notes, i + 1)) i++;
    const note = notes[i];
    let semitones = note.pitch;
    if (t < note.start) {
      const glide = glideSeconds(notes, i);
      const from = i > 0 ? notes[i - 1].pitch : note.pitch - SCOOP_SEMITONES;
      const progress = i > 0 ? (t - (note.start - glide)) / glide : 1 - (note.start - t) / Math.max(glide, note.start - notes[0].phones[0].start);
      semitones = from + (note.pitch - from) * smooth(progress);
    } else if (note.duration >= VIBRATO_MIN_NOTE) {
      const since = t - note.start;
      const depth = (voice.vibratoCents / 100) * smooth((since - VIBRATO_DELAY) / VIBRATO_RAMP);
      semitones += depth * Math.sin(2 * Math.PI * vibrato[i].rate * since + vibrato[i].phase);
    }
    for (const d of drift) semitones += (DRIFT_CENTS / 200) * Math.sin(2 * Math.PI * d.rate * t + d.phase);
    f0[b] = 440 * Math.pow(2, (semitones - 69) / 12);
  }
  return f0;
}

/** Length of the glide into note `i`: short, and never more than a third of the previous note. */
function glideSeconds(notes: SungNote[], i: number): number {
  if (i === 0) return GLIDE_SECONDS;
  return Math.min(GLIDE_SECONDS, (notes[i].start - notes[i - 1].start) / 3);
}
