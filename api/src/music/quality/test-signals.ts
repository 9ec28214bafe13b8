/**
 * Synthetic signals with known properties for testing the analyser on its own: click tracks
 * and drum patterns at known tempi, chord progressions in known keys, sines at known levels.
 */
import { Random } from '../random.js';
import type { PcmSignal } from './spectrum.js';

export const TEST_SAMPLE_RATE = 44100;

export function silence(seconds: number, sampleRate = TEST_SAMPLE_RATE): Float32Array {
  return new Float32Array(Math.round(seconds * sampleRate));
}

/** A sine of the given peak amplitude (linear). */
export function sine(frequency: number, amplitude: number, seconds: number, sampleRate = TEST_SAMPLE_RATE, phase = 0): Float32Array {
  const out = new Float32Array(Math.round(seconds * sampleRate));
  for (let i = 0; i < out.length; i++) out[i] = amplitude * Math.sin((2 * Math.PI * frequency * i) / sampleRate + phase);
  return out;
}

export function concat(...parts: Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export function stereo(left: Float32Array, right = left, sampleRate = TEST_SAMPLE_RATE): PcmSignal {
  return { sampleRate, channels: [left, right] };
}

type Voice = 'kick' | 'snare' | 'hat' | 'click';

/** Adds one percussive hit at sample offset `at`. */
function addHit(out: Float32Array, at: number, voice: Voice, gain: number, sampleRate: number, noise: Random): void {
  const seconds = voice === 'kick' ? 0.25 : voice === 'snare' ? 0.18 : voice === 'hat' ? 0.05 : 0.02;
  const length = Math.min(out.length - at, Math.round(seconds * sampleRate));
  // Hats are bright: a second difference of white noise keeps mostly the top octaves, as a real hat.
  let last = 0;
  let beforeLast = 0;
  const highPassedNoise = () => {
    const white = noise.float(-1, 1);
    const value = (white - 2 * last + beforeLast) / 4;
    beforeLast = last;
    last = white;
    return value * 2;
  };
  for (let i = 0; i < length; i++) {
    const t = i / sampleRate;
    let value: number;
    if (voice === 'kick') value = Math.sin(2 * Math.PI * (50 * t + 60 * (1 - Math.exp(-t * 30)) / 30)) * Math.exp(-t * 14);
    else if (voice === 'snare') value = (noise.float(-1, 1) * 0.7 + Math.sin(2 * Math.PI * 190 * t) * 0.4) * Math.exp(-t * 22);
    else if (voice === 'hat') value = highPassedNoise() * Math.exp(-t * 90);
    else value = Math.sin(2 * Math.PI * 1000 * t) * Math.exp(-t * 200);
    out[at + i] += value * gain;
  }
}

export interface DrumPattern {
  /** Hits per beat position, in sixteenths within a 4/4 bar (0..15). */
  kick?: number[];
  snare?: number[];
  /** Hat every n sixteenths (2 = eighths, 1 = sixteenths). */
  hatEvery?: number;
}

/** A drum loop at an exact tempo: kick/snare/hat synthesised per hit. */
export function drumLoop(bpm: number, seconds: number, pattern: DrumPattern, seed = 1, sampleRate = TEST_SAMPLE_RATE): Float32Array {
  const out = new Float32Array(Math.round(seconds * sampleRate));
  const noise = new Random(seed);
  const sixteenth = 60 / bpm / 4;
  for (let step = 0; step * sixteenth < seconds; step++) {
    const at = Math.round(step * sixteenth * sampleRate);
    const inBar = step % 16;
    if (pattern.kick?.includes(inBar)) addHit(out, at, 'kick', 0.8, sampleRate, noise);
    if (pattern.snare?.includes(inBar)) addHit(out, at, 'snare', 0.5, sampleRate, noise);
    if (pattern.hatEvery && inBar % pattern.hatEvery === 0) addHit(out, at, 'hat', 0.15, sampleRate, noise);
  }
  return out;
}

/** A metronome click on every beat, accent on each bar's first beat. */
export function clickTrack(bpm: number, seconds: number, sampleRate = TEST_SAMPLE_RATE): Float32Array {
  const out = new Float32Array(Math.round(seconds * sampleRate));
  const noise = new Random(0);
  for (let beat = 0; (beat * 60) / bpm < seconds; beat++) {
    addHit(out, Math.round(((beat * 60) / bpm) * sampleRate), 'click', beat % 4 === 0 ? 0.9 : 0.5, sampleRate, noise);
  }
  return out;
}

function midiToHz(midi: number): number {
  return 440 * 2 ** ((midi - 69) / 12);
}

/**
 * Block chords (MIDI notes) with a bass note an octave below the root, each tone with a few
 * decaying harmonics, like a simple electric piano.
 */
export function chordProgression(chords: number[][], secondsPerChord: number, repeats: number, sampleRate = TEST_SAMPLE_RATE): Float32Array {
  const chordLength = Math.round(secondsPerChord * sampleRate);
  const out = new Float32Array(chordLength * chords.length * repeats);
  for (let r = 0; r < repeats; r++) {
    for (const [c, chord] of chords.entries()) {
      const offset = (r * chords.length + c) * chordLength;
      const notes = [chord[0] - 12, ...chord];
      for (const note of notes) {
        const f = midiToHz(note);
        for (let i = 0; i < chordLength; i++) {
          const t = i / sampleRate;
          const envelope = Math.min(1, t * 200) * Math.exp(-t * 1.2);
          let value = 0;
          for (let h = 1; h <= 4; h++) value += Math.sin(2 * Math.PI * f * h * t) / (h * h);
          out[offset + i] += value * envelope * 0.12;
        }
      }
    }
  }
  return out;
}

/** A naive (aliasing) sawtooth of the given peak amplitude: a bright, steady synth tone. */
export function sawtooth(frequency: number, amplitude: number, seconds: number, sampleRate = TEST_SAMPLE_RATE): Float32Array {
  const out = new Float32Array(Math.round(seconds * sampleRate));
  for (let i = 0; i < out.length; i++) out[i] = amplitude * (2 * ((frequency * i) / sampleRate % 1) - 1);
  return out;
}

/**
 * A sustained pad: each chord tone is a pair of sawtooths detuned by +-0.4 %, so its partials
 * beat like a chorused synth pad. One chord every `secondsPerChord`, 0.3 s fade-in.
 */
export function detunedPad(chords: number[][], secondsPerChord: number, repeats: number, sampleRate = TEST_SAMPLE_RATE): Float32Array {
  const chordLength = Math.round(secondsPerChord * sampleRate);
  const fadeIn = 0.3 * sampleRate;
  const out = new Float32Array(chordLength * chords.length * repeats);
  for (let r = 0; r < repeats; r++) {
    for (const [c, chord] of chords.entries()) {
      const offset = (r * chords.length + c) * chordLength;
      for (const note of chord) {
        for (const detune of [0.996, 1.004]) {
          const tone = sawtooth(midiToHz(note) * detune, 0.05, secondsPerChord, sampleRate);
          for (let i = 0; i < chordLength; i++) out[offset + i] += tone[i] * Math.min(1, i / fadeIn);
        }
      }
    }
  }
  return out;
}

export function mixSignals(...signals: Float32Array[]): Float32Array {
  const out = new Float32Array(Math.max(...signals.map((s) => s.length)));
  for (const signal of signals) for (let i = 0; i < signal.length; i++) out[i] += signal[i];
  return out;
}
