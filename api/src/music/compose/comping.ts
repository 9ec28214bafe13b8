/**
 * Comping parts played the way their instrument is played, beyond a pattern of block chords: the
 * strummed acoustic guitar of country and folk, and reggae's organ bubble.
 */
import type { CompStyle } from '../plan/catalog.js';
import type { InstrumentId } from '../types.js';
import type { ChordSlot } from './harmony.js';
import type { BeatNote } from './melody.js';
import { eachBar, type Intensity } from './parts.js';
import { nearestPitch } from './theory.js';

type Stroke = 'down' | 'up';

const STRUMMED_GUITARS = new Set<InstrumentId>(['steel-guitar', 'acoustic-guitar']);
const STRUMMED_STYLES = new Set<CompStyle>(['strum', 'block']);

/** An acoustic guitar comping strummed or block chords strums them (strumPart). */
export function isStrummed(instrument: InstrumentId, style: CompStyle): boolean {
  return STRUMMED_GUITARS.has(instrument) && STRUMMED_STYLES.has(style);
}

/** One bar of strokes: [beat offset, direction, beats the strings ring until the next stroke]. */
type StrumBar = [number, Stroke, number][];

const STRUM_PATTERNS: Record<Intensity, StrumBar> = {
  // Calm: two ringing downstrokes a bar.
  calm: [[0, 'down', 2], [2, 'down', 2]],
  // The folk and country "down, down-up, up-down-up".
  busy: [[0, 'down', 1], [1, 'down', 0.5], [1.5, 'up', 1], [2.5, 'up', 0.5], [3, 'down', 0.5], [3.5, 'up', 0.5]],
  // Driving: every 8th, down on the beat and up between, as a train beat is strummed.
  driving: [[0, 'down', 0.5], [0.5, 'up', 0.5], [1, 'down', 0.5], [1.5, 'up', 0.5], [2, 'down', 0.5], [2.5, 'up', 0.5], [3, 'down', 0.5], [3.5, 'up', 0.5]],
};

/** Seconds between neighbouring strings as the pick crosses them: a downstroke is a little slower. */
const STRING_GAP_SECONDS: Record<Stroke, number> = { down: 0.007, up: 0.005 };
/** Upstrokes catch only the top strings. */
const UPSTROKE_STRINGS = 4;

/**
 * The chord across six strings as an open-position guitar holds it: the root on a low string (E2
 * to E3), its fifth, the root an octave up, the third (a power chord doubles its fifth there), the
 * fifth and, on top, the root again or the chord's sixth or seventh where it has one.
 */
export function guitarVoicing(slot: ChordSlot): number[] {
  const { root, intervals } = slot.chord;
  const low = nearestPitch(root, 46);
  const fifth = intervals.find((interval) => interval >= 6 && interval <= 8) ?? 7;
  const third = intervals.find((interval) => interval >= 2 && interval <= 5) ?? fifth;
  const colour = intervals.find((interval) => interval >= 9 && interval <= 11);
  return [low, low + fifth, low + 12, low + 12 + third, low + 12 + fifth, colour === undefined ? low + 24 : low + 12 + colour];
}

/**
 * A strummed guitar over the chord slots: downstrokes from the low string up, upstrokes (softer,
 * top strings only) from the top down, each string `STRING_GAP_SECONDS` after the one before.
 */
export function strumPart(slots: ChordSlot[], intensity: Intensity, beatsPerBar: number, energy: number): BeatNote[] {
  const notes: BeatNote[] = [];
  const velocity = 0.5 + 0.25 * energy;
  for (const slot of slots) {
    const strings = guitarVoicing(slot);
    eachBar(slot, beatsPerBar, (barStart) => {
      for (const [offset, stroke, ring] of STRUM_PATTERNS[intensity]) {
        const beat = barStart + offset;
        if (beat >= slot.endBeat - 1e-9) continue;
        const order = stroke === 'down' ? strings : strings.slice(-UPSTROKE_STRINGS).reverse();
        const strokeVelocity = stroke === 'down' ? velocity + (offset === 0 ? 0.08 : 0) : 0.75 * velocity;
        order.forEach((pitch, index) =>
          notes.push({ beat, length: Math.min(ring, slot.endBeat - beat), pitch, velocity: strokeVelocity, delaySeconds: index * STRING_GAP_SECONDS[stroke] }),
        );
      }
    });
  }
  return notes;
}

/**
 * Reggae's organ bubble over the chord slots, in the 16ths of the one-drop bar: each beat is left
 * out, then the left hand plays the chord low on its second 16th, the right hand a brighter chop on
 * the "and" and the left hand again on the last 16th (left-right-left, the genre's shuffle when the
 * 16ths swing). Calm sections keep only the right hand's chops.
 */
export function bubblePart(slots: ChordSlot[], intensity: Intensity, beatsPerBar: number, energy: number): BeatNote[] {
  const notes: BeatNote[] = [];
  const right = 0.5 + 0.2 * energy;
  const left = 0.4 + 0.15 * energy;
  for (const slot of slots) {
    // The left hand sits an octave under the chords track's voicing, the right hand on it.
    const high = slot.voicing;
    const low = slot.voicing.map((pitch) => pitch - 12);
    for (let beat = slot.startBeat; beat < slot.endBeat - 1e-9; beat++) {
      const strokes: [number, number[], number][] = intensity === 'calm' ? [[0.5, high, right]] : [[0.25, low, left], [0.5, high, right], [0.75, low, left]];
      for (const [offset, voicing, velocity] of strokes) {
        if (beat + offset >= slot.endBeat - 1e-9) continue;
        for (const pitch of voicing) notes.push({ beat: beat + offset, length: 0.18, pitch, velocity });
      }
    }
  }
  return notes;
}
