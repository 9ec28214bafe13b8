/**
 * Loudness per ITU-R BS.1770-4 / EBU R 128 and true peak, implemented independently of the
 * engine's mastering code: K-weighting (shelf + RLB high-pass biquads designed for any sample
 * rate), 400 ms blocks with 75 % overlap, absolute (-70 LUFS) and relative (-10 LU) gating;
 * true peak by 4x polyphase windowed-sinc oversampling.
 */

interface Biquad {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

/**
 * The two K-weighting stages for a sample rate. Analogue prototypes as derived by
 * Mansbridge/libebur128 from the 48 kHz coefficients in BS.1770; at 48 kHz they reproduce them.
 */
function kWeightingFilters(sampleRate: number): [Biquad, Biquad] {
  const shelfF0 = 1681.974450955533;
  const shelfGain = 3.999843853973347;
  const shelfQ = 0.7071752369554196;
  let k = Math.tan((Math.PI * shelfF0) / sampleRate);
  const vh = 10 ** (shelfGain / 20);
  const vb = vh ** 0.4996667741545416;
  let a0 = 1 + k / shelfQ + k * k;
  const shelf: Biquad = {
    b0: (vh + (vb * k) / shelfQ + k * k) / a0,
    b1: (2 * (k * k - vh)) / a0,
    b2: (vh - (vb * k) / shelfQ + k * k) / a0,
    a1: (2 * (k * k - 1)) / a0,
    a2: (1 - k / shelfQ + k * k) / a0,
  };
  const highPassF0 = 38.13547087602444;
  const highPassQ = 0.5003270373238773;
  k = Math.tan((Math.PI * highPassF0) / sampleRate);
  a0 = 1 + k / highPassQ + k * k;
  const highPass: Biquad = { b0: 1, b1: -2, b2: 1, a1: (2 * (k * k - 1)) / a0, a2: (1 - k / highPassQ + k * k) / a0 };
  return [shelf, highPass];
}

function filter(input: Float32Array, f: Biquad): Float64Array {
  const out = new Float64Array(input.length);
  let x1 = 0;
  let x2 = 0;
  let y1 = 0;
  let y2 = 0;
  for (let i = 0; i < input.length; i++) {
    const x = input[i];
    const y = f.b0 * x + f.b1 * x1 + f.b2 * x2 - f.a1 * y1 - f.a2 * y2;
    x2 = x1;
    x1 = x;
    y2 = y1;
    y1 = y;
    out[i] = y;
  }
  return out;
}

function kWeighted(channel: Float32Array, sampleRate: number): Float64Array {
  const [shelf, highPass] = kWeightingFilters(sampleRate);
  return filter(new Float32Array(filter(channel, shelf)), highPass);
}

function blockLoudness(meanSquareSum: number): number {
  return -0.691 + 10 * Math.log10(meanSquareSum);
}

/** K-weighted sum of squares (all channels) per 100 ms step: 400 ms blocks are 4 steps, 3 s windows 30. */
function stepEnergies(channels: Float32Array[], sampleRate: number): { stepEnergy: Float64Array; step: number } {
  const weighted = channels.map((channel) => kWeighted(channel, sampleRate));
  const length = Math.min(...weighted.map((c) => c.length));
  const step = Math.round(sampleRate * 0.1);
  const steps = Math.floor(length / step);
  const stepEnergy = new Float64Array(steps);
  for (const channel of weighted) {
    for (let s = 0; s < steps; s++) {
      let sum = 0;
      for (let i = s * step; i < (s + 1) * step; i++) sum += channel[i] * channel[i];
      stepEnergy[s] += sum;
    }
  }
  return { stepEnergy, step };
}

/** Mean squares of windows `stepsPerWindow` steps long, every step. */
function windowMeanSquares({ stepEnergy, step }: { stepEnergy: Float64Array; step: number }, stepsPerWindow: number): number[] {
  const windows: number[] = [];
  for (let s = 0; s + stepsPerWindow <= stepEnergy.length; s++) {
    let sum = 0;
    for (let k = 0; k < stepsPerWindow; k++) sum += stepEnergy[s + k];
    windows.push(sum / (stepsPerWindow * step));
  }
  return windows;
}

/** Integrated loudness in LUFS of 1..2 (L, R) channels; -Infinity for silence or < 400 ms. */
export function integratedLoudness(channels: Float32Array[], sampleRate: number): number {
  const blocks = windowMeanSquares(stepEnergies(channels, sampleRate), 4);
  const aboveAbsolute = blocks.filter((z) => z > 0 && blockLoudness(z) > -70);
  if (aboveAbsolute.length === 0) return -Infinity;
  const relativeGate = blockLoudness(aboveAbsolute.reduce((s, z) => s + z, 0) / aboveAbsolute.length) - 10;
  const gated = aboveAbsolute.filter((z) => blockLoudness(z) > relativeGate);
  return blockLoudness(gated.reduce((s, z) => s + z, 0) / gated.length);
}

/**
 * Loudness range (LRA) in LU per EBU Tech 3342: short-term loudness (3 s windows every 100 ms),
 * gated at -70 LUFS and 20 LU below the gated windows' mean power; the spread between their 10th
 * and 95th percentiles. 0 for audio shorter than one window.
 */
export function loudnessRange(channels: Float32Array[], sampleRate: number): number {
  const windows = windowMeanSquares(stepEnergies(channels, sampleRate), 30);
  const aboveAbsolute = windows.filter((z) => z > 0 && blockLoudness(z) > -70);
  if (aboveAbsolute.length === 0) return 0;
  const relativeGate = blockLoudness(aboveAbsolute.reduce((s, z) => s + z, 0) / aboveAbsolute.length) - 20;
  const levels = aboveAbsolute.map(blockLoudness).filter((l) => l > relativeGate).sort((a, b) => a - b);
  const percentile = (p: number): number => levels[Math.min(levels.length - 1, Math.round(p * (levels.length - 1)))];
  return percentile(0.95) - percentile(0.1);
}

const OVERSAMPLING = 4;
const TAPS_PER_PHASE = 16;

/** Polyphase interpolation filter: a Hann-windowed sinc cut at the original Nyquist frequency. */
function interpolationPhases(): Float64Array[] {
  const length = OVERSAMPLING * TAPS_PER_PHASE;
  const centre = (length - 1) / 2;
  const taps = new Float64Array(length);
  for (let n = 0; n < length; n++) {
    const x = (n - centre) / OVERSAMPLING;
    const sinc = x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x);
    const window = 0.5 - 0.5 * Math.cos((2 * Math.PI * (n + 0.5)) / length);
    taps[n] = sinc * window;
  }
  return Array.from({ length: OVERSAMPLING }, (_, phase) => {
    const coefficients = new Float64Array(TAPS_PER_PHASE);
    for (let t = 0; t < TAPS_PER_PHASE; t++) coefficients[t] = taps[t * OVERSAMPLING + phase];
    return coefficients;
  });
}

