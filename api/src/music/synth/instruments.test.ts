import { describe, expect, it } from 'vitest';
import type { DrumKitId, DrumVoice, InstrumentId } from '../types.js';
import { SAMPLE_RATE } from './dsp.js';
import { DRUM_TAKES, drumSample, drumTake } from './drums.js';
import { INSTRUMENTS } from './instruments.js';
import { noteSound, synthesiseNote } from './notes.js';

const renderNote = (id: InstrumentId, pitch: number, duration: number, velocity: number, brightness: number): Float32Array =>
  synthesiseNote(noteSound(id, pitch, duration, velocity, brightness), SAMPLE_RATE);

/** Fundamental by autocorrelation over a steady stretch (lags for 40..2000 Hz). */
function estimatePitch(x: Float32Array, from: number, length: number): number {
  const minLag = Math.floor(SAMPLE_RATE / 2000);
  const maxLag = Math.ceil(SAMPLE_RATE / 40);
  const corr = (lag: number): number => {
    let c = 0;
    for (let i = from; i < from + length; i++) c += x[i] * x[i + lag];
    return c;
  };
  const values = new Float64Array(maxLag + 2);
  for (let lag = minLag; lag <= maxLag + 1; lag++) values[lag] = corr(lag);
  const peak = Math.max(...values.slice(minLag));
  // First lag reaching 85 % of the best peak avoids octave-down errors on rich tones.
  let lag = minLag;
  while (lag < maxLag && !(values[lag] >= 0.85 * peak && values[lag] >= values[lag - 1] && values[lag] >= values[lag + 1])) lag++;
  const a = values[lag - 1];
  const b = values[lag];
  const c = values[lag + 1];
  const shift = (a - c) / (2 * (a - 2 * b + c));
  return SAMPLE_RATE / (lag + (Number.isFinite(shift) ? shift : 0));
}

const cents = (a: number, b: number): number => 1200 * Math.log2(a / b);
/** Distance in cents ignoring octaves: voices with a sub-octave layer (16' drawbar, sub oscillator) repeat at the lower octave. */
const pitchClassCents = (a: number, b: number): number => {
  const c = (((cents(a, b) % 1200) + 1800) % 1200) - 600;
  return Math.abs(c);
};

const ALL = Object.keys(INSTRUMENTS) as InstrumentId[];
/** Noisy or inharmonic voices whose perceived pitch autocorrelation does not pin down. */
const PITCH_EXEMPT = new Set<InstrumentId>(['bell', 'distorted-guitar']);

describe('instrument voices', () => {
  it.each(ALL)('%s renders finite, non-silent audio', (id) => {
    const note = renderNote(id, 57, 0.6, 0.8, 0.6);
    // Percussive voices may end (inaudible tail trimmed) before the key is released.
    expect(note.length).toBeGreaterThan(Math.round(0.1 * SAMPLE_RATE));
    let peak = 0;
    let nonFinite = 0;
    for (const v of note) {
      if (!Number.isFinite(v)) nonFinite++;
      else peak = Math.max(peak, Math.abs(v));
    }
    expect(nonFinite).toBe(0);
    expect(peak).toBeGreaterThan(0.05);
    expect(peak).toBeLessThan(4);
  });

  it.each(ALL.filter((id) => !PITCH_EXEMPT.has(id)))('%s plays A3 (220 Hz, or its sub-octave layer)', (id) => {
    const note = renderNote(id, 57, 1.2, 0.8, 0.5);
    const pitch = estimatePitch(note, Math.round(0.15 * SAMPLE_RATE), 4096);
    expect(pitchClassCents(pitch, 220)).toBeLessThan(25);
    expect(pitch).toBeGreaterThan(100);
    expect(pitch).toBeLessThan(240);
  });

  it('the bell voice is centred on its pitch class too (carrier at the note)', () => {
    const note = renderNote('bell', 69, 1, 0.8, 0.5);
    // Correlation with the carrier sine is much larger than with a sine a tritone away.
    const power = (hz: number): number => {
      let re = 0;
      let im = 0;
      for (let i = 0; i < 8192; i++) {
        re += note[i] * Math.cos((2 * Math.PI * hz * i) / SAMPLE_RATE);
        im += note[i] * Math.sin((2 * Math.PI * hz * i) / SAMPLE_RATE);
      }
      return re * re + im * im;
    };
    expect(power(440)).toBeGreaterThan(10 * power(311));
  });

  it('gives every distinct sound its own key and the same samples for the same key', () => {
    const a = noteSound('piano', 60, 0.5, 0.7, 0.5);
    expect(noteSound('piano', 60, 0.501, 0.72, 0.5).key).toBe(a.key); // same length step and velocity bucket
    expect(noteSound('piano', 62, 0.5, 0.7, 0.5).key).not.toBe(a.key);
    expect(noteSound('piano', 60, 0.6, 0.7, 0.5).key).not.toBe(a.key);
    expect(noteSound('piano', 60, 0.5, 0.2, 0.5).key).not.toBe(a.key);
    expect(Buffer.from(synthesiseNote(a, SAMPLE_RATE).slice().buffer).equals(Buffer.from(synthesiseNote(a, SAMPLE_RATE).slice().buffer))).toBe(true);
  });
});

