import { describe, expect, it } from 'vitest';
import { pitchAccuracy } from '../quality/pitch-accuracy.js';
import { spectrogram } from '../quality/spectrum.js';
import { Random } from '../random.js';
import type { NoteEvent, SungNote, VoiceType } from '../types.js';
import { isVowel } from './phonemes.js';
import { pitchContour } from './pitch-contour.js';
import { sing } from './singer.js';
import { lineSyllablePhones } from './syllables.js';
import { timePhrase } from './timing.js';
import { VOICES } from './voices.js';

const SR = 44100;

function phrase(text: string, pitches: number[], noteSeconds = 0.5, start = 1): SungNote[] {
  const notes: NoteEvent[] = pitches.map((pitch, i) => ({ start: start + i * noteSeconds, duration: noteSeconds * 0.92, pitch, velocity: 0.8 }));
  return timePhrase(notes, lineSyllablePhones(text));
}

const vowels = (notes: SungNote[]) =>
  notes.map((note) => {
    const vowel = note.phones.find((phone) => isVowel(phone.phone))!;
    return { start: vowel.start, end: vowel.end, pitch: note.pitch };
  });

/** Spectral centroid (Hz) of x by a plain DFT over a few frames (enough for a comparison). */
function centroid(x: Float32Array, from: number, frames: number): number {
  let weighted = 0;
  let total = 0;
  for (let f = 0; f < frames; f++) {
    const at = from + f * 1024;
    for (let k = 1; k < 256; k++) {
      let re = 0;
      let im = 0;
      for (let i = 0; i < 1024; i++) {
        const w = x[at + i] * (0.5 - 0.5 * Math.cos((2 * Math.PI * i) / 1024));
        re += w * Math.cos((2 * Math.PI * k * i) / 1024);
        im -= w * Math.sin((2 * Math.PI * k * i) / 1024);
      }
      const magnitude = Math.hypot(re, im);
      weighted += magnitude * ((k * SR) / 1024);
      total += magnitude;
    }
  }
  return weighted / total;
}

/** Energy of x between lowHz and highHz in the 2048-sample frame centred on `at` seconds after x[0]. */
function bandEnergy(x: Float32Array, at: number, lowHz: number, highHz: number): number {
  const from = Math.round(at * SR) - 1024;
  const [frame] = spectrogram(x.subarray(from, from + 2048), SR, 2048, 2048).frames;
  let energy = 0;
  for (let k = Math.ceil((lowHz * 2048) / SR); k <= Math.floor((highHz * 2048) / SR); k++) energy += frame[k] ** 2;
  return energy;
}

