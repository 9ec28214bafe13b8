/**
 * Tonal balance and stereo width of a mix, as `npm run bench:quality` and the quality tests
 * measure them (independent of the generator; FFTs from fft.js via ./spectrum.ts).
 *
 * Spectrum slope: the long-term spectrum summed into octave bands centred 125 Hz .. 16 kHz; the
 * least-squares slope of band level (dB) against octave, given as dB lost per octave (a pink-noise
 * balance reads 0, commercial mixes about 1.5-3). L/R correlation: Pearson correlation of the two
 * channels over the whole song (1 = mono).
 */
import { spectrogram, mixToMono, type PcmSignal } from './spectrum.js';

const FRAME = 4096;
const HOP = 8192;
const OCTAVE_CENTRES_HZ = [125, 250, 500, 1000, 2000, 4000, 8000, 16000];
const HIGH_SHARE_FROM_HZ = 6000;

export interface TonalBalance {
  /** dB per octave the octave-band levels fall, 125 Hz .. 16 kHz (positive = darker than pink). */
  slopeDbPerOctave: number;
  /** Share of the energy above 6 kHz, 0..1. */
  highShare: number;
}

export function tonalBalance(signal: PcmSignal): TonalBalance {
  const spec = spectrogram(mixToMono(signal), signal.sampleRate, FRAME, HOP);
  const bins = FRAME / 2 + 1;
  const power = new Float64Array(bins);
  for (const frame of spec.frames) for (let k = 0; k < bins; k++) power[k] += frame[k] * frame[k];
  let total = 0;
  let high = 0;
  for (let k = 1; k < bins; k++) {
    total += power[k];
    if (k * spec.binWidth >= HIGH_SHARE_FROM_HZ) high += power[k];
  }
  const levels = OCTAVE_CENTRES_HZ.map((centre) => {
    let sum = 0;
    for (let k = Math.ceil(centre / Math.SQRT2 / spec.binWidth); k < bins && k * spec.binWidth < centre * Math.SQRT2; k++) sum += power[k];
    return 10 * Math.log10(sum + 1e-20);
  });
  const xs = OCTAVE_CENTRES_HZ.map((_, i) => i);
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = levels.reduce((a, b) => a + b, 0) / levels.length;
  let num = 0;
  let den = 0;
  xs.forEach((x, i) => {
    num += (x - mx) * (levels[i] - my);
    den += (x - mx) ** 2;
  });
  return { slopeDbPerOctave: -num / den, highShare: total > 0 ? high / total : 0 };
}

/** Pearson correlation of left and right (1 for mono or a one-channel signal). */
export function stereoCorrelation(signal: PcmSignal): number {
  const [left, right] = signal.channels;
  if (!right) return 1;
  let ll = 0;
  let rr = 0;
  let lr = 0;
  let sl = 0;
  let sr = 0;
  const n = Math.min(left.length, right.length);
  for (let i = 0; i < n; i++) {
    sl += left[i];
    sr += right[i];
    ll += left[i] * left[i];
    rr += right[i] * right[i];
    lr += left[i] * right[i];
  }
  const cov = lr - (sl * sr) / n;
  const den = Math.sqrt((ll - (sl * sl) / n) * (rr - (sr * sr) / n));
  return den > 0 ? cov / den : 1;
}
