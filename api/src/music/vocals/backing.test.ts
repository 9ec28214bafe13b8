import { describe, expect, it } from 'vitest';
import { compose } from '../compose/index.js';
import { writeLyrics } from '../lyrics/index.js';
import { planSong } from '../plan/understand.js';
import type { Composition, StereoAudio } from '../types.js';
import { backingVoicing } from './backing.js';
import { addVocals } from './mix.js';
import { renderDryVocals } from './stem.js';

const SR = 44100;

function song(prompt: string, seed: number, durationSeconds: number, instrumental = false): Composition {
  const plan = planSong({ prompt, genres: [], moods: [], generateLyrics: !instrumental, instrumental, generateAlbumArt: false, durationSeconds, seed });
  return compose(plan, instrumental ? null : writeLyrics(plan));
}

const silence = (seconds: number): StereoAudio => ({ sampleRate: SR, left: new Float32Array(Math.round(seconds * SR)), right: new Float32Array(Math.round(seconds * SR)) });

const rms = (x: Float32Array, from: number, to: number): number => {
  let sum = 0;
  for (let i = Math.round(from * SR); i < Math.round(to * SR); i++) sum += x[i] * x[i];
  return Math.sqrt(sum / (Math.round(to * SR) - Math.round(from * SR)));
};