/**
 * True peak in dBTP: the largest absolute value of the 4x oversampled signal (and the samples).
 * An interpolated value is at most sum(|taps|) times the largest sample under the filter, so
 * stretches whose samples are all below peak / sum(|taps|) cannot raise the peak and are skipped:
 * exact, and much faster on music where only a few percent of samples come near the peak.
 */
export function truePeak(channels: Float32Array[]): number {
  const phases = interpolationPhases();
  const gainBound = Math.max(...phases.map((taps) => taps.reduce((sum, tap) => sum + Math.abs(tap), 0)));
  const half = TAPS_PER_PHASE / 2;
  let peak = 0;
  for (const channel of channels) for (const sample of channel) peak = Math.max(peak, Math.abs(sample));
  for (const channel of channels) {
    // Largest |sample| per block of `half` samples: a filter window spans at most three blocks.
    const blocks = Math.ceil(channel.length / half);
    const blockMax = new Float32Array(blocks);
    for (let i = 0; i < channel.length; i++) {
      const b = Math.floor(i / half);
      blockMax[b] = Math.max(blockMax[b], Math.abs(channel[i]));
    }
    for (let i = 0; i < channel.length; i++) {
      const b = Math.floor(i / half);
      const windowMax = Math.max(blockMax[b - 1] ?? 0, blockMax[b], blockMax[b + 1] ?? 0, blockMax[b + 2] ?? 0);
      if (windowMax * gainBound <= peak) continue;
      for (const coefficients of phases) {
        let sum = 0;
        for (let t = 0; t < TAPS_PER_PHASE; t++) {
          const index = i - t + half;
          if (index >= 0 && index < channel.length) sum += channel[index] * coefficients[t];
        }
        const value = Math.abs(sum);
        if (value > peak) peak = value;
      }
    }
  }
  return peak > 0 ? 20 * Math.log10(peak) : -Infinity;
}
