/**
 * Subtractive voices: band-limited (PolyBLEP) saw/square/pulse oscillators, a TPT state-variable
 * low-pass with its own envelope, an amplitude ADSR and delayed vibrato. Used for the synths, and
 * with detuned ensembles and slow attacks for strings, brass and choir.
 */
import { adsrEnvelope, declick, NoiseSource, polyBlep, sineCycles, StateVariableFilter, type Adsr } from './dsp.js';
import type { Voice, VoiceParams } from './voice.js';

export interface OscillatorSpec {
  shape: 'saw' | 'square' | 'pulse' | 'sine';
  /** Detune in cents. */
  detune: number;
  /** Octave offset. */
  octave: number;
  level: number;
  /** Pulse width 0..1 (pulse only). */
  width?: number;
}

export interface SubtractiveSpec {
  oscillators: OscillatorSpec[];
  amp: Adsr;
  filter: {
    /** Cut-off as a multiple of the fundamental, before brightness scaling. */
    cutoffRatio: number;
    /** Added cut-off multiple at the envelope peak. */
    envRatio: number;
    resonance: number;
    env: Adsr;
  };
  vibrato?: { rate: number; cents: number; delay: number };
  /** 0..1 breath/air noise mixed before the filter. */
  noise?: number;
  /** Band-pass formants (Hz, gain) applied after the low-pass, e.g. a sung vowel. */
  formants?: Array<[number, number]>;
  /**
   * Air: noise above AIR_HZ added after the filters, following the amplitude envelope (a bow's
   * hiss, breath in a choir, the shimmer of an airy pad). It gives soft, warm parts presence in the
   * top octaves without opening their low-pass, which would make them harsh.
   */
  air?: number;
}

const AIR_HZ = 3500;

const FILTER_UPDATE_INTERVAL = 16;

export function subtractiveVoice(spec: SubtractiveSpec): Voice {
  return (p: VoiceParams) => renderSubtractive(spec, p);
}

function renderSubtractive(spec: SubtractiveSpec, p: VoiceParams): Float32Array {
  const sr = p.sampleRate;
  const amp = adsrEnvelope(spec.amp, p.hold, sr, p.allocate);
  const filterEnv = adsrEnvelope(spec.filter.env, p.hold, sr, p.allocate);
  const n = amp.length;
  const out = p.allocate(n);
  const filter = new StateVariableFilter(sr);
  const brightnessScale = 0.45 + 1.1 * p.brightness;
  const velScale = 0.6 + 0.4 * p.velocity;
  const baseCut = p.freq * spec.filter.cutoffRatio * brightnessScale;
  const envCut = p.freq * spec.filter.envRatio * brightnessScale * velScale;
  const pitchMod = vibratoCurve(spec.vibrato, n, sr, p.allocate);
  // One tight loop per oscillator (no per-sample dispatch on its shape), summed into `out`.
  spec.oscillators.forEach((o, k) => {
    // Free-running start phases spread the ensemble; derived from the seed so they are repeatable.
    addOscillator(out, o, (p.freq * Math.pow(2, o.octave + o.detune / 1200)) / sr, ((p.seed >>> (k * 3)) % 1000) / 1000, pitchMod);
  });
  if (spec.noise) {
    const noise = new NoiseSource(p.seed);
    for (let i = 0; i < n; i++) out[i] += noise.next() * spec.noise;
  }
  const resonance = spec.filter.resonance;
  for (let block = 0; block < n; block += FILTER_UPDATE_INTERVAL) {
    // The filter envelope may release sooner than the amplitude envelope; it then rests at 0.
    filter.set(baseCut + envCut * (block < filterEnv.length ? filterEnv[block] : 0), resonance);
    filter.lowpassBlock(out, block, Math.min(n, block + FILTER_UPDATE_INTERVAL), amp);
  }
  if (spec.formants) applyFormants(out, spec.formants, sr, p.allocate);
  if (spec.air) addAir(out, amp, spec.air * (0.4 + 0.8 * p.brightness) * velScale, p.seed, sr);
  declick(out, sr);
  return out;
}

/** out[i] += high-passed noise * envelope[i] * level (two cascaded high-passes: 12 dB/oct each). */
function addAir(out: Float32Array, envelope: Float32Array, level: number, seed: number, sampleRate: number): void {
  const noise = new NoiseSource(seed ^ 0x5bd1e995);
  const first = new StateVariableFilter(sampleRate);
  const second = new StateVariableFilter(sampleRate);
  first.set(AIR_HZ, 0.1);
  second.set(AIR_HZ, 0.1);
  for (let i = 0; i < out.length; i++) out[i] += second.highpass(first.highpass(noise.next())) * envelope[i] * level;
}

/** Samples per step of the vibrato curve: vibrato is slow (a few Hz), so steps are inaudible. */
const VIBRATO_STEP = 16;

/**
 * Frequency ratio per VIBRATO_STEP samples for delayed vibrato that fades in over 0.4 s; null
 * without vibrato.
 */
