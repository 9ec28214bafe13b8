/**
 * Notes as the mixer uses them. A note's sound depends only on (instrument, pitch, held length on
 * a 5 ms grid, velocity bucket, brightness), so a song's thousands of notes come down to a few
 * hundred distinct sounds: the renderer synthesises each of those once per song, spread over the
 * engine's workers, and mixes scaled copies (render/note-table.ts).
 */
import type { Composition, InstrumentId } from '../types.js';
import { hashString, midiToHz } from './dsp.js';
import { INSTRUMENTS } from './instruments.js';
import { freshBuffers } from './voice.js';

/** Note lengths are rounded to this grid (seconds); inaudible, and it makes repeats share sounds. */
const LENGTH_GRID = 0.005;
const VELOCITY_BUCKETS = 3;
/** Below this a voice's tail is inaudible (-80 dBFS); dropping it saves mixing time and memory. */
const TAIL_FLOOR = 1e-4;

export interface NoteSound {
  /** Identifies the sound; equal keys mean identical samples. */
  key: string;
  instrument: InstrumentId;
  pitch: number;
  /** Held length in seconds, on the grid. */
  hold: number;
  velocityBucket: number;
  brightness: number;
}

/** Loudness for a 0..1 velocity (timbre changes come from the voice's velocity bucket). */
export function velocityGain(velocity: number): number {
  const v = Math.min(1, Math.max(0, velocity));
  return 0.15 + 0.85 * v * v;
}

export function noteSound(instrument: InstrumentId, pitch: number, duration: number, velocity: number, brightness: number): NoteSound {
  const steps = Math.max(1, Math.round(duration / LENGTH_GRID));
  const velocityBucket = Math.min(VELOCITY_BUCKETS - 1, Math.floor(Math.min(1, Math.max(0, velocity)) * VELOCITY_BUCKETS));
  const bright = Math.round(brightness * 20) / 20;
  return { key: `${instrument}|${pitch}|${steps}|${velocityBucket}|${bright}`, instrument, pitch, hold: steps * LENGTH_GRID, velocityBucket, brightness: bright };
}

/** The distinct sounds of every note in the song, in first-appearance order. */
export function distinctNoteSounds(c: Composition): NoteSound[] {
  const sounds = new Map<string, NoteSound>();
  for (const track of c.tracks) {
    for (const note of track.notes) {
      if (note.duration <= 0) continue;
      const sound = noteSound(track.instrument, note.pitch, note.duration, note.velocity, c.mix.brightness);
      if (!sounds.has(sound.key)) sounds.set(sound.key, sound);
    }
  }
  return [...sounds.values()];
}

/**
 * Renders one sound through its instrument voice, with the inaudible tail trimmed. `allocate`
 * supplies the voice's buffers (the result is a view of one of them).
 */
export function synthesiseNote(sound: NoteSound, sampleRate: number, allocate: (length: number) => Float32Array = freshBuffers): Float32Array {
  const buffer = INSTRUMENTS[sound.instrument].voice({
    freq: midiToHz(sound.pitch),
    hold: sound.hold,
    velocity: (sound.velocityBucket + 0.5) / VELOCITY_BUCKETS,
    brightness: sound.brightness,
    sampleRate,
    seed: hashString(`${sound.key}|${sampleRate}`),
    allocate,
  });
  let end = buffer.length;
  while (end > 0 && Math.abs(buffer[end - 1]) < TAIL_FLOOR) end--;
  return end === buffer.length ? buffer : buffer.subarray(0, end);
}