describe('the singing voice', () => {
  it.each<[VoiceType, number[]]>([
    ['low', [48, 50, 52, 55, 53, 52, 50, 48]],
    ['high', [67, 69, 71, 74, 72, 71, 69, 67]],
  ])('sings the %s voice at the planned pitches (independent pitch tracker)', (voice, pitches) => {
    const notes = phrase('walking alone through the midnight rain', pitches);
    const audio = sing(notes, voice, 7, SR);
    const stem = new Float32Array(Math.ceil(6 * SR));
    stem.set(audio.samples, Math.round(audio.start * SR));
    const result = pitchAccuracy(stem, SR, vowels(notes));
    expect(result.accuracy).toBeGreaterThanOrEqual(0.97);
    expect(result.voicedFrames / result.noteFrames).toBeGreaterThanOrEqual(0.9);
  });

  it('is reproducible: the same seed gives the same samples, another seed other ones', () => {
    const notes = phrase('hold me close in the summer light', [60, 62, 64, 62, 60, 59, 60]);
    const a = sing(notes, 'high', 3, SR).samples;
    const b = sing(notes, 'high', 3, SR).samples;
    const c = sing(notes, 'high', 4, SR).samples;
    expect(Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength))).toBe(true);
    expect(Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(c.buffer, c.byteOffset, c.byteLength))).toBe(false);
  });

  it('gives the two voice types different timbres: the high voice is brighter on the same notes', () => {
    const notes = phrase('ah ah', [57, 57], 1);
    const low = sing(notes, 'low', 1, SR);
    const high = sing(notes, 'high', 1, SR);
    const from = Math.round((1.2 - low.start) * SR);
    expect(centroid(high.samples, from, 4)).toBeGreaterThan(centroid(low.samples, from, 4) * 1.06);
  });

  it('breathes before a phrase: soft unpitched noise, then the first consonant', () => {
    const notes = phrase('so long', [60, 62]);
    const audio = sing(notes, 'low', 2, SR);
    const rms = (from: number, to: number) => {
      let sum = 0;
      for (let i = Math.round(from * SR); i < Math.round(to * SR); i++) sum += audio.samples[i] ** 2;
      return Math.sqrt(sum / (Math.round(to * SR) - Math.round(from * SR)));
    };
    const firstPhone = notes[0].phones[0].start - audio.start;
    const breath = rms(0.05, firstPhone - 0.1);
    const vowel = rms(notes[0].start - audio.start + 0.05, notes[0].start - audio.start + 0.3);
    expect(breath).toBeGreaterThan(vowel * 0.01);
    expect(breath).toBeLessThan(vowel * 0.2);
  });

  it('holds each note steady on its vowel and grows a vibrato of about a quarter tone on long notes', () => {
    const notes = phrase('oh', [60], 2);
    const grid = { origin: 0.5, blocks: 3000, blockSeconds: 0.001 };
    const f0 = pitchContour(notes, grid, VOICES.low, new Random(1));
    const cents = (t: number) => 1200 * Math.log2(f0[Math.round((t - grid.origin) / grid.blockSeconds)] / 261.6256);
    const early = [1.02, 1.08, 1.15].map(cents);
    const late = Array.from({ length: 200 }, (_, i) => cents(1.9 + i * 0.005));
    for (const c of early) expect(Math.abs(c)).toBeLessThan(5);
    expect(Math.max(...late)).toBeGreaterThan(15);
    expect(Math.min(...late)).toBeLessThan(-15);
    expect(Math.max(...late.map(Math.abs))).toBeLessThan(VOICES.low.vibratoCents + 5);
  });

  it('glides into the next note during its consonants and arrives on pitch at the vowel', () => {
    const notes = phrase('my love', [60, 64], 0.4);
    const grid = { origin: 0.5, blocks: 2000, blockSeconds: 0.001 };
    const f0 = pitchContour(notes, grid, VOICES.high, new Random(1));
    const cents = (t: number, pitch: number) => 1200 * Math.log2(f0[Math.round((t - grid.origin) / grid.blockSeconds)] / (440 * 2 ** ((pitch - 69) / 12)));
    const second = notes[1].start;
    expect(Math.abs(cents(second - 0.1, 60))).toBeLessThan(8);
    expect(cents(second - 0.03, 60)).toBeGreaterThan(50);
    expect(Math.abs(cents(second + 0.005, 64))).toBeLessThan(8);
  });

  it('moves the formants through a diphthong in the sound: "eye" starts with F2 near 1.1 kHz and ends near 2 kHz', () => {
    const notes = phrase('eye', [48], 0.8);
    const audio = sing(notes, 'low', 1, SR);
    const vowel = notes[0].phones.find((phone) => isVowel(phone.phone))!;
    // F2 of "ah" (1090 Hz) against F2 of "ih" (1990 Hz), early and late in the vowel.
    const f2Balance = (t: number) => bandEnergy(audio.samples, t - audio.start, 1800, 2200) / bandEnergy(audio.samples, t - audio.start, 950, 1250);
    expect(f2Balance(vowel.start + 0.1)).toBeLessThan(0.3);
    expect(f2Balance(vowel.end - 0.03)).toBeGreaterThan(3);
  });

  it('gives voiced sound energy above 4 kHz (the cascade alone leaves it 90 dB down)', () => {
    const notes = phrase('ah', [48], 0.8);
    const audio = sing(notes, 'low', 1, SR);
    const at = notes[0].start + 0.3 - audio.start;
    expect(10 * Math.log10(bandEnergy(audio.samples, at, 4000, 8000) / bandEnergy(audio.samples, at, 50, 4000))).toBeGreaterThan(-45);
  });
});