describe('backing vowels', () => {
  const songs = [song('pop song about city lights', 4, 180), song('rock anthem about the road', 7, 180), song('calm folk song by the river', 3, 150)];

  it('sings only vowels on chord tones, two or three voices, in the sections without lead lyrics and under sung choruses', () => {
    for (const c of songs) {
      const vocals = c.vocals!;
      const backing = vocals.backing ?? [];
      expect(backing.length).toBeGreaterThan(0);
      const leadSections = new Set(vocals.phrases.map((phrase) => phrase.section));
      for (const phrase of backing) {
        const section = c.sections.find((s) => s.label === phrase.section)!;
        expect(phrase.start).toBeGreaterThanOrEqual(section.start - 1e-6);
        expect(phrase.end).toBeLessThanOrEqual(section.end + 1e-6);
        if (leadSections.has(phrase.section)) {
          // Under the lead only in choruses: two humming voices, wide.
          expect(section.kind).toBe('chorus');
          expect(phrase.text).toBe('ooh');
          expect(Math.abs(phrase.pan)).toBe(0.9);
        } else {
          // No lead line is sung at the same time.
          for (const lead of vocals.phrases) expect(lead.end <= phrase.start || lead.start >= phrase.end).toBe(true);
        }
        for (const note of phrase.notes) {
          expect(note.phones.map((p) => p.phone)).toEqual([phrase.text === 'ooh' ? 'UW1' : 'AA1']);
          const under = c.chords.filter((chord) => chord.start < note.start + note.duration - 1e-6 && chord.end > note.start + 1e-6);
          expect(under.length).toBeGreaterThan(0);
          for (const chord of under) expect(chord.pitches.map((p) => p % 12)).toContain(note.pitch % 12);
        }
      }
      for (const label of new Set(backing.map((phrase) => phrase.section))) {
        const voices = new Set(backing.filter((phrase) => phrase.section === label).map((phrase) => phrase.pan));
        expect(voices.size).toBeGreaterThanOrEqual(2);
        expect(voices.size).toBeLessThanOrEqual(3);
      }
      // The intro and outro have them.
      expect(backing.some((phrase) => phrase.section === c.sections[0].label)).toBe(true);
      expect(backing.some((phrase) => phrase.section === c.sections[c.sections.length - 1].label)).toBe(true);
    }
  });

  it('hums under every sung chorus, wider than the lead and well under it, and nowhere else under the lead', async () => {
    for (const c of songs) {
      const vocals = c.vocals!;
      const sungChoruses = c.sections.filter((section) => section.kind === 'chorus' && vocals.phrases.some((phrase) => phrase.section === section.label));
      expect(sungChoruses.length).toBeGreaterThan(0);
      for (const chorus of sungChoruses) expect(new Set(vocals.backing!.filter((phrase) => phrase.section === chorus.label).map((phrase) => phrase.pan))).toEqual(new Set([-0.9, 0.9]));
      const sungOthers = new Set(vocals.phrases.map((phrase) => phrase.section).filter((label) => c.sections.find((s) => s.label === label)!.kind !== 'chorus'));
      expect(vocals.backing!.some((phrase) => sungOthers.has(phrase.section))).toBe(false);
    }
    // Level and width: the chorus with and without its backing, the difference being the backing.
    const c = song('pop song about city lights', 4, 90);
    const chorus = c.sections.find((section) => section.kind === 'chorus' && c.vocals!.phrases.some((phrase) => phrase.section === section.label))!;
    const withoutChorusBacking = { ...c, vocals: { ...c.vocals!, backing: c.vocals!.backing!.filter((phrase) => phrase.section !== chorus.label) } };
    const all = silence(c.durationSeconds + 2);
    const lead = silence(c.durationSeconds + 2);
    await addVocals(c, all, null);
    await addVocals(withoutChorusBacking, lead, null);
    const line = c.vocals!.phrases.find((phrase) => phrase.section === chorus.label)!;
    const [from, to] = [line.start + 0.3, line.end];
    const backingLeft = all.left.map((x, i) => x - lead.left[i]);
    const backingRight = all.right.map((x, i) => x - lead.right[i]);
    const backingLevel = Math.hypot(rms(backingLeft, from, to), rms(backingRight, from, to));
    const leadLevel = Math.hypot(rms(lead.left, from, to), rms(lead.right, from, to));
    expect(backingLevel).toBeGreaterThan(0);
    expect(20 * Math.log10(backingLevel / leadLevel)).toBeLessThan(-7);
    let side = 0, mid = 0;
    for (let i = Math.round(from * SR); i < Math.round(to * SR); i++) {
      side += (backingLeft[i] - backingRight[i]) ** 2;
      mid += (backingLeft[i] + backingRight[i]) ** 2;
    }
    expect(side / mid).toBeGreaterThan(0.3);
  });

  it('voices a chord close, root third and fifth, in the octave above its floor', () => {
    expect(backingVoicing({ root: 9, pitches: [57, 60, 64, 67] }, 57)).toEqual([57, 60, 64]); // Am7: A C E
    expect(backingVoicing({ root: 5, pitches: [53, 57, 60] }, 57)).toEqual([57, 60, 65]); // F: A C F
    expect(backingVoicing({ root: 4, pitches: [40, 47] }, 45)).toEqual([47, 52, 59]); // E5: B E, B doubled
  });

  it('gives an instrumental none', () => {
    const c = song('pop song about city lights', 4, 120, true);
    expect(c.vocals ?? null).toBeNull();
  });

  it('is the same for the same seed, note for note and sample for sample, and stays out of the dry lead stem', async () => {
    const c = song('pop song about city lights', 5, 45);
    expect(c.vocals!.backing!.length).toBeGreaterThan(0);
    expect(song('pop song about city lights', 5, 45)).toEqual(c);
    const length = c.durationSeconds + 2;
    const first = silence(length);
    const second = silence(length);
    await addVocals(c, first, null);
    await addVocals(c, second, null);
    expect(Buffer.from(first.left.buffer).equals(Buffer.from(second.left.buffer))).toBe(true);
    expect(Buffer.from(first.right.buffer).equals(Buffer.from(second.right.buffer))).toBe(true);
    const leadOnly = { ...c, vocals: { ...c.vocals!, backing: undefined } };
    expect(Buffer.from(renderDryVocals(c, SR).buffer).equals(Buffer.from(renderDryVocals(leadOnly, SR).buffer))).toBe(true);
  });

  it('sits wide and well under the lead, swelling in', async () => {
    const c = song('pop song about city lights', 5, 45);
    const vocals = c.vocals!;
    const backing = vocals.backing!.filter((phrase) => phrase.section === c.sections[0].label);
    const firstLead = vocals.phrases[0];
    const mix = silence(c.durationSeconds + 2);
    await addVocals(c, mix, null);
    const from = backing[0].start + 0.5;
    const to = Math.min(...backing.map((phrase) => phrase.end), firstLead.start - 0.5);
    expect(to - from).toBeGreaterThan(1);
    const backingLevel = Math.hypot(rms(mix.left, from, to), rms(mix.right, from, to));
    const leadLevel = Math.hypot(rms(mix.left, firstLead.start, firstLead.end), rms(mix.right, firstLead.start, firstLead.end));
    expect(backingLevel).toBeGreaterThan(0);
    expect(20 * Math.log10(backingLevel / leadLevel)).toBeLessThan(-7);
    // Wide: left and right differ (each voice is panned its own way).
    let side = 0, mid = 0;
    for (let i = Math.round(from * SR); i < Math.round(to * SR); i++) {
      side += (mix.left[i] - mix.right[i]) ** 2;
      mid += (mix.left[i] + mix.right[i]) ** 2;
    }
    expect(side / mid).toBeGreaterThan(0.1);
    // Soft attack: the first 50 ms of the first vowel are much quieter than a second in.
    const onset = backing[0].notes[0].start;
    expect(rms(mix.left, onset, onset + 0.05)).toBeLessThan(0.3 * rms(mix.left, onset + 0.6, onset + 0.8));
  });
});