function vibratoCurve(vib: SubtractiveSpec['vibrato'], n: number, sr: number, allocate: (length: number) => Float32Array): Float32Array | null {
  if (!vib) return null;
  const steps = Math.ceil(n / VIBRATO_STEP);
  const out = allocate(steps).fill(1);
  const delay = Math.round(vib.delay * sr);
  const inc = vib.rate / sr;
  for (let s = 0; s < steps; s++) {
    const i = s * VIBRATO_STEP;
    if (i <= delay) continue;
    const depth = Math.min(1, (i - delay) / sr / 0.4) * vib.cents;
    out[s] = 1 + (sineCycles((i - delay - 1) * inc) * depth) / 1731; // cents -> ratio, first-order
  }
  return out;
}

/** Adds one oscillator to `out`; the phase increment is held for VIBRATO_STEP samples at a time. */
function addOscillator(out: Float32Array, o: OscillatorSpec, baseInc: number, startPhase: number, pitchMod: Float32Array | null): void {
  const n = out.length;
  const level = o.level;
  const width = o.shape === 'square' ? 0.5 : (o.width ?? 0.25);
  let ph = startPhase;
  for (let from = 0, step = 0; from < n; from += VIBRATO_STEP, step++) {
    const inc = pitchMod ? baseInc * pitchMod[step] : baseInc;
    const to = Math.min(n, from + VIBRATO_STEP);
    switch (o.shape) {
      case 'saw':
        ph = addSaw(out, from, to, ph, inc, level);
        break;
      case 'square':
      case 'pulse':
        ph = addPulse(out, from, to, ph, inc, level, width);
        break;
      case 'sine':
        ph = addSine(out, from, to, ph, inc, level);
        break;
    }
  }
}

function addSaw(out: Float32Array, from: number, to: number, phase: number, inc: number, level: number): number {
  let ph = phase;
  for (let i = from; i < to; i++) {
    out[i] += (2 * ph - 1 - polyBlep(ph, inc)) * level;
    ph += inc;
    if (ph >= 1) ph -= 1;
  }
  return ph;
}

function addPulse(out: Float32Array, from: number, to: number, phase: number, inc: number, level: number, width: number): number {
  let ph = phase;
  for (let i = from; i < to; i++) {
    let ph2 = ph + 1 - width;
    if (ph2 >= 1) ph2 -= 1;
    out[i] += ((ph < width ? 1 : -1) + polyBlep(ph, inc) - polyBlep(ph2, inc)) * level;
    ph += inc;
    if (ph >= 1) ph -= 1;
  }
  return ph;
}

function addSine(out: Float32Array, from: number, to: number, phase: number, inc: number, level: number): number {
  let ph = phase;
  for (let i = from; i < to; i++) {
    out[i] += sineCycles(ph) * level;
    ph += inc;
    if (ph >= 1) ph -= 1;
  }
  return ph;
}

function applyFormants(buf: Float32Array, formants: Array<[number, number]>, sampleRate: number, allocate: (length: number) => Float32Array): void {
  const sum = allocate(buf.length);
  for (const [hz, gain] of formants) {
    const f = new StateVariableFilter(sampleRate);
    f.set(hz, 0.82);
    f.addBandpass(buf, sum, gain);
  }
  buf.set(sum);
}

const saw = (detune: number, level: number, octave = 0): OscillatorSpec => ({ shape: 'saw', detune, octave, level });

export const synthLead = subtractiveVoice({
  oscillators: [saw(-7, 0.5), saw(7, 0.5), { shape: 'square', detune: 0, octave: -1, level: 0.25 }],
  amp: { attack: 0.005, decay: 0.25, sustain: 0.75, release: 0.15 },
  filter: { cutoffRatio: 4, envRatio: 10, resonance: 0.35, env: { attack: 0.005, decay: 0.35, sustain: 0.3, release: 0.15 } },
  vibrato: { rate: 5.5, cents: 12, delay: 0.25 },
});

export const synthBass = subtractiveVoice({
  oscillators: [saw(0, 0.6), { shape: 'square', detune: 0, octave: -1, level: 0.5 }],
  amp: { attack: 0.003, decay: 0.2, sustain: 0.8, release: 0.06 },
  filter: { cutoffRatio: 2.5, envRatio: 8, resonance: 0.5, env: { attack: 0.002, decay: 0.18, sustain: 0.15, release: 0.06 } },
});

export const supersaw = subtractiveVoice({
  oscillators: [saw(-24, 0.3), saw(-11, 0.35), saw(0, 0.4), saw(11, 0.35), saw(24, 0.3), saw(0, 0.2, -1)],
  amp: { attack: 0.01, decay: 0.3, sustain: 0.85, release: 0.25 },
  filter: { cutoffRatio: 10, envRatio: 10, resonance: 0.15, env: { attack: 0.01, decay: 0.5, sustain: 0.5, release: 0.25 } },
});

