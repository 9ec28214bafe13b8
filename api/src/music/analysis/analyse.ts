/**
 * What the player's DJ features need to know about a finished song. Tempo, downbeat and key come
 * from the composition (the engine wrote them, no need to guess); loudness from mastering; the
 * rest is measured on the mastered audio.
 */
import type { Composition, MasteredAudio, SongAnalysis, StereoAudio } from '../types.js';
import { kWeightedPower } from '../master/loudness.js';
import { detectSilence } from './silence.js';

export const WAVEFORM_POINTS = 1000;
/** Per-second loudness mapped linearly from this range (LUFS-like) onto 0..1. */
const ENERGY_FLOOR_DB = -40;
const ENERGY_CEIL_DB = -8;
/** Without an intro/outro section, the intro ends where energy first reaches this share of the song's mean. */
const EDGE_ENERGY_SHARE = 0.85;

/** One 0..1 value per second (short-term K-weighted loudness). */
export function energyCurve(audio: StereoAudio): number[] {
  const { power, blockSize } = kWeightedPower(audio);
  const seconds = Math.ceil(audio.left.length / audio.sampleRate);
  const curve: number[] = [];
  for (let s = 0; s < seconds; s++) {
    const from = Math.floor((s * audio.sampleRate) / blockSize);
    const to = Math.min(power.length, Math.floor(((s + 1) * audio.sampleRate) / blockSize));
    let sum = 0;
    for (let b = from; b < to; b++) sum += power[b];
    const samples = Math.max(1, Math.min(audio.left.length, to * blockSize) - from * blockSize);
    const db = -0.691 + 10 * Math.log10(Math.max(sum / samples, 1e-12));
    const v = (db - ENERGY_FLOOR_DB) / (ENERGY_CEIL_DB - ENERGY_FLOOR_DB);
    curve.push(Math.round(Math.min(1, Math.max(0, v)) * 1000) / 1000);
  }
  return curve;
}

/** Peak |sample| of both channels in WAVEFORM_POINTS equal slices, 0..1. */
export function waveformPeaks(audio: StereoAudio, points = WAVEFORM_POINTS): number[] {
  const n = audio.left.length;
  const out: number[] = [];
  for (let p = 0; p < points; p++) {
    const from = Math.floor((p * n) / points);
    const to = Math.max(from + 1, Math.floor(((p + 1) * n) / points));
    let peak = 0;
    for (let i = from; i < Math.min(n, to); i++) peak = Math.max(peak, Math.abs(audio.left[i]), Math.abs(audio.right[i]));
    out.push(Math.round(Math.min(1, peak) * 1000) / 1000);
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

export function analyseSong(m: MasteredAudio, c: Composition): SongAnalysis {
  const audio = m.audio;
  const durationSeconds = Math.round((audio.left.length / audio.sampleRate) * 1000) / 1000;
  const energy = energyCurve(audio);
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
    silenceRanges: detectSilence(audio),
    waveformPeaks: waveformPeaks(audio),
  };
}
