/** Small DSP building blocks shared by the instrument voices and drum kits. All deterministic. */

export const SAMPLE_RATE = 44100;
export const TWO_PI = Math.PI * 2;

export function midiToHz(pitch: number): number {
  return 440 * Math.pow(2, (pitch - 69) / 12);
}

export function dbToGain(db: number): number {
  return Math.pow(10, db / 20);
}

export function gainToDb(gain: number): number {
  return 20 * Math.log10(Math.max(gain, 1e-12));
}

const SINE_TABLE_SIZE = 4096;
/** One cycle of sine plus a guard point, for linear interpolation. */
const SINE_TABLE = Float32Array.from({ length: SINE_TABLE_SIZE + 1 }, (_, i) => Math.sin((TWO_PI * i) / SINE_TABLE_SIZE));

/**
 * sin(2 pi * cycles) from a table with linear interpolation (error < 3e-7, about -130 dB):
 * several times cheaper than Math.sin in per-sample oscillator loops.
 */
export function sineCycles(cycles: number): number {
  const pos = (cycles - Math.floor(cycles)) * SINE_TABLE_SIZE;
  const i = pos | 0;
  const f = pos - i;
  return SINE_TABLE[i] + (SINE_TABLE[i + 1] - SINE_TABLE[i]) * f;
}

/** 32-bit hash of a string (FNV-1a); seeds per-note noise so a note always sounds the same. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** White noise in -1..1 from a xorshift32 generator (fast enough for per-sample use). */
/** The generator state a seed starts from (never 0, which xorshift cannot leave). */
export function noiseState(seed: number): number {
  return seed >>> 0 || 0x9e3779b9;
}

export class NoiseSource {
  private state: number;
  constructor(seed: number) {
    this.state = noiseState(seed);
  }
  next(): number {
    let x = this.state;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.state = x >>> 0;
    return this.state / 2147483648 - 1;
  }
}

/** PolyBLEP residual that removes most aliasing from a naive saw/square discontinuity. */
export function polyBlep(phase: number, inc: number): number {
  if (phase < inc) {
    const t = phase / inc;
    return t + t - t * t - 1;
  }
  if (phase > 1 - inc) {
    const t = (phase - 1) / inc;
    return t * t + t + t + 1;
  }
  return 0;
}

export interface Adsr {
  attack: number;
  decay: number;
  sustain: number;
  release: number;
}

/**
 * ADSR envelope for a note held `holdSeconds`, returned as a buffer that also covers the release.
 * Attack is linear; decay and release are exponential-looking (squared) curves.
 */
export function adsrEnvelope(env: Adsr, holdSeconds: number, sampleRate: number, allocate: (length: number) => Float32Array): Float32Array {
  const hold = Math.max(1, Math.round(holdSeconds * sampleRate));
  const rel = Math.max(1, Math.round(env.release * sampleRate));
  const out = allocate(hold + rel);
  const att = Math.max(1, Math.round(env.attack * sampleRate));
  const dec = Math.max(1, Math.round(env.decay * sampleRate));
  let level = 0;
  for (let i = 0; i < hold; i++) {
    if (i < att) level = i / att;
    else if (i < att + dec) {
      const t = 1 - (i - att) / dec;
      level = env.sustain + (1 - env.sustain) * t * t;
    } else level = env.sustain;
    out[i] = level;
  }
  const from = level;
  for (let i = 0; i < rel; i++) {
    const t = 1 - i / rel;
    out[hold + i] = from * t * t;
  }
  return out;
}

/** Percussive envelope: instant attack, exponential decay to -60 dB over `decaySeconds`. */
export function expDecayCoefficient(decaySeconds: number, sampleRate: number): number {
  return Math.exp(Math.log(0.001) / Math.max(1, decaySeconds * sampleRate));
}

export interface SvfCoefficients {
  g: number;
  k: number;
  a1: number;
  a2: number;
  a3: number;
}

/** Coefficients of the state-variable filter below (also used by kernels that inline it). */
export function svfCoefficients(cutoffHz: number, resonance: number, sampleRate: number): SvfCoefficients {
  const fc = Math.min(Math.max(cutoffHz, 20), sampleRate * 0.45);
  const g = Math.tan((Math.PI * fc) / sampleRate);
  const k = 2 - 2 * Math.min(Math.max(resonance, 0), 0.98);
  const a1 = 1 / (1 + g * (g + k));
  const a2 = g * a1;
  return { g, k, a1, a2, a3: g * a2 };
}

/**
 * Topology-preserving-transform state-variable filter (Zavalishin). Stable under fast cut-off
 * modulation, which the filter envelopes rely on.
 */
export class StateVariableFilter {
  private ic1 = 0;
  private ic2 = 0;
  private g = 0;
  private k = 1;
  private a1 = 0;
  private a2 = 0;
  private a3 = 0;
  constructor(private readonly sampleRate: number) {}

