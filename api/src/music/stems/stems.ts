/**
 * Stems: the song's vocals, drums, bass and the rest of the band ("music"), each rendered alone
 * from the song's composition, so they are exact rather than separated. A song renders the same
 * samples every time (same request and seed), so stems are rendered on demand instead of stored
 * (docs/engine.md, Stems).
 *
 * What a stem is: its part of the mix before the mix bus (the band's slices with their own reverb,
 * delay, chorus and sidechain, ducked under the voice as in the song; the voice at its level in
 * the song), all scaled by one gain that puts the sum's peak at -1 dBFS. The stems therefore add up
 * to the song's mix before the bus compressor, saturation and mastering, which are not linear and
 * belong to the whole song (the song's own WAV has them).
 */
import type { Composition, StereoAudio } from '../types.js';
import { SAMPLE_RATE, dbToGain } from '../synth/dsp.js';
import { sharedFloat32 } from '../master/audio-jobs.js';
import { masterAudio } from '../master/master.js';
import { buildNoteTable } from '../render/note-table.js';
import { renderBandInto, renderLength } from '../render/render.js';
import { kickTimes } from '../render/chunk.js';
import { finishMix } from '../render/finish.js';
import { enginePool, type EnginePool } from '../render/worker-pool.js';
import { addSungPhrases, duckUnderVocals, singPhrases, vocalGain } from '../vocals/mix.js';

export const STEM_NAMES = ['vocals', 'drums', 'bass', 'music'] as const;
export type StemName = (typeof STEM_NAMES)[number];

/** The sum of the stems peaks here. */
const STEM_PEAK_DB = -1;

/** The composition of one band stem: its tracks or drums alone, the song's kicks still driving the sidechain. */
export function stemComposition(c: Composition, stem: Exclude<StemName, 'vocals'>): Composition {
  const tracks = stem === 'drums' ? [] : c.tracks.filter((t) => (t.role === 'bass') === (stem === 'bass'));
  const hits = stem === 'drums' ? c.drums.hits : [];
  return { ...c, tracks, drums: { ...c.drums, hits, sidechainKicks: kickTimes(c) }, vocals: null };
}

/** Whether the song has anything in this stem (an instrumental has no vocals, "no drums" no drums). */
export function stemIsEmpty(c: Composition, stem: StemName): boolean {
  if (stem === 'vocals') return !c.vocals || c.vocals.phrases.length === 0;
  const part = stemComposition(c, stem);
  return part.tracks.every((t) => t.notes.length === 0) && part.drums.hits.length === 0;
}

function peakOf(audio: StereoAudio): number {
  let peak = 0;
  for (const x of [audio.left, audio.right]) for (let i = 0; i < x.length; i++) peak = Math.max(peak, Math.abs(x[i]));
  return peak;
}

function scale(audio: StereoAudio, gain: number): void {
  for (const x of [audio.left, audio.right]) for (let i = 0; i < x.length; i++) x[i] *= gain;
}

const silence = (length: number): StereoAudio => ({ sampleRate: SAMPLE_RATE, left: sharedFloat32(length), right: sharedFloat32(length) });

export interface StemRenderOptions {
  /** Which stems to render, in this order. */
  stems: readonly StemName[];
  /** Also hand over the finished, mastered song (first), as the pipeline makes it. */
  withSong: boolean;
  /** The song's loudness when it was mastered to another than the usual target (an admin's re-master). */
  targetLufs?: number;
  pool?: EnginePool;
}

/**
 * Renders the song once (its mix before the bus sets the stems' gain and the voice's level) and
 * then each stem, handing every one to `onAudio` as soon as it is ready and dropping it after:
 * at most the song and one stem are in memory at a time. `'song'` is the mastered song.
 */
export async function renderStems(c: Composition, options: StemRenderOptions, onAudio: (name: StemName | 'song', audio: StereoAudio) => Promise<void>): Promise<void> {
  const pool = options.pool ?? enginePool();
  const length = renderLength(c);
  const notes = await buildNoteTable(c, SAMPLE_RATE, pool);
  const vocals = c.vocals && c.vocals.phrases.length > 0 ? c.vocals : null;

  const song = silence(length);
  await renderBandInto(c, notes, song, pool);
  let voiceGain = 0;
  if (vocals) {
    const sung = singPhrases(c, vocals, SAMPLE_RATE, pool);
    voiceGain = vocalGain(vocals, song);
    duckUnderVocals(vocals, song);
    await addSungPhrases(sung, song, voiceGain);
  }
  const peak = peakOf(song);
  const stemGain = peak > 0 ? dbToGain(STEM_PEAK_DB) / peak : 1;
  if (options.withSong) {
    await finishMix(c, song, pool);
    const mastered = await masterAudio(song, { inPlace: true, pool, targetLufs: options.targetLufs });
    await onAudio('song', mastered.audio);
  }

  for (const stem of options.stems) {
    const audio = silence(length);
    if (stem === 'vocals') {
      if (vocals) await addSungPhrases(singPhrases(c, vocals, SAMPLE_RATE, pool), audio, voiceGain);
    } else {
      await renderBandInto(stemComposition(c, stem), notes, audio, pool);
      if (vocals) duckUnderVocals(vocals, audio);
    }
    scale(audio, stemGain);
    await onAudio(stem, audio);
  }
}
