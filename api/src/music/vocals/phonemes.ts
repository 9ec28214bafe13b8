/**
 * The ARPAbet phoneme set of the CMU dictionary, with what the singing voice needs of each: its
 * manner (how it is voiced and shaped), its formant targets for an adult male vocal tract (Hz),
 * and how long it takes when sung as a consonant. Vowels last as long as their note.
 */

export type Manner = 'vowel' | 'stop' | 'affricate' | 'fricative' | 'nasal' | 'liquid' | 'glide' | 'aspirate';

export interface Phoneme {
  manner: Manner;
  voiced: boolean;
  /** F1, F2, F3 targets (a diphthong's first part); for obstruents, the locus the vowels bend towards. */
  formants: [number, number, number];
  /** A diphthong's or glide's second target. */
  glideTo?: [number, number, number];
  /** Centre frequency (Hz) and level (0..1) of the frication or burst noise. */
  noise?: { hz: number; bandwidth: number; level: number };
  /** Seconds the consonant takes when sung at a comfortable tempo. */
  seconds: number;
}

const vowel = (f1: number, f2: number, f3: number, glideTo?: [number, number, number]): Phoneme => ({ manner: 'vowel', voiced: true, formants: [f1, f2, f3], glideTo, seconds: 0 });

export const PHONEMES: Record<string, Phoneme> = {
  // Monophthongs (Peterson & Barney's male averages; AH and ER as in General American).
  IY: vowel(270, 2290, 3010),
  IH: vowel(390, 1990, 2550),
  EH: vowel(530, 1840, 2480),
  AE: vowel(660, 1720, 2410),
  AA: vowel(730, 1090, 2440),
  AO: vowel(570, 840, 2410),
  UH: vowel(440, 1020, 2240),
  UW: vowel(300, 870, 2240),
  AH: vowel(620, 1200, 2550),
  ER: vowel(490, 1350, 1690),
  // Diphthongs: the voice moves from the first target to the second over the note's end.
  AY: vowel(730, 1090, 2440, [390, 1990, 2550]),
  AW: vowel(730, 1090, 2440, [440, 1020, 2240]),
  OY: vowel(570, 840, 2410, [390, 1990, 2550]),
  EY: vowel(480, 1900, 2500, [330, 2200, 2900]),
  OW: vowel(540, 920, 2400, [400, 850, 2300]),
  // Sonorants.
  L: { manner: 'liquid', voiced: true, formants: [360, 1000, 2700], seconds: 0.06 },
  R: { manner: 'liquid', voiced: true, formants: [330, 1060, 1380], seconds: 0.06 },
  W: { manner: 'glide', voiced: true, formants: [290, 610, 2150], seconds: 0.05 },
  Y: { manner: 'glide', voiced: true, formants: [260, 2070, 3020], seconds: 0.05 },
  M: { manner: 'nasal', voiced: true, formants: [280, 900, 2200], seconds: 0.07 },
  N: { manner: 'nasal', voiced: true, formants: [280, 1700, 2600], seconds: 0.07 },
  NG: { manner: 'nasal', voiced: true, formants: [280, 2000, 2700], seconds: 0.07 },
  // Stops: closure then burst; formants are the place's locus.
  P: { manner: 'stop', voiced: false, formants: [250, 800, 2200], noise: { hz: 1000, bandwidth: 2000, level: 0.6 }, seconds: 0.07 },
  B: { manner: 'stop', voiced: true, formants: [250, 800, 2200], noise: { hz: 1000, bandwidth: 2000, level: 0.35 }, seconds: 0.06 },
  T: { manner: 'stop', voiced: false, formants: [250, 1800, 2700], noise: { hz: 4500, bandwidth: 3000, level: 0.8 }, seconds: 0.07 },
  D: { manner: 'stop', voiced: true, formants: [250, 1800, 2700], noise: { hz: 4000, bandwidth: 3000, level: 0.45 }, seconds: 0.06 },
  K: { manner: 'stop', voiced: false, formants: [250, 2100, 2600], noise: { hz: 2200, bandwidth: 1200, level: 0.75 }, seconds: 0.07 },
  G: { manner: 'stop', voiced: true, formants: [250, 2100, 2600], noise: { hz: 2200, bandwidth: 1200, level: 0.45 }, seconds: 0.06 },
  CH: { manner: 'affricate', voiced: false, formants: [250, 1900, 2600], noise: { hz: 3200, bandwidth: 2000, level: 0.8 }, seconds: 0.11 },
  JH: { manner: 'affricate', voiced: true, formants: [250, 1900, 2600], noise: { hz: 3000, bandwidth: 2000, level: 0.5 }, seconds: 0.09 },
  // Fricatives.
  F: { manner: 'fricative', voiced: false, formants: [250, 900, 2200], noise: { hz: 6000, bandwidth: 6000, level: 0.3 }, seconds: 0.09 },
  V: { manner: 'fricative', voiced: true, formants: [250, 900, 2200], noise: { hz: 5000, bandwidth: 5000, level: 0.15 }, seconds: 0.07 },
  TH: { manner: 'fricative', voiced: false, formants: [250, 1400, 2600], noise: { hz: 6500, bandwidth: 6000, level: 0.25 }, seconds: 0.09 },
  DH: { manner: 'fricative', voiced: true, formants: [250, 1400, 2600], noise: { hz: 5000, bandwidth: 5000, level: 0.12 }, seconds: 0.05 },
  S: { manner: 'fricative', voiced: false, formants: [250, 1700, 2700], noise: { hz: 6500, bandwidth: 3500, level: 0.7 }, seconds: 0.1 },
  Z: { manner: 'fricative', voiced: true, formants: [250, 1700, 2700], noise: { hz: 6000, bandwidth: 3500, level: 0.35 }, seconds: 0.08 },
  SH: { manner: 'fricative', voiced: false, formants: [250, 1900, 2500], noise: { hz: 3300, bandwidth: 2200, level: 0.75 }, seconds: 0.1 },
  ZH: { manner: 'fricative', voiced: true, formants: [250, 1900, 2500], noise: { hz: 3000, bandwidth: 2200, level: 0.35 }, seconds: 0.08 },
  HH: { manner: 'aspirate', voiced: false, formants: [500, 1500, 2500], noise: { hz: 1500, bandwidth: 3000, level: 0.35 }, seconds: 0.06 },
};

/** The phoneme without its stress digit ("AY1" -> "AY"). */
export function basePhone(phone: string): string {
  return phone.replace(/\d$/, '');
}

export function phonemeOf(phone: string): Phoneme {
  const phoneme = PHONEMES[basePhone(phone)];
  if (!phoneme) throw new Error(`Unknown phoneme ${phone}`);
  return phoneme;
}

export function isVowel(phone: string): boolean {
  return PHONEMES[basePhone(phone)]?.manner === 'vowel';
}
