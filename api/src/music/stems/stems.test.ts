import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalMusicEngine } from '../provider.js';
import type { Composition, StereoAudio } from '../types.js';
import { SAMPLE_RATE } from '../synth/dsp.js';
import { sharedFloat32 } from '../master/audio-jobs.js';
import { masterAudio } from '../master/master.js';
import { buildNoteTable } from '../render/note-table.js';
import { renderBandInto, renderComposition, renderLength } from '../render/render.js';
import { EnginePool } from '../render/worker-pool.js';
import { addVocals } from '../vocals/mix.js';
import { renderStems, STEM_NAMES, stemComposition, stemIsEmpty, type StemName } from './stems.js';
import { encodeWav } from './wav.js';

const pool = new EnginePool(2);
afterAll(() => pool.close());

const engine = new LocalMusicEngine();
const LYRICS = '[Verse]\nCity lights are calling me tonight\nEvery window burning gold and bright\n\n[Chorus]\nHold on, hold on, we are almost home\nHold on, hold on, we were never alone';

function songComposition(): Composition {
  const plan = engine.plan({ prompt: 'upbeat pop song about the city', genres: ['pop'], moods: ['energetic'], lyrics: LYRICS, generateLyrics: false, generateAlbumArt: false, durationSeconds: 30, seed: 11 });
  return engine.compose(plan, engine.writeLyrics(plan));
}

const rms = (x: Float32Array): number => Math.sqrt(x.reduce((s, v) => s + v * v, 0) / x.length);

describe('stems', () => {
  const c = songComposition();
  const stems = new Map<StemName | 'song', StereoAudio>();
  beforeAll(async () => {
    await renderStems(c, { stems: STEM_NAMES, withSong: true, pool }, async (name, audio) => {
      // Copies: the engine may reuse its buffers once the callback returns.
      stems.set(name, { sampleRate: audio.sampleRate, left: audio.left.slice(), right: audio.right.slice() });
    });
  }, 60_000);

  it('splits the band by part, keeping the song kicks on the sidechain of the others', () => {
    expect(stemComposition(c, 'drums').tracks).toEqual([]);
    expect(stemComposition(c, 'bass').tracks.every((t) => t.role === 'bass')).toBe(true);
    expect(stemComposition(c, 'music').tracks.some((t) => t.role === 'bass')).toBe(false);
    expect(stemComposition(c, 'music').drums.hits).toEqual([]);
    expect(stemComposition(c, 'music').drums.sidechainKicks!.length).toBe(c.drums.hits.filter((h) => h.voice === 'kick').length);
    expect(STEM_NAMES.filter((s) => stemIsEmpty(c, s))).toEqual([]);
    expect(stemIsEmpty({ ...c, vocals: null }, 'vocals')).toBe(true);
  });

  it('renders every stem, audible, the vocals with the backing vowels before the lead comes in', () => {
    for (const name of STEM_NAMES) {
      const audio = stems.get(name)!;
      expect(audio.left.length).toBe(renderLength(c));
      expect(rms(audio.left)).toBeGreaterThan(0.002);
    }
    const vocals = stems.get('vocals')!;
    const firstPhrase = c.vocals!.phrases[0].start;
    expect(c.vocals!.backing!.some((phrase) => phrase.start < firstPhrase)).toBe(true);
    // Before the lead's first breath the stem is the backing voices alone: there, and panned apart.
    const intro = Math.floor((firstPhrase - 0.5) * SAMPLE_RATE);
    expect(rms(vocals.left.subarray(0, intro))).toBeGreaterThan(0.002);
    expect(rms(vocals.left.subarray(0, intro).map((left, i) => left - vocals.right[i]))).toBeGreaterThan(0.001);
  });

  it('adds up to the song mix before the mix bus (within float rounding)', async () => {
    const mix = { sampleRate: SAMPLE_RATE, left: sharedFloat32(renderLength(c)), right: sharedFloat32(renderLength(c)) };
    await renderBandInto(c, await buildNoteTable(c, SAMPLE_RATE, pool), mix, pool);
    await addVocals(c, mix, pool);
    let peak = 0;
    for (const x of [mix.left, mix.right]) for (const v of x) peak = Math.max(peak, Math.abs(v));
    const gain = 10 ** (-1 / 20) / peak;
    let worst = 0;
    for (const channel of ['left', 'right'] as const) {
      const parts = STEM_NAMES.map((s) => stems.get(s)![channel]);
      for (let i = 0; i < mix[channel].length; i++) {
        const sum = parts[0][i] + parts[1][i] + parts[2][i] + parts[3][i];
        worst = Math.max(worst, Math.abs(sum - mix[channel][i] * gain));
      }
    }
    // -1 dBFS peak; the difference stays 90 dB under it.
    expect(worst).toBeLessThan(3e-5);
  }, 60_000);

  it('hands over the song as the pipeline masters it, sample for sample', async () => {
    const mastered = await masterAudio(await renderComposition(c, pool), { pool });
    const song = stems.get('song')!;
    expect(Buffer.compare(Buffer.from(song.left.buffer), Buffer.from(mastered.audio.left.slice().buffer))).toBe(0);
    expect(Buffer.compare(Buffer.from(song.right.buffer), Buffer.from(mastered.audio.right.slice().buffer))).toBe(0);
  }, 60_000);
});

describe('encodeWav', () => {
  it('writes a 16-bit stereo PCM RIFF file with clipped, interleaved samples', () => {
    const audio = { sampleRate: 44100, left: Float32Array.from([0, 0.5, 2]), right: Float32Array.from([-1, -0.25, -3]) };
    const bytes = encodeWav(audio);
    const view = new DataView(bytes.buffer);
    const text = (at: number, n: number): string => Buffer.from(bytes.subarray(at, at + n)).toString('ascii');
    expect([text(0, 4), text(8, 4), text(12, 4), text(36, 4)]).toEqual(['RIFF', 'WAVE', 'fmt ', 'data']);
    expect(view.getUint32(4, true)).toBe(bytes.length - 8);
    expect([view.getUint16(20, true), view.getUint16(22, true), view.getUint32(24, true), view.getUint16(34, true), view.getUint32(40, true)]).toEqual([1, 2, 44100, 16, 12]);
    expect(Array.from(new Int16Array(bytes.buffer, 44, 6))).toEqual([0, -32767, 16384, -8192, 32767, -32768]);
  });
});