  set(cutoffHz: number, resonance: number): void {
    ({ g: this.g, k: this.k, a1: this.a1, a2: this.a2, a3: this.a3 } = svfCoefficients(cutoffHz, resonance, this.sampleRate));
  }

  /** Low-pass output of the most recent tick. */
  private low = 0;
  /** Band-pass output of the most recent tick. */
  private band = 0;

  private tick(x: number): void {
    const v3 = x - this.ic2;
    const v1 = this.a1 * this.ic1 + this.a2 * v3;
    const v2 = this.ic2 + this.a2 * this.ic1 + this.a3 * v3;
    this.ic1 = 2 * v1 - this.ic1;
    this.ic2 = 2 * v2 - this.ic2;
    this.band = v1;
    this.low = v2;
  }

  lowpass(x: number): number {
    this.tick(x);
    return this.low;
  }

  bandpass(x: number): number {
    this.tick(x);
    return this.band;
  }

  highpass(x: number): number {
    this.tick(x);
    return x - this.k * this.band - this.low;
  }

  /**
   * Block forms of the hot paths, with the state in locals (per-sample method calls keep it in
   * the object, which costs about half the time of a voice).
   * lowpassBlock: buf[i] = lowpass(buf[i]) * gain[i] for i in [from, to).
   */
  lowpassBlock(buf: Float32Array, from: number, to: number, gain: Float32Array): void {
    const { a1, a2, a3 } = this;
    let ic1 = this.ic1;
    let ic2 = this.ic2;
    let v1 = this.band;
    let v2 = this.low;
    for (let i = from; i < to; i++) {
      const v3 = buf[i] - ic2;
      v1 = a1 * ic1 + a2 * v3;
      v2 = ic2 + a2 * ic1 + a3 * v3;
      ic1 = 2 * v1 - ic1;
      ic2 = 2 * v2 - ic2;
      buf[i] = v2 * gain[i];
    }
    this.ic1 = ic1;
    this.ic2 = ic2;
    this.band = v1;
    this.low = v2;
  }

  /** out[i] += bandpass(input[i]) * gain for every i of input. */
  addBandpass(input: Float32Array, out: Float32Array, gain: number): void {
    const { a1, a2, a3 } = this;
    let ic1 = this.ic1;
    let ic2 = this.ic2;
    let v1 = this.band;
    let v2 = this.low;
    for (let i = 0; i < input.length; i++) {
      const v3 = input[i] - ic2;
      v1 = a1 * ic1 + a2 * v3;
      v2 = ic2 + a2 * ic1 + a3 * v3;
      ic1 = 2 * v1 - ic1;
      ic2 = 2 * v2 - ic2;
      out[i] += v1 * gain;
    }
    this.ic1 = ic1;
    this.ic2 = ic2;
    this.band = v1;
    this.low = v2;
  }
}

/** One-pole low-pass, used for damping and tone shaping. */
export class OnePoleLowpass {
  private z = 0;
  private a: number;
  constructor(cutoffHz: number, sampleRate: number) {
    this.a = Math.exp((-TWO_PI * cutoffHz) / sampleRate);
  }
  process(x: number): number {
    this.z = x * (1 - this.a) + this.z * this.a;
    return this.z;
  }
}

/** Applies the same filter to a whole buffer in place. */
export function lowpassInPlace(buf: Float32Array, cutoffHz: number, resonance: number, sampleRate: number): void {
  const f = new StateVariableFilter(sampleRate);
  f.set(cutoffHz, resonance);
  for (let i = 0; i < buf.length; i++) buf[i] = f.lowpass(buf[i]);
}

export function highpassInPlace(buf: Float32Array, cutoffHz: number, sampleRate: number): void {
  const f = new StateVariableFilter(sampleRate);
  f.set(cutoffHz, 0);
  for (let i = 0; i < buf.length; i++) buf[i] = f.highpass(buf[i]);
}

/** Soft clipper with unity small-signal gain. */
export function softClip(x: number): number {
  if (x > 3) return 1;
  if (x < -3) return -1;
  const x2 = x * x;
  return (x * (27 + x2)) / (27 + 9 * x2);
}

/** Short linear fades at both ends so a voice never starts or stops with a click. */
export function declick(buf: Float32Array, sampleRate: number, fadeInSeconds = 0.002, fadeOutSeconds = 0.005): void {
  const fin = Math.min(buf.length, Math.round(fadeInSeconds * sampleRate));
  for (let i = 0; i < fin; i++) buf[i] *= i / fin;
  const fout = Math.min(buf.length, Math.round(fadeOutSeconds * sampleRate));
  for (let i = 0; i < fout; i++) buf[buf.length - 1 - i] *= i / fout;
}
