/**
 * Onset strength and rhythmic density from spectral flux: how much new energy appears in each
 * short frame, summed over frequency on a log-magnitude scale.
 */
import { spectrogram } from './spectrum.js';

/** Onset frames per second: 5 ms hops resolve tempo to a fraction of a BPM. */
export const ONSET_FRAME_RATE = 200;
const FRAME_SIZE = 1024;
/** How many frames back the flux reference lies (10 ms). */
const LAG_FRAMES = 2;

/**
 * Where the flux compares each frame: `lagFrames` back, taking the maximum over `windowFrames`
 * frames ending there. The default (one frame, 10 ms back) is SuperFlux as used for tempo.
 */
export interface FluxReference {
  lagFrames: number;
  windowFrames: number;
}

const SUPERFLUX_REFERENCE: FluxReference = { lagFrames: LAG_FRAMES, windowFrames: 1 };

/**
 * Reference for measuring attacks (density): the maximum over the previous 30 ms. Only energy
 * louder than anything heard in the last 30 ms counts, so a new note or hit does, while periodic
 * fluctuation of sustained tones does not: the beating of detuned oscillators (chorus, tremolo)
 * and the frame-to-frame ripple of low notes whose period approaches the 23 ms frame both keep
 * returning to levels just heard. Against the 10 ms SuperFlux reference a sustained detuned pad
 * reads as 8-9 onsets per second, and one steady 55 Hz sawtooth as twice the mean flux of a
 * 16th-note drum loop (see analyser.test.ts).
 */
export const ATTACK_REFERENCE: FluxReference = { lagFrames: 1, windowFrames: 6 };

export interface OnsetEnvelope {
  /** Half-wave rectified spectral flux with its local mean removed, one value per frame. */
  strength: Float32Array;
  /** Raw spectral flux per frame (before local-mean removal). */
  flux: Float32Array;
  frameRate: number;
  /** Seconds from a frame's start to the instant it represents (half the analysis window). */
  frameTime: number;
}

/**
 * Frequency bands for the flux (Hz) and their weights. Each band contributes its mean rise per
 * bin, so a kick (few low bins) counts as much as a hi-hat (hundreds of high bins); low bands
 * weigh more because kick and snare, not hats, carry the beat.
 */
/**
 * Log compression log1p(COMPRESSION * amplitude): roughly linear below -60 dBFS (so faint noise
 * tails do not flicker into onsets) and logarithmic above (soft and loud attacks comparable).
 */
const COMPRESSION = 1000;

const BANDS: ReadonlyArray<readonly [number, number, number]> = [
  [30, 150, 1],
  [150, 600, 1],
  [600, 2500, 0.6],
  [2500, 11000, 0.4],
];

/**
 * Spectral flux of a mono signal. Log compression (log1p of scaled magnitude) makes soft and loud
 * onsets comparable; subtracting a ~0.3 s moving average removes slow swells so only attacks remain.
 */
export function onsetEnvelope(mono: Float32Array, sampleRate: number, reference: FluxReference = SUPERFLUX_REFERENCE): OnsetEnvelope {
  const hop = sampleRate / ONSET_FRAME_RATE;
  // Integer hops drift against the nominal rate; report the exact rate the frames were taken at.
  const hopSize = Math.round(hop);
  const spec = spectrogram(mono, sampleRate, FRAME_SIZE, hopSize);
  const frames = spec.frames.length;
  const bandFlux = BANDS.map(() => new Float32Array(frames));
  const bandBins = BANDS.map(([low, high]) => [Math.max(1, Math.round(low / spec.binWidth)), Math.min(FRAME_SIZE / 2, Math.round(high / spec.binWidth))]);
  // Hann-windowed FFT magnitude of a full-scale sine is frameSize / 4: scale to amplitude units.
  const magnitudeScale = 4 / FRAME_SIZE;
  const scale = COMPRESSION * magnitudeScale;
  const logFrames = spec.frames.map((frame) => {
    for (let k = 0; k < frame.length; k++) frame[k] = Math.log1p(scale * frame[k]);
    return frame;
  });
  // SuperFlux (Böck & Widmer 2013): compare with the maximum of the neighbouring bins a few
  // frames back (over the reference window), so noise flutter and vibrato do not count as new energy.
  const { lagFrames, windowFrames } = reference;
  for (let t = lagFrames + windowFrames - 1; t < frames; t++) {
    const current = logFrames[t];
    const previous = maxFilter(logFrames[t - lagFrames]);
    for (let back = 1; back < windowFrames; back++) {
      const older = maxFilter(logFrames[t - lagFrames - back]);
      for (let k = 0; k < older.length; k++) if (older[k] > previous[k]) previous[k] = older[k];
    }
    for (const [b, [from, to]] of bandBins.entries()) {
      let sum = 0;
      for (let k = from; k < to; k++) {
        const rise = current[k] - previous[k];
        if (rise > 0) sum += rise;
      }
      // Mean rise per bin: a band's weight must not depend on how many bins it spans.
      bandFlux[b][t] = sum / (to - from);
    }
  }
  const flux = weightedSum(bandFlux, BANDS.map(([, , weight]) => weight));
  const frameRate = spec.frameRate;
  return { strength: attacks(flux, frameRate), flux, frameRate, frameTime: FRAME_SIZE / 2 / sampleRate };
}