describe('drum kits', () => {
  const kits: DrumKitId[] = ['acoustic', 'brush', 'rock', 'funk', '808', '909', '707', 'electronic', 'break', 'reggae', 'country'];
  const voices: DrumVoice[] = ['kick', 'snare', 'clap', 'rim', 'closed-hat', 'open-hat', 'ride', 'crash', 'tom-high', 'tom-mid', 'tom-low', 'shaker', 'cowbell', 'tambourine', 'riser', 'reverse-cymbal', 'impact'];
  it.each(kits)('%s kit has every voice, finite, peak-normalised, decaying to silence', (kit) => {
    for (const voice of voices) {
      const s = drumSample(kit, voice, SAMPLE_RATE);
      let peak = 0;
      let nonFinite = 0;
      for (const v of s) {
        if (!Number.isFinite(v)) nonFinite++;
        else peak = Math.max(peak, Math.abs(v));
      }
      expect(nonFinite).toBe(0);
      expect(peak).toBeCloseTo(1, 5);
      expect(Math.abs(s[s.length - 1])).toBeLessThan(0.01);
    }
  });
});

describe('the 707 kit', () => {
  /** Seconds until the sound last reaches a level (relative to its peak of 1). */
  const ringSeconds = (s: Float32Array, level: number): number => {
    let last = 0;
    for (let i = 0; i < s.length; i++) if (Math.abs(s[i]) >= level) last = i;
    return last / SAMPLE_RATE;
  };
  /** Share of samples that are exactly zero: a sound quantised to a few bits falls silent below its last step. */
  const silentShare = (s: Float32Array): number => s.filter((v) => v === 0).length / s.length;

  it('has a short kick: it rings less than half as long as the 909 boom', () => {
    expect(ringSeconds(drumSample('707', 'kick', SAMPLE_RATE), 0.05)).toBeLessThan(0.5 * ringSeconds(drumSample('909', 'kick', SAMPLE_RATE), 0.05));
  });

  it('plays its sounds back as the machine did, from a few bits: their quiet tails are cut to silence (the 909 fades on)', () => {
    for (const voice of ['kick', 'snare', 'clap', 'closed-hat', 'cowbell', 'tambourine'] as DrumVoice[]) {
      expect(silentShare(drumSample('707', voice, SAMPLE_RATE)), voice).toBeGreaterThan(0.3);
      expect(silentShare(drumSample('909', voice, SAMPLE_RATE)), voice).toBeLessThan(0.1);
    }
  });

  it('varies its hits like every kit: each take of a voice differs', () => {
    for (const voice of ['kick', 'snare', 'cowbell', 'tambourine'] as DrumVoice[]) {
      const takes = Array.from({ length: 2 * DRUM_TAKES }, (_, take) => drumSample('707', voice, SAMPLE_RATE, take));
      for (let a = 0; a < takes.length; a++) {
        for (let b = a + 1; b < takes.length; b++) expect(takes[a], `${voice} takes ${a} and ${b}`).not.toEqual(takes[b]);
      }
    }
  });
});

describe('drum takes', () => {
  it('renders every take of a voice differently (round robin, loud and soft)', () => {
    for (const voice of ['kick', 'snare', 'closed-hat', 'ride'] as DrumVoice[]) {
      const takes = Array.from({ length: 2 * DRUM_TAKES }, (_, take) => drumSample('acoustic', voice, SAMPLE_RATE, take));
      for (let a = 0; a < takes.length; a++) {
        for (let b = a + 1; b < takes.length; b++) expect(takes[a], `${voice} takes ${a} and ${b}`).not.toEqual(takes[b]);
      }
    }
  });

  it('spreads a bar of 16th-note hats over the takes and gives soft hits the soft takes', () => {
    const times = Array.from({ length: 16 }, (_, step) => 2 + step * 0.125);
    const loud = times.map((time) => drumTake(time, 0.9));
    expect(new Set(loud).size).toBe(DRUM_TAKES);
    expect(loud.every((take) => take < DRUM_TAKES)).toBe(true);
    expect(times.map((time) => drumTake(time, 0.3)).every((take) => take >= DRUM_TAKES)).toBe(true);
  });
});
