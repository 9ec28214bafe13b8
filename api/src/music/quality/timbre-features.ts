/**
 * A song's timbre and texture as one vector, from frame features computed by Meyda (a widely used
 * audio feature library, MIT; none of our own analysis code): the genre-separability and prompt
 * figures of `npm run bench:quality` compare songs in this space.
 *
 * Per 2048-sample frame (every 4096 samples, mono): RMS, spectral centroid, spread, roll-off,
 * flatness, zero-crossing rate and 13 MFCCs. Per song: the mean of each, the standard deviation
 * of the level (RMS in dB), centroid, flatness and MFCC 1-4 (how much the texture moves), and
 * the energy in four bands (below 150 Hz, 150-800 Hz, 0.8-4 kHz, above 4 kHz) as shares of the total.
 */
import MeydaPackage from 'meyda';
import { mixToMono, type PcmSignal } from './spectrum.js';

/**
 * The package's types are written for its ES build, where this object is the default export; Node
 * loads its CommonJS build, whose module.exports is the object itself.
 */
const Meyda = MeydaPackage as unknown as (typeof MeydaPackage)['default'];

const FRAME = 2048;
const HOP = 4096;
const MFCC_COUNT = 13;
const BAND_EDGES_HZ = [150, 800, 4000];

export const TIMBRE_FEATURE_NAMES = [
  'rms dB', 'centroid', 'spread', 'rolloff', 'flatness', 'zcr',
  ...Array.from({ length: MFCC_COUNT }, (_, i) => `mfcc${i}`),
  'sd rms dB', 'sd centroid', 'sd flatness', 'sd mfcc1', 'sd mfcc2', 'sd mfcc3', 'sd mfcc4',
  'band <150', 'band 150-800', 'band 0.8-4k', 'band >4k',
];

const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
const deviation = (xs: number[]): number => {
  const m = mean(xs);
  return Math.sqrt(mean(xs.map((x) => (x - m) * (x - m))));
};

export function timbreFeatures(signal: PcmSignal): number[] {
  const mono = mixToMono(signal);
  Meyda.bufferSize = FRAME;
  Meyda.sampleRate = signal.sampleRate;
  Meyda.numberOfMFCCCoefficients = MFCC_COUNT;
  const columns: number[][] = Array.from({ length: 6 + MFCC_COUNT }, () => []);
  const bands = [0, 0, 0, 0];
  const binHz = signal.sampleRate / FRAME;
  for (let start = 0; start + FRAME <= mono.length; start += HOP) {
    const f = Meyda.extract(['rms', 'spectralCentroid', 'spectralSpread', 'spectralRolloff', 'spectralFlatness', 'zcr', 'mfcc', 'powerSpectrum'], mono.subarray(start, start + FRAME));
    if (!f || !f.rms || f.rms < 1e-5) continue; // silence says nothing about timbre
    const row = [20 * Math.log10(f.rms), f.spectralCentroid ?? 0, f.spectralSpread ?? 0, f.spectralRolloff ?? 0, f.spectralFlatness ?? 0, f.zcr ?? 0, ...(f.mfcc ?? [])];
    row.forEach((value, i) => columns[i].push(Number.isFinite(value) ? value : 0));
    const power = f.powerSpectrum as Float32Array;
    for (let k = 1; k < power.length; k++) {
      const hz = k * binHz;
      bands[hz < BAND_EDGES_HZ[0] ? 0 : hz < BAND_EDGES_HZ[1] ? 1 : hz < BAND_EDGES_HZ[2] ? 2 : 3] += power[k];
    }
  }
  const total = bands.reduce((a, b) => a + b, 0) || 1;
  return [
    ...columns.map(mean),
    deviation(columns[0]), deviation(columns[1]), deviation(columns[4]),
    ...[7, 8, 9, 10].map((i) => deviation(columns[i])),
    ...bands.map((b) => b / total),
  ];
}

/** Scales every feature to zero mean and unit deviation over the given songs (so no unit dominates). */
export function standardise(vectors: number[][]): { vectors: number[][]; scale: (v: number[]) => number[] } {
  const dims = vectors[0].length;
  const means = Array.from({ length: dims }, (_, d) => mean(vectors.map((v) => v[d])));
  const deviations = Array.from({ length: dims }, (_, d) => deviation(vectors.map((v) => v[d])) || 1);
  const scale = (v: number[]): number[] => v.map((x, d) => (x - means[d]) / deviations[d]);
  return { vectors: vectors.map(scale), scale };
}

export function distance(a: number[], b: number[]): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i] - b[i]) ** 2;
  return Math.sqrt(sum);
}

/**
 * Leave-one-out nearest-centroid classification: each song is assigned the label whose centroid
 * (of the other songs) is nearest. Returns the label assigned to each song.
 */
export function leaveOneOutPredictions(vectors: number[][], labels: string[]): string[] {
  return vectors.map((vector, held) => {
    let best = '';
    let bestDistance = Infinity;
    for (const label of new Set(labels)) {
      const members = vectors.filter((_, i) => i !== held && labels[i] === label);
      if (members.length === 0) continue;
      const centroid = members[0].map((_, d) => mean(members.map((m) => m[d])));
      const d = distance(vector, centroid);
      if (d < bestDistance) {
        bestDistance = d;
        best = label;
      }
    }
    return best;
  });
}

/** The share of songs leave-one-out nearest-centroid classification labels correctly. */
export function leaveOneOutAccuracy(vectors: number[][], labels: string[]): number {
  const predicted = leaveOneOutPredictions(vectors, labels);
  return predicted.filter((label, i) => label === labels[i]).length / labels.length;
}
