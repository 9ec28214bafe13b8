/**
 * Harmony: a progression per section kind from the genre's pool (the same every time that kind
 * returns, so choruses sound like choruses), cadences at section ends, voice-led voicings.
 */
import type { ChordColour, GenreProfile } from '../plan/catalog.js';
import type { Random } from '../random.js';
import type { Key, SectionKind } from '../types.js';
import type { FormSection } from './form.js';
import { type ChordSpec, chordOnDegree, isMinorFamily, voiceChord } from './theory.js';

export interface ChordSlot {
  /** Beats from the start of the song. */
  startBeat: number;
  endBeat: number;
  degree: number;
  chord: ChordSpec;
  /** Voicing for the chords track (MIDI pitches). */
  voicing: number[];
}

/** Sections that borrow another kind's progression. */
const PROGRESSION_SOURCE: Partial<Record<SectionKind, SectionKind>> = {
  intro: 'verse',
  outro: 'chorus',
  solo: 'chorus',
  drop: 'chorus',
  breakdown: 'verse',
};

const CHORD_VOICING_LOW = 52;
const CHORD_VOICING_HIGH = 74;

function chooseProgressions(genre: GenreProfile, key: Key, rng: Random): Map<SectionKind, number[]> {
  const pool = isMinorFamily(key.mode) ? genre.harmony.progressions.minor : genre.harmony.progressions.major;
  const order = rng.shuffle(pool.map((_, index) => index));
  // Verses start on the tonic where the pool allows: the key should be clear from the first bars.
  const tonicFirst = order.filter((index) => pool[index][0] === 1);
  const verse = pool[tonicFirst[0] ?? order[0]];
  const chorus = pool[order.find((index) => pool[index] !== verse) ?? order[0]];
  const others = order.map((index) => pool[index]).filter((progression) => progression !== verse && progression !== chorus);
  const bridgeBase = others[0] ?? chorus;
  // The bridge moves away from home: rotate its progression to start on a non-tonic chord.
  const rotation = Math.max(0, bridgeBase.findIndex((degree) => degree === 4 || degree === 6));
  const bridge = bridgeBase.slice(rotation).concat(bridgeBase.slice(0, rotation));
  return new Map<SectionKind, number[]>([
    ['verse', verse],
    ['chorus', chorus],
    ['bridge', bridge],
    // Genres with functional dominants build to V; the others lift through vi-IV and land on
    // the chorus plagally (IV -> I), which keeps the ear (and key finders) anchored on the tonic.
    ['pre-chorus', genre.harmony.majorDominant ? [4, 5] : [6, 4]],
  ]);
}

function progressionFor(kind: SectionKind, progressions: Map<SectionKind, number[]>): number[] {
  return progressions.get(kind) ?? progressions.get(PROGRESSION_SOURCE[kind] ?? 'verse') ?? [1];
}

/** Colour per position in a kind's progression, fixed per kind so repeats sound the same. */
function colourFor(genre: GenreProfile, key: Key, degree: number, kind: SectionKind, index: number, rng: Random): ChordColour {
  const colours = genre.harmony.colours;
  const colour = rng.fork(`colour:${kind}:${index}`).pick(colours);
  if (degree !== 1) return colour;
  // Keep the tonic unmistakable: no suspension, and in major a 6th instead of the major 7th,
  // whose leading tone makes the tonic chord read as the mediant's minor chord.
  if (colour === 'sus') return 'triad';
  if ((colour === 'seventh' || colour === 'ninth') && !isMinorFamily(key.mode)) return 'sixth';
  if (colour === 'ninth') return 'seventh';
  return colour;
}

/** `pace` multiplies the genre's bars per chord (see MoodProfile.harmonicPace). */
export function planHarmony(sections: FormSection[], genre: GenreProfile, key: Key, rng: Random, pace = 1): ChordSlot[][] {
  const progressions = chooseProgressions(genre, key, rng.fork('progressions'));
  const beatsPerBar = genre.beatsPerBar;
  const options = { majorDominant: genre.harmony.majorDominant };
  let previousVoicing: number[] | null = null;

  return sections.map((section, sectionIndex) => {
    const progression = progressionFor(section.kind, progressions);
    // A calm pace slows the chords only where the section still holds its whole progression:
    // a short section that stopped half-way would leave the key unclear.
    const slowFits = section.bars >= progression.length * genre.harmony.barsPerChord * pace;
    const barsPerChord = genre.harmony.barsPerChord * (slowFits ? pace : 1);
    const chordBars = section.kind === 'pre-chorus' ? Math.max(1, Math.min(barsPerChord, section.bars / 2)) : barsPerChord;
    const slotBeats = Math.max(1, Math.round(chordBars * beatsPerBar));
    const sectionStart = section.startBar * beatsPerBar;
    const sectionEnd = sectionStart + section.bars * beatsPerBar;
    const next = sections[sectionIndex + 1];
    const isLast = sectionIndex === sections.length - 1;
    const slots: ChordSlot[] = [];
    for (let beat = sectionStart, index = 0; beat < sectionEnd; beat += slotBeats, index++) {
      let degree = progression[index % progression.length];
      const endBeat = Math.min(sectionEnd, beat + slotBeats);
      const lastInSection = endBeat >= sectionEnd;
      if (sectionIndex === 0 && index === 0) degree = 1;
      if (lastInSection && isLast) degree = 1;
      else if (lastInSection && next && (next.kind === 'chorus' || next.kind === 'drop') && section.kind !== 'chorus') {
        degree = genre.harmony.majorDominant ? 5 : 4;
      }
      // The final chord is a plain tonic (a power chord where the genre only uses those).
      const finalColour: ChordColour = genre.harmony.colours.includes('power') ? 'power' : 'triad';
      const cadence = lastInSection && (degree === 5 || degree === 4);
      let colour = isLast && lastInSection ? finalColour : colourFor(genre, key, degree, section.kind, index % progression.length, rng);
      // A suspended dominant does not pull home: cadences get the plain chord.
      if (cadence && colour === 'sus') colour = 'triad';
      const chord = chordOnDegree(key, degree, colour, options);
      const voicing = voiceChord(chord, previousVoicing, CHORD_VOICING_LOW, CHORD_VOICING_HIGH);
      previousVoicing = voicing;
      slots.push({ startBeat: beat, endBeat, degree, chord, voicing });
    }
    return slots;
  });
}

/** The chord sounding at a beat (the last one that started at or before it). */
export function chordAt(slots: ChordSlot[], beat: number): ChordSlot {
  let found = slots[0];
  for (const slot of slots) {
    if (slot.startBeat <= beat + 1e-9) found = slot;
    else break;
  }
  return found;
}