export const synthPad = subtractiveVoice({
  oscillators: [saw(-9, 0.4), saw(9, 0.4), { shape: 'pulse', detune: 0, octave: 0, level: 0.3, width: 0.35 }],
  amp: { attack: 0.6, decay: 0.8, sustain: 0.85, release: 1.2 },
  filter: { cutoffRatio: 4, envRatio: 3, resonance: 0.2, env: { attack: 1.2, decay: 1.5, sustain: 0.6, release: 1.2 } },
  vibrato: { rate: 0.35, cents: 6, delay: 0 },
  air: 0.35,
});

export const synthPluck = subtractiveVoice({
  oscillators: [saw(-4, 0.5), { shape: 'square', detune: 4, octave: 0, level: 0.35 }],
  amp: { attack: 0.002, decay: 0.35, sustain: 0, release: 0.12 },
  filter: { cutoffRatio: 1.5, envRatio: 16, resonance: 0.3, env: { attack: 0.001, decay: 0.16, sustain: 0, release: 0.1 } },
});

export const strings = subtractiveVoice({
  oscillators: [saw(-12, 0.35), saw(-4, 0.35), saw(5, 0.35), saw(13, 0.35)],
  amp: { attack: 0.35, decay: 0.4, sustain: 0.9, release: 0.6 },
  filter: { cutoffRatio: 5, envRatio: 3, resonance: 0.1, env: { attack: 0.4, decay: 0.8, sustain: 0.7, release: 0.6 } },
  vibrato: { rate: 5.2, cents: 9, delay: 0.35 },
  air: 0.15,
});

export const brass = subtractiveVoice({
  oscillators: [saw(-5, 0.55), saw(5, 0.55)],
  amp: { attack: 0.06, decay: 0.25, sustain: 0.8, release: 0.2 },
  filter: { cutoffRatio: 1.5, envRatio: 9, resonance: 0.15, env: { attack: 0.08, decay: 0.35, sustain: 0.45, release: 0.2 } },
  vibrato: { rate: 5, cents: 8, delay: 0.3 },
});

/** "Ah" vowel formants over a detuned saw ensemble. */
export const choir = subtractiveVoice({
  oscillators: [saw(-10, 0.4), saw(0, 0.4), saw(10, 0.4)],
  amp: { attack: 0.45, decay: 0.5, sustain: 0.9, release: 0.7 },
  filter: { cutoffRatio: 8, envRatio: 2, resonance: 0, env: { attack: 0.5, decay: 1, sustain: 0.8, release: 0.7 } },
  vibrato: { rate: 4.8, cents: 14, delay: 0.2 },
  noise: 0.04,
  formants: [
    [700, 1.2],
    [1220, 0.8],
    [2600, 0.35],
  ],
  air: 0.15,
});

/**
 * Clavinet: a struck string heard through a bridge pickup, i.e. a thin pulse with a resonant,
 * fast-closing filter: a bright snap that thins to a short, nasal sustain (funk's comping keyboard).
 */
export const clavinet = subtractiveVoice({
  oscillators: [{ shape: 'pulse', detune: 0, octave: 0, level: 0.55, width: 0.18 }, saw(2, 0.25)],
  amp: { attack: 0.002, decay: 0.3, sustain: 0.35, release: 0.04 },
  filter: { cutoffRatio: 4, envRatio: 14, resonance: 0.45, env: { attack: 0.001, decay: 0.09, sustain: 0.25, release: 0.04 } },
});

/** Reedy pulse with breath noise and a nasal formant. */
export const saxophone = subtractiveVoice({
  oscillators: [{ shape: 'pulse', detune: 0, octave: 0, level: 0.6, width: 0.42 }, saw(3, 0.3)],
  amp: { attack: 0.04, decay: 0.2, sustain: 0.85, release: 0.12 },
  filter: { cutoffRatio: 3, envRatio: 6, resonance: 0.25, env: { attack: 0.05, decay: 0.25, sustain: 0.6, release: 0.12 } },
  vibrato: { rate: 5.3, cents: 18, delay: 0.3 },
  noise: 0.12,
  formants: [
    [550, 1],
    [1500, 0.9],
    [2900, 0.4],
  ],
});

/** Nearly sinusoidal tone with a breathy attack. */
export const flute = subtractiveVoice({
  oscillators: [
    { shape: 'sine', detune: 0, octave: 0, level: 0.8 },
    { shape: 'sine', detune: 2, octave: 1, level: 0.12 },
    { shape: 'saw', detune: 0, octave: 0, level: 0.08 },
  ],
  amp: { attack: 0.07, decay: 0.2, sustain: 0.9, release: 0.15 },
  filter: { cutoffRatio: 3, envRatio: 2, resonance: 0, env: { attack: 0.05, decay: 0.2, sustain: 0.8, release: 0.15 } },
  vibrato: { rate: 4.8, cents: 10, delay: 0.25 },
  noise: 0.1,
});
