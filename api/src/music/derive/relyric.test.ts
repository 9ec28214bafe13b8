import { afterAll, describe, expect, it } from 'vitest';
import { sharedFloat32 } from '../master/audio-jobs.js';
import { lineSyllables } from '../lyrics/pronounce.js';
import { buildNoteTable } from '../render/note-table.js';
import { renderBandInto, renderLength } from '../render/render.js';
import { EnginePool } from '../render/worker-pool.js';
import { stemComposition } from '../stems/stems.js';
import { SAMPLE_RATE } from '../synth/dsp.js';
import type { Composition, NoteEvent, SongRequest } from '../types.js';
import { composeAnySong, planAnySong, writeAnyLyrics } from './index.js';
import { fitNotes } from './relyric.js';

const pool = new EnginePool(2);
afterAll(() => pool.close());

const SOURCE: SongRequest = {
  prompt: 'upbeat pop song about the city',
  genres: ['pop'],
  moods: ['happy'],
  lyrics: '[Verse]\nwalking down the empty street tonight\nevery window holds a little light\n[Chorus]\nwe are running to the morning sun\nholding on until the night is done',
  generateLyrics: false,
  generateAlbumArt: false,
  durationSeconds: 30,
  seed: 7,
};
// More syllables than the source's verse lines, fewer on the chorus, and one line more in the verse.
const NEW_WORDS = '[Verse]\nthe ferry horns are calling over harbour water\nlanterns swaying\nnobody is sleeping\n[Chorus]\nrun home\nstay close';
const edit = (request: SongRequest = SOURCE, lyrics = NEW_WORDS): SongRequest => ({ ...request, lyrics, seed: 99, source: { kind: 'relyric', request } });

function song(request: SongRequest): Composition {
  const plan = planAnySong(request);
  return composeAnySong(plan, writeAnyLyrics(plan));
}

const band = (c: Composition) => ({ ...c, lyricLines: null, vocals: null });

async function renderBand(c: Composition, stem: 'drums' | 'bass' | 'music'): Promise<Float32Array> {
  const part = stemComposition(c, stem);
  const mix = { sampleRate: SAMPLE_RATE, left: sharedFloat32(renderLength(part)), right: sharedFloat32(renderLength(part)) };
  await renderBandInto(part, await buildNoteTable(part, SAMPLE_RATE, pool), mix, pool);
  return Float32Array.from([...mix.left, ...mix.right]);
}

describe('edit lyrics', () => {
  const source = song(SOURCE);
  const edited = song(edit());

  it('keeps the source\'s plan and every non-vocal part, and renders the band sample for sample', { timeout: 60_000 }, async () => {
    const plan = planAnySong(edit());
    const sourcePlan = planAnySong(SOURCE);
    expect(plan).toMatchObject({ seed: sourcePlan.seed, bpm: sourcePlan.bpm, key: sourcePlan.key, genre: sourcePlan.genre, instruments: sourcePlan.instruments, title: `${sourcePlan.title} (new lyrics)` });
    expect(band(edited)).toEqual(band(source));
    for (const stem of ['drums', 'bass', 'music'] as const) expect(Buffer.from((await renderBand(edited, stem)).buffer).equals(Buffer.from((await renderBand(source, stem)).buffer))).toBe(true);
  });

  it('sings the new words, one syllable per note, on the source\'s sung notes and voice', () => {
    const texts = edited.vocals!.phrases.map((phrase) => phrase.text);
    expect(texts).toContain('the ferry horns are calling over harbour water');
    expect(texts).toContain('run home');
    expect(texts.some((text) => text.includes('walking'))).toBe(false);
    expect(edited.vocals!.voice).toBe(source.vocals!.voice);
    for (const phrase of edited.vocals!.phrases) {
      expect(phrase.notes.map((note) => note.syllable)).toEqual(lineSyllables(phrase.text));
      // Every sung pitch is one the source sang in that section, and every note lies within a source phrase.
      const own = source.vocals!.phrases.filter((theirs) => theirs.section === phrase.section);
      for (const note of phrase.notes) {
        expect(own.flatMap((theirs) => theirs.notes.map((n) => n.pitch))).toContain(note.pitch);
        expect(own.some((theirs) => note.start >= theirs.notes[0].start - 1e-9 && note.start + note.duration <= theirs.notes.at(-1)!.start + theirs.notes.at(-1)!.duration + 1e-9)).toBe(true);
      }
    }
    expect(edited.lyricLines.map((line) => line.text)).toEqual(texts);
    expect(writeAnyLyrics(planAnySong(edit()))!.stanzas.map((stanza) => stanza.lines.length)).toEqual([3, 2]);
  });

  it('is reproducible, and refuses an instrumental or missing words', () => {
    expect(JSON.stringify(song(edit()))).toBe(JSON.stringify(song(edit())));
    expect(() => planAnySong(edit({ ...SOURCE, lyrics: null, instrumental: true }))).toThrow('This song is an instrumental');
    expect(() => planAnySong(edit(SOURCE, '  '))).toThrow('New lyrics are required');
  });
});

describe('fitting syllables to notes', () => {
  const notes: NoteEvent[] = [
    { start: 0, duration: 0.5, pitch: 60, velocity: 0.8 },
    { start: 0.5, duration: 0.25, pitch: 62, velocity: 0.8 },
    { start: 0.75, duration: 1, pitch: 64, velocity: 0.8 },
  ];
  const span = (fitted: NoteEvent[]) => [fitted[0].start, fitted.at(-1)!.start + fitted.at(-1)!.duration];

  it('splits the longest note for more syllables and merges the shortest into the one before for fewer', () => {
    const more = fitNotes(notes, 5);
    expect(more.map((note) => [note.start, note.pitch])).toEqual([[0, 60], [0.25, 60], [0.5, 62], [0.75, 64], [1.25, 64]]);
    expect(span(more)).toEqual(span(notes));
    const fewer = fitNotes(notes, 2);
    expect(fewer.map((note) => [note.start, note.duration, note.pitch])).toEqual([[0, 0.75, 60], [0.75, 1, 64]]);
    expect(fitNotes(notes, 1)).toEqual([{ start: 0, duration: 1.75, pitch: 60, velocity: 0.8 }]);
  });
});
