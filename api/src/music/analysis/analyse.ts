/**
 * What the player's DJ features need to know about a finished song. Tempo, downbeat and key come
 * from the composition (the engine wrote them, no need to guess); loudness from mastering; the
 * rest is measured on the mastered audio, in one pass on the engine's workers (K-weighted power
 * and sample peaks per short block, see master/audio-jobs.ts), so this thread only combines block values.
 */
import type { Composition, MasteredAudio, SongAnalysis } from '../types.js';
import { isSharedAudio, runOnSegments, sharedCopy, sharedFloat32, sharedFloat64, songSegments } from '../master/audio-jobs.js';
import { largestDivisorUpTo, powerBlockSize, type BlockPower } from '../master/loudness.js';
import { enginePool, type EnginePool } from '../render/worker-pool.js';
import { silenceRanges, silenceWindowSize } from './silence.js';

export const WAVEFORM_POINTS = 1000;
/** Per-second loudness mapped linearly from this range (LUFS-like) onto 0..1. */
const ENERGY_FLOOR_DB = -40;
const ENERGY_CEIL_DB = -8;
/** Without an intro/outro section, the intro ends where energy first reaches this share of the song's mean. */
const EDGE_ENERGY_SHARE = 0.85;

/** One 0..1 value per second (short-term K-weighted loudness). */
function energyCurve({ power, blockSize, sampleRate, length }: BlockPower): number[] {
  const seconds = Math.ceil(length / sampleRate);
  const curve: number[] = [];
  for (let s = 0; s < seconds; s++) {
    const from = Math.floor((s * sampleRate) / blockSize);
    const to = Math.min(power.length, Math.floor(((s + 1) * sampleRate) / blockSize));
    let sum = 0;
    for (let b = from; b < to; b++) sum += power[b];
    const samples = Math.max(1, Math.min(length, to * blockSize) - from * blockSize);
    const db = -0.691 + 10 * Math.log10(Math.max(sum / samples, 1e-12));
    const v = (db - ENERGY_FLOOR_DB) / (ENERGY_CEIL_DB - ENERGY_FLOOR_DB);
    curve.push(Math.round(Math.min(1, Math.max(0, v)) * 1000) / 1000);
  }
  return curve;
}

/** Largest of `peaks` (one per `blockSize` samples) over the blocks that samples [from, to) touch. */
function peakOver(peaks: Float32Array, blockSize: number, from: number, to: number): number {
  let peak = 0;
  for (let b = Math.floor(from / blockSize); b < Math.ceil(to / blockSize); b++) peak = Math.max(peak, peaks[b]);
  return peak;
}

/** Peak |sample| of both channels in WAVEFORM_POINTS equal slices, 0..1 (slice edges rounded out to whole blocks). */
function waveformPeaks(peaks: Float32Array, blockSize: number, length: number, points = WAVEFORM_POINTS): number[] {
  const out: number[] = [];
  for (let p = 0; p < points; p++) {
    const from = Math.floor((p * length) / points);
    const to = Math.min(length, Math.max(from + 1, Math.floor(((p + 1) * length) / points)));
    out.push(Math.round(Math.min(1, peakOver(peaks, blockSize, from, to)) * 1000) / 1000);
  }
  return out;
}

function edges(c: Composition, energy: number[], duration: number): { introEnd: number; outroStart: number } {
  const intro = c.sections.find((s) => s.kind === 'intro');
  const outro = [...c.sections].reverse().find((s) => s.kind === 'outro');
  const mean = energy.reduce((a, b) => a + b, 0) / Math.max(1, energy.length);
  const threshold = mean * EDGE_ENERGY_SHARE;
  let introEnd = intro ? intro.end : energy.findIndex((e) => e >= threshold);
  if (introEnd < 0) introEnd = 0;
  let outroStart: number;
  if (outro) outroStart = outro.start;
  else {
    let last = energy.length - 1;
    while (last > 0 && energy[last] < threshold) last--;
    outroStart = last + 1;
  }
  outroStart = Math.min(duration, Math.max(introEnd, outroStart));
  return { introEnd: Math.min(introEnd, duration), outroStart };
}

export async function analyseSong(m: MasteredAudio, c: Composition, pool: EnginePool = enginePool()): Promise<SongAnalysis> {
  // Audio read back from disk is copied into shared memory once, for the workers.
  const audio = isSharedAudio(m.audio) ? m.audio : sharedCopy(m.audio);
  const { sampleRate } = audio;
  const length = audio.left.length;
  const powerBlock = powerBlockSize(sampleRate);
  const window = silenceWindowSize(sampleRate);
  // Peaks per ~0.5 ms, tiling the silence windows; waveform slices are rounded to these blocks.
  const peakBlock = largestDivisorUpTo(window, 32);
  const power = sharedFloat64(Math.ceil(length / powerBlock));
  const peaks = sharedFloat32(Math.ceil(length / peakBlock));
  await runOnSegments(pool, songSegments(length, sampleRate, [powerBlock, window]), (s) => ({ kind: 'measure-audio', audio, ...s, powerBlockSize: powerBlock, power, peakBlockSize: peakBlock, peaks }));
  const windowPeaks = Float32Array.from({ length: Math.ceil(length / window) }, (_, w) => peakOver(peaks, peakBlock, w * window, Math.min(length, (w + 1) * window)));

  const durationSeconds = Math.round((length / sampleRate) * 1000) / 1000;
  const energy = energyCurve({ blockSize: powerBlock, sampleRate, length, power });
  const { introEnd, outroStart } = edges(c, energy, durationSeconds);
  return {
    durationSeconds,
    bpm: c.bpm,
    beatOffsetSeconds: c.sections[0]?.start ?? 0,
    key: `${c.key.tonic} ${c.key.mode}`,
    integratedLufs: Math.round(m.integratedLufs * 100) / 100,
    truePeakDbtp: Math.round(m.truePeakDbtp * 100) / 100,
    energyCurve: energy,
    introEndSeconds: Math.round(introEnd * 1000) / 1000,
    outroStartSeconds: Math.round(outroStart * 1000) / 1000,
    silenceRanges: silenceRanges(windowPeaks, sampleRate, length),
    waveformPeaks: waveformPeaks(peaks, peakBlock, length),
  };
}
