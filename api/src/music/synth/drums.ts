/**
 * Synthesised drum kits. Each (kit, voice) is rendered once per process at full velocity and
 * reused for every hit; the mixer scales by velocity.
 */
import type { DrumKitId, DrumVoice } from '../types.js';
import { declick, expDecayCoefficient, NoiseSource, softClip, StateVariableFilter, TWO_PI } from './dsp.js';

/** Tuned sine with an exponential pitch drop: kicks and toms. */
function pitchedDrum(sr: number, seconds: number, startHz: number, endHz: number, sweep: number, decay: number, click: number, drive: number, seed: number): Float32Array {
  const n = Math.round(seconds * sr);
  const out = new Float32Array(n);
  const ampCoef = expDecayCoefficient(decay, sr);
  const sweepCoef = Math.exp(-1 / (sweep * sr));
  const noise = new NoiseSource(seed);
  const clickFilter = new StateVariableFilter(sr);
  clickFilter.set(3000, 0.2);
  let phase = 0;
  let amp = 1;
  let excess = startHz - endHz;
  const clickN = Math.round(0.006 * sr);
  for (let i = 0; i < n; i++) {
    phase += (TWO_PI * (endHz + excess)) / sr;
    excess *= sweepCoef;
    let s = Math.sin(phase) * amp;
    if (i < clickN) s += clickFilter.lowpass(noise.next()) * click * (1 - i / clickN);
    out[i] = drive > 0 ? softClip(s * drive) / softClip(drive) : s;
    amp *= ampCoef;
  }
  return out;
}

/** Filtered noise burst with an exponential decay and optional attack. */
function noiseBurst(sr: number, seconds: number, mode: 'lowpass' | 'bandpass' | 'highpass', hz: number, resonance: number, decay: number, seed: number, attack = 0): Float32Array {
  const n = Math.round(seconds * sr);
  const out = new Float32Array(n);
  const noise = new NoiseSource(seed);
  const f = new StateVariableFilter(sr);
  f.set(hz, resonance);
  const coef = expDecayCoefficient(decay, sr);
  const attN = Math.round(attack * sr);
  let amp = 1;
  for (let i = 0; i < n; i++) {
    const x = noise.next();
    const y = mode === 'lowpass' ? f.lowpass(x) : mode === 'bandpass' ? f.bandpass(x) : f.highpass(x);
    const a = i < attN ? i / attN : amp;
    out[i] = y * a;
    if (i >= attN) amp *= coef;
  }
  return out;
}

/** 808-style metallic source: six detuned square waves, high-passed and band-passed. */
function metallic(sr: number, seconds: number, decay: number, hpHz: number, base: number): Float32Array {
  const ratios = [1, 1.4471, 1.617, 1.9265, 2.5028, 2.6637];
  const n = Math.round(seconds * sr);
  const out = new Float32Array(n);
  const incs = ratios.map((r) => (r * base) / sr);
  const phases = ratios.map(() => 0);
  const hp = new StateVariableFilter(sr);
  hp.set(hpHz, 0.3);
  const bp = new StateVariableFilter(sr);
  bp.set(hpHz * 1.4, 0.2);
  const coef = expDecayCoefficient(decay, sr);
  let amp = 1;
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let k = 0; k < 6; k++) {
      phases[k] += incs[k];
      if (phases[k] >= 1) phases[k] -= 1;
      s += phases[k] < 0.5 ? 1 : -1;
    }
    out[i] = hp.highpass(bp.bandpass(s / 6) * 2 + s / 12) * amp;
    amp *= coef;
  }
  return out;
}

function mix(...parts: Array<[Float32Array, number]>): Float32Array {
  const n = Math.max(...parts.map(([b]) => b.length));
  const out = new Float32Array(n);
  for (const [b, g] of parts) for (let i = 0; i < b.length; i++) out[i] += b[i] * g;
  return out;
}

/** Hand clap: three quick noise bursts then a diffuse tail. */
function clap(sr: number, seed: number, tone: number): Float32Array {
  const out = new Float32Array(Math.round(0.35 * sr));
  for (let k = 0; k < 3; k++) {
    const burst = noiseBurst(sr, 0.03, 'bandpass', tone, 0.4, 0.02, seed + k);
    const off = Math.round(k * 0.011 * sr);
    for (let i = 0; i < burst.length && off + i < out.length; i++) out[off + i] += burst[i];
  }
  const tail = noiseBurst(sr, 0.3, 'bandpass', tone, 0.3, 0.18, seed + 9);
  const off = Math.round(0.03 * sr);
  for (let i = 0; i < tail.length && off + i < out.length; i++) out[off + i] += tail[i] * 0.6;
  return out;
}

