/**
 * Accompaniment parts over the chord slots: chord comping in the genre's style, sustained pads,
 * arpeggios and a counter-line of guide tones.
 */
import type { CompStyle } from '../plan/catalog.js';
import type { ChordSlot } from './harmony.js';
import type { BeatNote } from './melody.js';
import { nearestPitch } from './theory.js';

/** One bar of comping: [beat offset, length]. */
type Hits = [number, number][];

/** How hard the accompaniment plays: calm sections hold, busy ones comp, driving ones syncopate. */
export type Intensity = 'calm' | 'busy' | 'driving';

/** Intensity of a section from its drive (see sectionDrive). */
export function intensityFor(drive: number): Intensity {
  return drive >= 0.85 ? 'driving' : drive >= 0.5 ? 'busy' : 'calm';
}

/** The bar for an intensity from a style's patterns; a style without a driving bar plays busy. */
export function patternFor<T>(patterns: { calm: T; busy: T; driving?: T }, intensity: Intensity): T {
  if (intensity === 'driving') return patterns.driving ?? patterns.busy;
  return intensity === 'busy' ? patterns.busy : patterns.calm;
}

const COMP_PATTERNS: Record<Exclude<CompStyle, 'arpeggio'>, { calm: Hits; busy: Hits; driving?: Hits }> = {
  block: { calm: [[0, 4]], busy: [[0, 1], [1, 0.5], [1.5, 0.5], [2, 1], [3, 1]] },
  stabs: {
    calm: [[0, 0.5], [1.5, 0.5], [3, 0.5]],
    busy: [[0.5, 0.3], [1.5, 0.3], [2.5, 0.3], [3.5, 0.3]],
    // The 3-3-4-3-3 sixteenth stab of peak-time house and trance.
    driving: [[0, 0.3], [0.75, 0.3], [1.5, 0.3], [2.5, 0.3], [3.25, 0.3]],
  },
  strum: { calm: [[0, 1], [1, 1], [2, 1], [3, 1]], busy: [[0, 1], [1, 0.5], [1.5, 1], [2.5, 0.5], [3, 0.5], [3.5, 0.5]] },
  'jazz-comp': { calm: [[0, 1.5], [2.5, 1]], busy: [[0, 0.75], [1.5, 0.5], [2.5, 0.5], [3.5, 0.5]] },
  pulse: { calm: [[0, 1], [1, 1], [2, 1], [3, 1]], busy: [[0, 0.45], [0.5, 0.45], [1, 0.45], [1.5, 0.45], [2, 0.45], [2.5, 0.45], [3, 0.45], [3.5, 0.45]] },
  skank: { calm: [[1, 0.3], [3, 0.3]], busy: [[1, 0.25], [1.75, 0.2], [3, 0.25], [3.75, 0.2]] },
  power: { calm: [[0, 2], [2, 2]], busy: [[0, 0.5], [0.5, 0.5], [1, 0.5], [1.5, 0.5], [2, 0.5], [2.5, 0.5], [3, 0.5], [3.5, 0.5]] },
};

export function eachBar(slot: ChordSlot, beatsPerBar: number, visit: (barStart: number) => void): void {
  for (let barStart = slot.startBeat; barStart < slot.endBeat - 1e-9; barStart += beatsPerBar) visit(barStart);
}

/**
 * Power chords for rock/metal guitars: root, fifth, octave, low. Over a minor chord the minor
 * third rides on top: distortion's partials otherwise suggest a major third and blur the key.
 */
function powerVoicing(slot: ChordSlot): number[] {
  const root = nearestPitch(slot.chord.root, 47);
  const voicing = [root, root + 7, root + 12];
  if (slot.chord.intervals.includes(3)) voicing.push(root + 15);
  return voicing;
}

