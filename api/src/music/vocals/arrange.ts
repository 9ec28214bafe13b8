/**
 * The sung part of a song: which voice sings, how it sits in the mix, and every lyric line as a
 * phrase of notes with timed phonemes. Runs at the end of compose; pure and seeded.
 */
import { Random } from '../random.js';
import type { NoteEvent, SectionKind, SongPlan, SungPhrase, VocalPart, VoiceType } from '../types.js';
import { lineSyllablePhones } from './syllables.js';
import { timePhrase } from './timing.js';

/** A lyric line as the melody writer left it: notes in seconds, one per syllable. */
export interface MelodyLine {
  notes: NoteEvent[];
  text: string;
  section: string;
  kind: SectionKind;
}

/** Genres whose singers are mostly low voices, and mostly high ones; the rest draw either by seed. */
const LOW_VOICE_GENRES = new Set(['metal', 'blues', 'country', 'hip-hop', 'trap', 'reggae', 'rock']);
const HIGH_VOICE_GENRES = new Set(['pop', 'electronic', 'house', 'synthwave', 'r-and-b', 'drum-and-bass']);

export function chooseVoice(plan: Pick<SongPlan, 'genre' | 'seed' | 'voice'>): VoiceType {
  if (plan.voice) return plan.voice;
  const rng = new Random(plan.seed).fork('voice');
  const highChance = LOW_VOICE_GENRES.has(plan.genre) ? 0.25 : HIGH_VOICE_GENRES.has(plan.genre) ? 0.75 : 0.5;
  return rng.chance(highChance) ? 'high' : 'low';
}

/** Semitones the melody moves for a voice: the melody sits around G4, a low voice sings it an octave down. */
export const VOICE_TRANSPOSE: Record<VoiceType, number> = { low: -12, high: 0 };

export function arrangeVocals(plan: Pick<SongPlan, 'genre' | 'seed' | 'density' | 'voice' | 'timbre'>, lines: MelodyLine[]): VocalPart | null {
  if (lines.length === 0) return null;
  const voice = chooseVoice(plan);
  const phrases: SungPhrase[] = lines.flatMap((line) => {
    const notes = timePhrase(
      line.notes.map((note) => ({ ...note, pitch: note.pitch + VOICE_TRANSPOSE[voice] })),
      lineSyllablePhones(line.text),
    );
    if (notes.length === 0) return [];
    const lastPhones = notes[notes.length - 1].phones;
    return [{ start: notes[0].phones[0].start, end: lastPhones[lastPhones.length - 1].end, text: line.text, section: line.section, doubled: line.kind === 'chorus', notes }];
  });
  return {
    voice,
    ...(plan.timbre ? { timbre: plan.timbre } : {}),
    gainDb: 0,
    // Calm songs put the voice in more room; dense ones keep it dry and close.
    reverbSend: Math.round((0.35 - 0.2 * plan.density) * 100) / 100,
    delaySend: 0.12,
    duckDb: 3,
    phrases,
  };
}
