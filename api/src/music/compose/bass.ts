/**
 * Bass lines locked to the chord roots, in the genre's style. Every chord's first bass note is
 * its root, so the key and the harmony are unambiguous.
 */
import type { BassStyle } from '../plan/catalog.js';
import type { ChordSlot } from './harmony.js';
import type { BeatNote } from './melody.js';
import { type Intensity, patternFor } from './parts.js';
import { nearestPitch } from './theory.js';

const BASS_CENTRE = 38;

/**
 * One bar of a style: [beat offset, length, interval above the root]. Busy patterns attack every
 * beat (except the off-beat house/techno styles, whose kick carries the beat), so the pulse is
 * as clear to a tempo detector as to a listener.
 */
type BarPattern = [number, number, number][];

const PATTERNS: Record<Exclude<BassStyle, 'walking'>, { calm: BarPattern; busy: BarPattern; driving?: BarPattern }> = {
  sustain: { calm: [[0, 4, 0]], busy: [[0, 2, 0], [2, 2, 0]] },
  root: {
    calm: [[0, 2, 0], [2, 1, 0], [3, 1, 0]],
    busy: [[0, 1, 0], [1, 0.5, 0], [1.5, 0.5, 0], [2, 1, 0], [3, 0.5, 12], [3.5, 0.5, 0]],
  },
  'root-fifth': {
    calm: [[0, 2, 0], [2, 2, 7]],
    busy: [[0, 1, 0], [1, 1, 7], [2, 1, 0], [3, 1, 7]],
  },
  eighths: {
    calm: [[0, 1, 0], [1, 1, 0], [2, 1, 0], [3, 1, 0]],
    busy: [[0, 0.5, 0], [0.5, 0.5, 0], [1, 0.5, 0], [1.5, 0.5, 0], [2, 0.5, 0], [2.5, 0.5, 0], [3, 0.5, 12], [3.5, 0.5, 7]],
  },
  offbeat: {
    calm: [[0.5, 0.45, 0], [2.5, 0.45, 0]],
    busy: [[0.5, 0.4, 0], [1.5, 0.4, 12], [2.5, 0.4, 0], [3.5, 0.4, 12]],
    // Off-beats with a 16th pickup into every other one.
    driving: [[0.5, 0.3, 0], [1.25, 0.2, 12], [1.5, 0.3, 12], [2.5, 0.3, 0], [3.25, 0.2, 12], [3.5, 0.3, 12]],
  },
  'glide-808': {
    calm: [[0, 3.5, 0]],
    // The overlapping last note is the glide: renderers slide legato notes into each other.
    busy: [[0, 2, 0], [2, 1.75, 0], [3.75, 0.5, 12]],
  },
  funk: {
    calm: [[0, 0.75, 0], [1.5, 0.5, 0], [2.5, 0.5, 7]],
    busy: [[0, 0.5, 0], [0.75, 0.25, 12], [1.5, 0.25, 0], [2, 0.5, 7], [2.75, 0.25, 12], [3.25, 0.25, 10], [3.5, 0.5, 0]],
  },
  reggae: {
    calm: [[0, 1.5, 0], [2, 1, 7]],
    busy: [[0, 0.75, 0], [1, 0.5, 0], [1.75, 0.25, 7], [2, 0.75, 12], [3, 0.75, 7]],
  },
  rolling: {
    calm: [[0, 2, 0], [2, 2, 0]],
    busy: [[0, 0.75, 0], [1, 0.5, 0], [1.5, 0.5, 7], [2, 0.75, 0], [3, 0.5, 0], [3.5, 0.5, 12]],
    // The rolling 16ths between the kicks of peak-time techno.
    driving: [
      [0.25, 0.2, 0], [0.5, 0.2, 0], [0.75, 0.2, 12],
      [1.25, 0.2, 0], [1.5, 0.2, 7], [1.75, 0.2, 0],
      [2.25, 0.2, 0], [2.5, 0.2, 0], [2.75, 0.2, 12],
      [3.25, 0.2, 0], [3.5, 0.2, 12], [3.75, 0.2, 7],
    ],
  },
};

function rootPitch(slot: ChordSlot): number {
  return nearestPitch(slot.chord.root, BASS_CENTRE);
}

/** Quarter-note walk: root, chord tones, then a chromatic approach into the next root. */
function walkingBar(slot: ChordSlot, barStart: number, beatsPerBar: number, nextRoot: number, lastBarOfChord: boolean): BeatNote[] {
  const root = rootPitch(slot);
  const third = root + slot.chord.intervals[1];
  const fifth = root + (slot.chord.intervals[2] ?? 7);
  const line = lastBarOfChord ? [root, third, fifth, nextRoot + (nextRoot > fifth ? -1 : 1)] : [root, fifth, root + 12, fifth];
  return line.slice(0, beatsPerBar).map((pitch, beat) => ({ beat: barStart + beat, length: 0.9, pitch, velocity: beat === 0 ? 0.85 : 0.72 }));
}

export function bassLine(slots: ChordSlot[], style: BassStyle, intensity: Intensity, beatsPerBar: number, nextSlot: ChordSlot | null): BeatNote[] {
  const notes: BeatNote[] = [];
  slots.forEach((slot, index) => {
    const root = rootPitch(slot);
    const following = slots[index + 1] ?? nextSlot;
    const nextRoot = following ? rootPitch(following) : root;
    for (let barStart = slot.startBeat; barStart < slot.endBeat - 1e-9; barStart += beatsPerBar) {
      const lastBar = barStart + beatsPerBar >= slot.endBeat - 1e-9;
      if (style === 'walking') {
        notes.push(...walkingBar(slot, barStart, beatsPerBar, nextRoot, lastBar).filter((note) => note.beat < slot.endBeat));
        continue;
      }
      const pattern = patternFor(PATTERNS[style], intensity);
      for (const [offset, length, interval] of pattern) {
        const beat = barStart + offset;
        if (beat >= slot.endBeat - 1e-9) continue;
        notes.push({
          beat,
          length: Math.min(length, slot.endBeat - beat + (style === 'glide-808' ? 0.25 : 0)),
          pitch: root + interval,
          velocity: offset === 0 || (style === 'offbeat' && offset === 0.5) ? 0.85 : 0.7,
        });
      }
    }
  });
  return notes;
}