function renderDrum(kit: DrumKitId, voice: DrumVoice, sr: number): Float32Array {
  const seed = 1 + voice.length * 7919 + kit.length * 104729;
  const k808 = kit === '808';
  const electronic = kit === 'electronic';
  switch (voice) {
    case 'kick':
      if (k808) return pitchedDrum(sr, 1.2, 120, 48, 0.03, 0.9, 0.3, 1.8, seed);
      if (electronic) return pitchedDrum(sr, 0.5, 180, 52, 0.02, 0.35, 0.8, 2.2, seed);
      return pitchedDrum(sr, 0.45, 140, 58, 0.025, 0.3, 0.9, 1.2, seed);
    case 'snare': {
      const toneHz = k808 ? 240 : 190;
      const tone = pitchedDrum(sr, 0.25, toneHz * 1.5, toneHz, 0.01, 0.12, 0, 0, seed);
      const body = pitchedDrum(sr, 0.2, toneHz * 2.6, toneHz * 1.75, 0.01, 0.08, 0, 0, seed + 1);
      const noise = noiseBurst(sr, 0.35, 'highpass', k808 ? 1800 : 1200, 0.2, electronic ? 0.22 : 0.17, seed + 2);
      return mix([tone, 0.55], [body, 0.25], [noise, electronic ? 0.8 : 0.6]);
    }
    case 'clap':
      return clap(sr, seed, k808 ? 1000 : 1300);
    case 'rim': {
      const click = pitchedDrum(sr, 0.06, 1700, 1700, 1, 0.025, 0, 0, seed);
      const noise = noiseBurst(sr, 0.04, 'bandpass', 2500, 0.6, 0.015, seed + 1);
      return mix([click, 0.6], [noise, 0.6]);
    }
    case 'closed-hat':
      return k808 || electronic ? metallic(sr, 0.12, 0.05, 7000, 330) : noiseBurst(sr, 0.12, 'highpass', 7500, 0.1, 0.045, seed);
    case 'open-hat':
      return k808 || electronic ? metallic(sr, 0.6, 0.35, 7000, 330) : noiseBurst(sr, 0.6, 'highpass', 6500, 0.1, 0.4, seed);
    case 'ride':
      return mix([metallic(sr, 1.8, 1.4, 5000, 470), 0.5], [noiseBurst(sr, 1.8, 'highpass', 8000, 0.1, 1.2, seed), 0.25]);
    case 'crash':
      return mix([noiseBurst(sr, 2.5, 'highpass', 4500, 0.1, 2, seed), 0.7], [metallic(sr, 2.5, 1.8, 4000, 400), 0.4]);
    case 'tom-high':
      return pitchedDrum(sr, 0.4, 330, 220, 0.04, 0.3, 0.3, 0, seed);
    case 'tom-mid':
      return pitchedDrum(sr, 0.45, 250, 160, 0.05, 0.35, 0.3, 0, seed);
    case 'tom-low':
      return pitchedDrum(sr, 0.55, 180, 110, 0.06, 0.42, 0.3, 0, seed);
    case 'shaker':
      return noiseBurst(sr, 0.12, 'bandpass', 6500, 0.3, 0.05, seed, 0.012);
  }
}

/** Where each voice sits in the stereo field (-1..1) and how loud, relative to the kick. */
export const DRUM_LAYOUT: Record<DrumVoice, { pan: number; gainDb: number; reverb: number }> = {
  kick: { pan: 0, gainDb: 0, reverb: 0 },
  snare: { pan: 0.05, gainDb: -3, reverb: 0.25 },
  clap: { pan: -0.05, gainDb: -4, reverb: 0.3 },
  rim: { pan: 0.2, gainDb: -8, reverb: 0.2 },
  'closed-hat': { pan: 0.3, gainDb: -12, reverb: 0.05 },
  'open-hat': { pan: 0.3, gainDb: -13, reverb: 0.1 },
  ride: { pan: -0.35, gainDb: -15, reverb: 0.1 },
  crash: { pan: -0.3, gainDb: -13, reverb: 0.2 },
  'tom-high': { pan: -0.25, gainDb: -4, reverb: 0.2 },
  'tom-mid': { pan: 0, gainDb: -4, reverb: 0.2 },
  'tom-low': { pan: 0.25, gainDb: -4, reverb: 0.2 },
  shaker: { pan: -0.4, gainDb: -14, reverb: 0.1 },
};

const drumCache = new Map<string, Float32Array>();

/** The pre-rendered sample for one kit voice, peak-normalised to 1. */
export function drumSample(kit: DrumKitId, voice: DrumVoice, sampleRate: number): Float32Array {
  const key = `${kit}|${voice}|${sampleRate}`;
  let sample = drumCache.get(key);
  if (!sample) {
    sample = renderDrum(kit, voice, sampleRate);
    let peak = 0;
    for (let i = 0; i < sample.length; i++) peak = Math.max(peak, Math.abs(sample[i]));
    if (peak > 0) for (let i = 0; i < sample.length; i++) sample[i] /= peak;
    declick(sample, sampleRate, 0, 0.01);
    drumCache.set(key, sample);
  }
  return sample;
}
