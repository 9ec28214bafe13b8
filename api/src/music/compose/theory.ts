/**
 * Pitch classes, scales and chords: the music theory compose needs.
 */
import type { ChordColour } from '../plan/catalog.js';
import type { Key, Mode } from '../types.js';

export const PITCH_NAMES = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'] as const;

const MODE_STEPS: Record<Mode, number[]> = {
  major: [0, 2, 4, 5, 7, 9, 11],
  minor: [0, 2, 3, 5, 7, 8, 10],
  dorian: [0, 2, 3, 5, 7, 9, 10],
  mixolydian: [0, 2, 4, 5, 7, 9, 10],
  phrygian: [0, 1, 3, 5, 7, 8, 10],
  lydian: [0, 2, 4, 6, 7, 9, 11],
};

/** Pitch class 0..11 of a note name ("C", "F#", "Bb", "e♭"), or undefined. */
export function pitchClassOf(name: string): number | undefined {
  const match = /^([A-Ga-g])([#♯b♭]?)$/.exec(name.trim());
  if (!match) return undefined;
  const natural = PITCH_NAMES.indexOf(match[1].toUpperCase() as (typeof PITCH_NAMES)[number]);
  const accidental = match[2] === '#' || match[2] === '♯' ? 1 : match[2] ? -1 : 0;
  return (natural + accidental + 12) % 12;
}

export function tonicPitchClass(key: Key): number {
  const pc = pitchClassOf(key.tonic);
  if (pc === undefined) throw new RangeError(`Unknown key tonic "${key.tonic}"`);
  return pc;
}

/** Modes whose tonic triad is minor. */
export function isMinorFamily(mode: Mode): boolean {
  return mode === 'minor' || mode === 'dorian' || mode === 'phrygian';
}

/** The seven pitch classes of the key's scale, tonic first. */
export function scalePitchClasses(key: Key): number[] {
  const tonic = tonicPitchClass(key);
  return MODE_STEPS[key.mode].map((step) => (tonic + step) % 12);
}

export function keyName(key: Key): string {
  return `${key.tonic} ${key.mode}`;
}

export interface ChordSpec {
  /** Pitch class of the root. */
  root: number;
  /** Semitones above the root, root (0) first, ascending. */
  intervals: number[];
  symbol: string;
}

function chordSuffix(intervals: number[]): string {
  const has = (semitones: number) => intervals.includes(semitones);
  if (intervals.length === 2 && has(7)) return '5';
  const third = has(4) ? 'major' : has(3) ? 'minor' : has(5) ? 'sus4' : has(2) ? 'sus2' : 'none';
  const fifth = has(7) ? 'perfect' : has(6) ? 'diminished' : has(8) ? 'augmented' : 'perfect';
  const seventh = has(11) ? 'major' : has(10) ? 'minor' : has(9) && fifth === 'diminished' ? 'diminished' : 'none';
  const ninth = has(14);
  if (third === 'sus4' || third === 'sus2') return seventh === 'minor' ? `7${third}` : third;
  if (third === 'minor' && fifth === 'diminished') {
    if (seventh === 'minor') return 'm7b5';
    if (seventh === 'diminished') return 'dim7';
    return 'dim';
  }
  if (fifth === 'augmented' && third === 'major') return 'aug';
  const base = third === 'minor' ? 'm' : '';
  if (seventh === 'major') return `${base}maj${ninth ? 9 : 7}`;
  if (seventh === 'minor') return `${base}${ninth ? 9 : 7}`;
  if (has(9)) return `${base}6`;
  return ninth ? `${base}add9` : base;
}

/** The chord on a scale degree (1..7) of the key, in one of the genre's colours. */
export function chordOnDegree(
  key: Key,
  degree: number,
  colour: ChordColour,
  options: { majorDominant: boolean },
): ChordSpec {
  const scale = scalePitchClasses(key);
  const index = (((degree - 1) % 7) + 7) % 7;
  const root = scale[index];
  const above = (steps: number) => {
    const pc = scale[(index + steps) % 7];
    return (pc - root + 12) % 12;
  };
  let third = above(2);
  const fifth = above(4);
  let seventh = above(6);
  // Harmonic-minor dominant: raise the 7th scale degree so V is major (strong cadence to i).
  if (options.majorDominant && isMinorFamily(key.mode) && index === 4) {
    third = 4;
    seventh = 10;
  }
  let intervals: number[];
  switch (colour) {
    case 'power':
      intervals = [0, 7];
      break;
    case 'sus':
      // Suspensions only where the plain triad is major or minor with a perfect fifth.
      intervals = fifth === 7 ? [0, third === 4 ? 2 : 5, 7] : [0, third, fifth];
      break;
    case 'sixth':
      intervals = [0, third, fifth, 9];
      break;
    case 'seventh':
      intervals = [0, third, fifth, seventh];
      break;
    case 'ninth':
      intervals = [0, third, fifth, seventh, 14];
      if (above(1) !== 2) intervals.pop(); // b9 and #9 clash in this style: keep the plain 7th
      break;
    case 'dominant':
      // Blues dominant sevenths; in minor keys only V is dominant, the rest stay minor sevenths.
      intervals = isMinorFamily(key.mode) && index !== 4 ? [0, third, fifth, seventh] : [0, 4, 7, 10];
      break;
    default:
      intervals = [0, third, fifth];
  }
  return { root, intervals, symbol: `${PITCH_NAMES[root]}${chordSuffix(intervals)}` };
}

/** Nearest MIDI pitch with this pitch class to `target`. */
export function nearestPitch(pitchClass: number, target: number): number {
  const base = target - ((((target - pitchClass) % 12) + 12) % 12);
  return target - base <= 6 ? base : base + 12;
}

/**
 * A voicing of the chord within [low, high], chosen to move as little as possible from the
 * previous voicing (voice leading). The root is not forced into the bass: the bass track has it.
 */
export function voiceChord(chord: ChordSpec, previous: number[] | null, low: number, high: number): number[] {
  const pcs = chord.intervals.map((interval) => (chord.root + interval) % 12);
  const centre = previous && previous.length ? previous.reduce((sum, p) => sum + p, 0) / previous.length : (low + high) / 2;
  let best: number[] = [];
  let bestCost = Infinity;
  // Every inversion, stacked upwards from each possible lowest-note placement in range.
  for (let inversion = 0; inversion < pcs.length; inversion++) {
    const order = pcs.slice(inversion).concat(pcs.slice(0, inversion));
    for (let start = low; start < low + 12; start++) {
      if (start % 12 !== order[0]) continue;
      const voicing = [start];
      for (let i = 1; i < order.length; i++) {
        let pitch = voicing[i - 1] + 1;
        while (pitch % 12 !== order[i]) pitch++;
        voicing.push(pitch);
      }
      if (voicing[voicing.length - 1] > high) continue;
      const cost = previous
        ? voicing.reduce((sum, pitch) => sum + Math.min(...previous.map((p) => Math.abs(p - pitch))), 0)
        : Math.abs(voicing.reduce((sum, p) => sum + p, 0) / voicing.length - centre);
      if (cost < bestCost) {
        bestCost = cost;
        best = voicing;
      }
    }
  }
  if (!best.length) throw new RangeError(`No voicing of ${chord.symbol} fits ${low}..${high}`);
  return best;
}

/** MIDI pitch of a scale step relative to a reference pitch that is in the scale. */
export function scaleStep(pitch: number, steps: number, scale: readonly number[]): number {
  if (steps === 0) return pitch;
  let current = pitch;
  let remaining = Math.abs(steps);
  const direction = Math.sign(steps);
  while (remaining > 0) {
    current += direction;
    if (scale.includes(((current % 12) + 12) % 12)) remaining--;
  }
  return current;
}

/** The scale pitch nearest to `pitch` (ties go down). */
export function snapToScale(pitch: number, scale: readonly number[]): number {
  for (let offset = 0; offset < 7; offset++) {
    if (scale.includes((((pitch - offset) % 12) + 12) % 12)) return pitch - offset;
    if (scale.includes((((pitch + offset) % 12) + 12) % 12)) return pitch + offset;
  }
  return pitch;
}