export function chordPart(slots: ChordSlot[], style: CompStyle, intensity: Intensity, beatsPerBar: number, energy: number): BeatNote[] {
  const notes: BeatNote[] = [];
  const velocity = 0.5 + 0.25 * energy;
  for (const slot of slots) {
    if (style === 'arpeggio') {
      notes.push(...arpeggio(slot, beatsPerBar, intensity === 'calm' ? 1 : 0.5, slot.voicing, velocity));
      continue;
    }
    const voicing = style === 'power' ? powerVoicing(slot) : slot.voicing;
    const pattern = patternFor(COMP_PATTERNS[style], intensity);
    eachBar(slot, beatsPerBar, (barStart) => {
      for (const [offset, length] of pattern) {
        const beat = barStart + offset;
        if (beat >= slot.endBeat - 1e-9) continue;
        const accent = offset === 0 ? 0.08 : 0;
        for (const pitch of voicing) notes.push({ beat, length: Math.min(length, slot.endBeat - beat), pitch, velocity: velocity + accent });
      }
    });
  }
  return notes;
}

/**
 * Broken chord up and down through the voicing plus its octave. `tripletFeel`: the genre swings
 * its 8ths hard (a shuffle), so its 16ths become triplet 8ths: the swung grid puts the 16ths at 0,
 * 1/4 and 1/2 of a beat on the triplet's three notes (exactly at a swing of 1/3), and the fourth
 * 16th, which would fall between them, is left out.
 */
export function arpeggio(slot: ChordSlot, beatsPerBar: number, step: number, voicing: number[], velocity: number, tripletFeel = false): BeatNote[] {
  const tones = [...voicing, voicing[0] + 12];
  const cycle = [...tones, ...tones.slice(1, -1).reverse()];
  const triplets = tripletFeel && step === 0.25;
  const notes: BeatNote[] = [];
  let index = 0;
  for (let beat = slot.startBeat; beat < slot.endBeat - 1e-9; beat += step) {
    const inBar = (beat - slot.startBeat) % beatsPerBar;
    const inBeat = inBar % 1;
    if (triplets && Math.abs(inBeat - 0.75) < 1e-9) continue;
    const length = triplets && Math.abs(inBeat - 0.5) < 1e-9 ? 0.5 : step;
    notes.push({ beat, length: length * 0.95, pitch: cycle[index++ % cycle.length], velocity: velocity + (inBar === 0 ? 0.08 : 0) });
  }
  return notes;
}

export function padPart(slots: ChordSlot[], energy: number): BeatNote[] {
  return slots.flatMap((slot) =>
    slot.voicing.map((pitch) => ({
      beat: slot.startBeat,
      length: slot.endBeat - slot.startBeat,
      pitch: pitch < 60 ? pitch + 12 : pitch,
      velocity: 0.35 + 0.2 * energy,
    })),
  );
}

/** Arpeggio in 16ths (busy; triplets in a shuffle) or 8ths; `slow` halves both for slow, spacious genres. */
export function arpPart(slots: ChordSlot[], beatsPerBar: number, busy: boolean, slow: boolean, energy: number, tripletFeel: boolean): BeatNote[] {
  const step = (busy ? 0.25 : 0.5) * (slow ? 2 : 1);
  return slots.flatMap((slot) => {
    const voicing = slot.voicing.map((pitch) => pitch + 12);
    return arpeggio(slot, beatsPerBar, step, voicing, 0.4 + 0.2 * energy, tripletFeel);
  });
}

/** A smooth line of guide tones (thirds and sevenths), one or two per chord, above the chords. */
export function counterPart(slots: ChordSlot[], beatsPerBar: number, energy: number): BeatNote[] {
  const notes: BeatNote[] = [];
  let previous = 74;
  for (const slot of slots) {
    const { root, intervals } = slot.chord;
    const guides = intervals.length > 3 ? [intervals[1], intervals[3]] : [intervals[1] ?? 7];
    const length = slot.endBeat - slot.startBeat;
    const halves = length >= beatsPerBar * 2 ? 2 : 1;
    for (let half = 0; half < halves; half++) {
      const guide = guides[half % guides.length];
      const pitch = Math.min(84, Math.max(64, nearestPitch((root + guide) % 12, previous)));
      const beat = slot.startBeat + (half * length) / halves;
      notes.push({ beat, length: length / halves, pitch, velocity: 0.45 + 0.2 * energy });
      previous = pitch;
    }
  }
  return notes;
}
