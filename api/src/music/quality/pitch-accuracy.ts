/**
 * Pitch accuracy of a sung stem against the planned notes, measured by an independent pitch
 * tracker (pitchy: McLeod's pitch method), not by anything of the generator's: the share of the
 * frames the tracker finds voiced inside the planned notes that lie within 50 cents of the note.
 */
import { PitchDetector } from 'pitchy';
import type { VocalPart } from '../types.js';

export interface PlannedNote {
  /** Seconds: the span where the note's pitch is expected (its vowel). */
  start: number;
  end: number;
  /** MIDI note number. */
  pitch: number;
}

export interface PitchAccuracy {
  /** Frames inside planned notes that the tracker found voiced. */
  voicedFrames: number;
  /** Of those, the share within `toleranceCents` of the planned note. */
  accuracy: number;
  /** Frames inside planned notes, voiced or not. */
  noteFrames: number;
  medianErrorCents: number;
}

/** The planned notes of a vocal part where their pitch should sound: their vowels (ARPAbet vowels carry a stress digit). */
export function plannedNotes(vocals: VocalPart): PlannedNote[] {
  return vocals.phrases.flatMap((phrase) =>
    phrase.notes.flatMap((note) => note.phones.filter((phone) => /\d$/.test(phone.phone)).map((phone) => ({ start: phone.start, end: phone.end, pitch: note.pitch }))),
  );
}

const FRAME = 2048;
const HOP = 512;
/** McLeod clarity above which a frame counts as voiced. */
const CLARITY = 0.9;

export function pitchAccuracy(stem: Float32Array, sampleRate: number, notes: PlannedNote[], toleranceCents = 50): PitchAccuracy {
  const detector = PitchDetector.forFloat32Array(FRAME);
  const sorted = [...notes].sort((a, b) => a.start - b.start);
  const errors: number[] = [];
  let noteFrames = 0;
  let within = 0;
  let n = 0;
  for (let at = 0; at + FRAME <= stem.length; at += HOP) {
    const t = (at + FRAME / 2) / sampleRate;
    // The whole frame must lie inside one note, so that it hears one pitch.
    const from = at / sampleRate;
    const to = (at + FRAME) / sampleRate;
    while (n < sorted.length && sorted[n].end < from) n++;
    const note = sorted.slice(n, n + 3).find((candidate) => candidate.start <= from && candidate.end >= to);
    if (!note || t < note.start) continue;
    noteFrames++;
    const [hz, clarity] = detector.findPitch(stem.subarray(at, at + FRAME), sampleRate);
    if (clarity < CLARITY || !(hz > 0)) continue;
    const cents = 1200 * Math.log2(hz / (440 * Math.pow(2, (note.pitch - 69) / 12)));
    errors.push(Math.abs(cents));
    if (Math.abs(cents) <= toleranceCents) within++;
  }
  errors.sort((a, b) => a - b);
  return {
    voicedFrames: errors.length,
    accuracy: errors.length ? within / errors.length : 0,
    noteFrames,
    medianErrorCents: errors.length ? errors[Math.floor(errors.length / 2)] : NaN,
  };
}
