/**
 * Harmonic and tempo compatibility of two songs, as DJs judge it: keys on the Camelot wheel and
 * tempos within a few percent (or an octave: half or double time mixes too).
 */

const PITCH_CLASSES = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'];
const FLATS: Record<string, string> = { Db: 'C#', Eb: 'D#', Gb: 'F#', Ab: 'G#', Bb: 'A#' };
/**
 * Semitones from a mode's tonic up to the major key with the same notes (its key signature), and
 * whether the mode sounds minor (Camelot 'A') or major ('B'). Modal songs sit on the wheel where
 * their notes are: D dorian shares C major's notes, so it is 8A like A minor.
 */
const MODES: Record<string, { toParentMajor: number; minor: boolean }> = {
  major: { toParentMajor: 0, minor: false },
  minor: { toParentMajor: 3, minor: true },
  dorian: { toParentMajor: 10, minor: true },
  phrygian: { toParentMajor: 8, minor: true },
  lydian: { toParentMajor: 7, minor: false },
  mixolydian: { toParentMajor: 5, minor: false },
};

/** Relative tempo difference that still beat-matches without audible stretching. */
export const TEMPO_TOLERANCE = 0.06;

export interface CamelotKey {
  /** 1..12 around the wheel (fifths apart). */
  number: number;
  letter: 'A' | 'B';
}

/** The Camelot position of a key such as 'A minor' or 'C# dorian'; null when it cannot be read. */
export function camelotOf(key: string | null | undefined): CamelotKey | null {
  if (!key) return null;
  const [tonicName, modeName = 'major'] = key.trim().split(/\s+/);
  const tonic = PITCH_CLASSES.indexOf(FLATS[tonicName] ?? tonicName);
  const mode = MODES[modeName.toLowerCase()];
  if (tonic < 0 || !mode) return null;
  const parentMajor = (tonic + mode.toParentMajor) % 12;
  // C major is 8B; each step clockwise is a fifth up (seven semitones).
  const fifths = (parentMajor * 7) % 12;
  return { number: ((fifths + 7) % 12) + 1, letter: mode.minor ? 'A' : 'B' };
}

export function formatCamelot(key: CamelotKey | null): string | null {
  return key ? `${key.number}${key.letter}` : null;
}

/** Same position, the relative major/minor, or one step around the wheel with the same letter. */
export function keysCompatible(a: CamelotKey | null, b: CamelotKey | null): boolean {
  if (!a || !b) return false;
  if (a.number === b.number) return true;
  const step = Math.abs(a.number - b.number);
  return a.letter === b.letter && (step === 1 || step === 11);
}

/** Tempos within TEMPO_TOLERANCE of each other, directly or at half/double time. */
export function temposCompatible(a: number | null | undefined, b: number | null | undefined): boolean {
  if (!a || !b || a <= 0 || b <= 0) return false;
  return [1, 2, 0.5].some((factor) => Math.abs(a * factor - b) / b <= TEMPO_TOLERANCE);
}

export interface MixableSong {
  bpm: number | null;
  musicalKey: string | null;
}

/** What a transition from `from` into `to` keeps compatible. */
export function transitionOf(from: MixableSong, to: MixableSong): { harmonic: boolean; tempo: boolean } {
  return { harmonic: keysCompatible(camelotOf(from.musicalKey), camelotOf(to.musicalKey)), tempo: temposCompatible(from.bpm, to.bpm) };
}