/** Each bin replaced by the maximum of itself and its two neighbours. */
function maxFilter(frame: Float32Array): Float32Array {
  const out = new Float32Array(frame.length);
  for (let k = 0; k < frame.length; k++) out[k] = Math.max(frame[k - 1] ?? 0, frame[k], frame[k + 1] ?? 0);
  return out;
}

/** Weighted sum of the per-band fluxes. */
function weightedSum(bandFlux: Float32Array[], weights: number[]): Float32Array {
  const out = new Float32Array(bandFlux[0]?.length ?? 0);
  for (const [b, values] of bandFlux.entries()) {
    if (weights[b] === 0) continue;
    for (let t = 0; t < values.length; t++) out[t] += values[t] * weights[b];
  }
  return out;
}

/** Flux minus its centred ~0.3 s moving average, half-wave rectified: attacks only, no swells. */
function attacks(flux: Float32Array, frameRate: number): Float32Array {
  const frames = flux.length;
  const strength = new Float32Array(frames);
  const half = Math.round(frameRate * 0.15);
  let windowSum = 0;
  let windowCount = 0;
  for (let t = -half; t < frames; t++) {
    const entering = t + half;
    if (entering < frames) {
      windowSum += flux[entering];
      windowCount += 1;
    }
    const leaving = t - half - 1;
    if (leaving >= 0) {
      windowSum -= flux[leaving];
      windowCount -= 1;
    }
    if (t >= 0) strength[t] = Math.max(0, flux[t] - windowSum / windowCount);
  }
  return strength;
}

/** Smallest spectral flux (mean log rise per bin) that counts as an onset: a soft hi-hat clears it, noise flutter does not. */
const ONSET_THRESHOLD = 0.2;
/** Onsets closer than this (seconds) merge: one drum hit can rise over several frames. */
const MIN_ONSET_SPACING = 0.05;

/**
 * Onsets per second: local maxima of the flux (largest within +-50 ms) above ONSET_THRESHOLD.
 * The threshold is absolute, so compare signals at equal level (see measureDensity).
 */
export function onsetRate(envelope: OnsetEnvelope): number {
  const { flux, frameRate } = envelope;
  if (flux.length === 0) return 0;
  const reach = Math.max(1, Math.round(frameRate * MIN_ONSET_SPACING));
  let onsets = 0;
  for (let t = 0; t < flux.length; t++) {
    if (flux[t] <= ONSET_THRESHOLD) continue;
    let isPeak = true;
    for (let u = Math.max(0, t - reach); u <= Math.min(flux.length - 1, t + reach) && isPeak; u++) {
      if (flux[u] > flux[t] || (flux[u] === flux[t] && u < t)) isPeak = false;
    }
    if (isPeak) onsets += 1;
  }
  return onsets / (flux.length / frameRate);
}

/** Mean spectral flux per frame: how much the spectrum changes on average (rhythmic and timbral activity). */
export function meanFlux(envelope: OnsetEnvelope): number {
  let sum = 0;
  for (const value of envelope.flux) sum += value;
  return envelope.flux.length === 0 ? 0 : sum / envelope.flux.length;
}
