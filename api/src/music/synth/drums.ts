/**
 * Synthesised drum kits. Each (kit, voice) has eight takes (four round-robin variants, each loud
 * and soft); a song's takes are synthesised once per song into its note table
 * (render/note-table.ts), and the mixer scales them by velocity.
 */
import type { Composition, DrumKitId, DrumVoice } from '../types.js';
import { cowbell, tambourine, tr707Drum } from './drums-707.js';
import { declick, expDecayCoefficient, NoiseSource, softClip, StateVariableFilter, TWO_PI } from './dsp.js';

/** Tuned sine with an exponential pitch drop: kicks and toms. */
export function pitchedDrum(sr: number, seconds: number, startHz: number, endHz: number, sweep: number, decay: number, click: number, drive: number, seed: number): Float32Array {
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
export function noiseBurst(sr: number, seconds: number, mode: 'lowpass' | 'bandpass' | 'highpass', hz: number, resonance: number, decay: number, seed: number, attack = 0): Float32Array {
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
export function metallic(sr: number, seconds: number, decay: number, hpHz: number, base: number): Float32Array {
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

export function mix(...parts: Array<[Float32Array, number]>): Float32Array {
  const n = Math.max(...parts.map(([b]) => b.length));
  const out = new Float32Array(n);
  for (const [b, g] of parts) for (let i = 0; i < b.length; i++) out[i] += b[i] * g;
  return out;
}

/** Hand clap: three quick noise bursts then a diffuse tail. */
export function clap(sr: number, seed: number, tone: number): Float32Array {
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

/**
 * One take of a kit voice. Kits share the synthesis (tuned sines with pitch drops, filtered noise,
 * 808-style metal) and differ in tuning, decay, drive, noise colour and how much room they carry.
 */
function renderDrum(kit: DrumKitId, voice: DrumVoice, sr: number, take: number): Float32Array {
  const seed = 1 + voice.length * 7919 + kit.length * 104729 + take * 613;
  const machine707 = kit === '707' ? tr707Drum(voice, sr, seed) : null;
  if (machine707) return machine707;
  const machine = kit === '808' || kit === '909' || kit === 'electronic';
  switch (voice) {
    case 'kick':
      switch (kit) {
        case '808': return pitchedDrum(sr, 1.2, 120, 48, 0.03, 0.9, 0.3, 1.8, seed);
        case '909': return pitchedDrum(sr, 0.6, 230, 50, 0.018, 0.42, 1, 2.6, seed);
        case 'electronic': return pitchedDrum(sr, 0.5, 180, 52, 0.02, 0.35, 0.8, 2.2, seed);
        case 'brush': return pitchedDrum(sr, 0.4, 95, 55, 0.03, 0.28, 0.25, 0.8, seed);
        case 'rock': return pitchedDrum(sr, 0.55, 150, 55, 0.02, 0.36, 1.3, 1.6, seed);
        case 'funk': return pitchedDrum(sr, 0.3, 160, 62, 0.015, 0.18, 1.1, 1.4, seed);
        case 'break': return pitchedDrum(sr, 0.35, 170, 58, 0.015, 0.22, 1.2, 2, seed);
        // The one-drop's kick carries beat 3 alone: deep and round, a soft beater, a longer bloom.
        case 'reggae': return pitchedDrum(sr, 0.6, 115, 48, 0.035, 0.4, 0.35, 1, seed);
        default: return pitchedDrum(sr, 0.45, 140, 58, 0.025, 0.3, 0.9, 1.2, seed);
      }
    case 'snare': {
      if (kit === 'brush' || kit === 'country') {
        // A brush: a soft slap and a long swish of filtered noise, no ringing head.
        const slap = noiseBurst(sr, 0.08, 'bandpass', 1800, 0.4, 0.03, seed);
        const swish = noiseBurst(sr, 0.45, 'bandpass', 3500, 0.2, 0.22, seed + 2, 0.015);
        return mix([slap, 0.5], [swish, 0.7]);
      }
      // Reggae's snare is cranked high and rings, nearly a timbale.
      const toneHz = { '808': 240, '909': 220, rock: 175, funk: 235, break: 250, reggae: 330 }[kit as string] ?? 190;
      const noiseHz = { '808': 1800, '909': 2200, rock: 1000, funk: 1800, break: 2500, reggae: 2800 }[kit as string] ?? 1200;
      const noiseDecay = { rock: 0.26, funk: 0.1, break: 0.14, '909': 0.2, electronic: 0.22, reggae: 0.08 }[kit as string] ?? 0.17;
      const tone = pitchedDrum(sr, 0.25, toneHz * 1.5, toneHz, 0.01, kit === 'rock' || kit === 'reggae' ? 0.16 : 0.12, 0, 0, seed);
      const body = pitchedDrum(sr, 0.2, toneHz * 2.6, toneHz * 1.75, 0.01, 0.08, 0, 0, seed + 1);
      const noise = noiseBurst(sr, 0.4, 'highpass', noiseHz, 0.2, noiseDecay, seed + 2);
      return mix([tone, kit === 'rock' ? 0.7 : 0.55], [body, 0.25], [noise, machine || kit === 'break' ? 0.8 : 0.6]);
    }
    case 'clap':
      return clap(sr, seed, kit === '808' ? 1000 : kit === '909' ? 1500 : 1300);
    case 'rim': {
      if (kit === 'reggae') {
        // A cross-stick: the stick laid across the head knocks the rim, a woody click over the
        // shell's hollow note, the one-drop's backbeat.
        const knock = pitchedDrum(sr, 0.12, 1100, 900, 0.004, 0.035, 0, 0, seed);
        const shell = pitchedDrum(sr, 0.15, 520, 430, 0.01, 0.05, 0, 0, seed + 1);
        const wood = noiseBurst(sr, 0.05, 'bandpass', 1900, 0.5, 0.012, seed + 2);
        return mix([knock, 0.55], [shell, 0.45], [wood, 0.5]);
      }
      const click = pitchedDrum(sr, 0.06, 1700, 1700, 1, 0.025, 0, 0, seed);
      const noise = noiseBurst(sr, 0.04, 'bandpass', 2500, 0.6, 0.015, seed + 1);
      return mix([click, 0.6], [noise, 0.6]);
    }
    case 'closed-hat':
      if (machine) return metallic(sr, 0.12, kit === '909' ? 0.04 : 0.05, kit === '909' ? 8000 : 7000, 330);
      return noiseBurst(sr, 0.12, 'highpass', kit === 'funk' || kit === 'break' || kit === 'reggae' ? 8500 : 7500, 0.1, kit === 'funk' || kit === 'reggae' ? 0.03 : kit === 'brush' ? 0.06 : 0.045, seed);
    case 'open-hat':
      if (machine) return metallic(sr, 0.6, kit === '909' ? 0.3 : 0.35, 7000, 330);
      return noiseBurst(sr, 0.6, 'highpass', 6500, 0.1, kit === 'rock' ? 0.5 : 0.4, seed);
    case 'ride':
      // Jazz rides ring long and carry the time; machines have a thinner one.
      return kit === 'brush'
        ? mix([metallic(sr, 2.4, 2, 4200, 420), 0.6], [noiseBurst(sr, 2.4, 'bandpass', 6000, 0.2, 1.6, seed), 0.3])
        : mix([metallic(sr, 1.8, 1.4, 5000, 470), 0.5], [noiseBurst(sr, 1.8, 'highpass', 8000, 0.1, 1.2, seed), 0.25]);
    case 'crash':
      return mix([noiseBurst(sr, 2.5, 'highpass', kit === 'rock' ? 4000 : 4500, 0.1, kit === 'rock' ? 2.3 : 2, seed), 0.7], [metallic(sr, 2.5, 1.8, 4000, 400), 0.4]);
    case 'tom-high':
      return pitchedDrum(sr, 0.4, kit === 'rock' ? 290 : 330, kit === 'rock' ? 190 : 220, 0.04, 0.3, 0.3, 0, seed);
    case 'tom-mid':
      return pitchedDrum(sr, 0.45, kit === 'rock' ? 220 : 250, kit === 'rock' ? 140 : 160, 0.05, 0.35, 0.3, 0, seed);
    case 'tom-low':
      return pitchedDrum(sr, 0.55, kit === 'rock' ? 160 : 180, kit === 'rock' ? 90 : 110, 0.06, 0.42, 0.3, 0, seed);
    case 'shaker':
      return noiseBurst(sr, 0.12, 'bandpass', 6500, 0.3, 0.05, seed, 0.012);
    case 'cowbell':
      return cowbell(sr, 540, 0.15);
    case 'tambourine':
      return tambourine(sr, seed, 0.14);
    case 'riser':
      return riser(sr, seed);
    case 'reverse-cymbal': {
      // A crash played backwards: its decay becomes a swell that stops dead on the downbeat.
      const crash = mix([noiseBurst(sr, REVERSE_CYMBAL_SECONDS, 'highpass', 4500, 0.1, 1.6, seed), 0.7], [metallic(sr, REVERSE_CYMBAL_SECONDS, 1.4, 4000, 400), 0.4]);
      crash.reverse();
      declick(crash, sr, 0, SWELL_CUT_SECONDS);
      return crash;
    }
    case 'impact':
      // A drop's downbeat: a long sub boom under a burst of dark noise.
      return mix([pitchedDrum(sr, 1.6, 110, 38, 0.06, 1.3, 0.5, 1.6, seed), 1], [noiseBurst(sr, 1.2, 'lowpass', 1200, 0.2, 0.7, seed + 3), 0.35]);
  }
}

const RISER_SECONDS = 2;
/** A swell stops over its last 25 ms: a cut, but no click. */
const SWELL_CUT_SECONDS = 0.025;
const REVERSE_CYMBAL_SECONDS = 1.5;

/**
 * Swells that must end exactly on the downbeat they lead into: a hit plays them this many seconds
 * early, and their takes are not retuned (which would stretch them).
 */
export const SWELL_SECONDS: Partial<Record<DrumVoice, number>> = { riser: RISER_SECONDS, 'reverse-cymbal': REVERSE_CYMBAL_SECONDS };

/** White noise through a band-pass sweeping from 500 Hz to 10 kHz, growing louder, for SWELL_SECONDS. */
function riser(sr: number, seed: number): Float32Array {
  const n = Math.round(RISER_SECONDS * sr);
  const out = new Float32Array(n);
  const noise = new NoiseSource(seed);
  const filter = new StateVariableFilter(sr);
  for (let i = 0; i < n; i++) {
    const t = i / n;
    if (i % 16 === 0) filter.set(500 * Math.pow(20, t), 0.55);
    out[i] = filter.bandpass(noise.next()) * t * t;
  }
  declick(out, sr, 0, SWELL_CUT_SECONDS);
  return out;
}

/** Where each voice sits in the stereo field (-1..1) and how loud, relative to the kick. */
export const DRUM_LAYOUT: Record<DrumVoice, { pan: number; gainDb: number; reverb: number }> = {
  kick: { pan: 0, gainDb: 0, reverb: 0 },
  snare: { pan: 0.05, gainDb: -3, reverb: 0.25 },
  clap: { pan: -0.05, gainDb: -4, reverb: 0.3 },
  rim: { pan: 0.25, gainDb: -8, reverb: 0.2 },
  // Cymbals sit where overhead microphones put them, loud enough to carry the top of the mix.
  'closed-hat': { pan: 0.45, gainDb: -8, reverb: 0.08 },
  'open-hat': { pan: 0.45, gainDb: -9, reverb: 0.12 },
  ride: { pan: -0.5, gainDb: -10, reverb: 0.12 },
  crash: { pan: -0.45, gainDb: -9, reverb: 0.25 },
  'tom-high': { pan: -0.45, gainDb: -4, reverb: 0.2 },
  'tom-mid': { pan: 0, gainDb: -4, reverb: 0.2 },
  'tom-low': { pan: 0.45, gainDb: -4, reverb: 0.2 },
  shaker: { pan: -0.6, gainDb: -11, reverb: 0.1 },
  cowbell: { pan: -0.3, gainDb: -12, reverb: 0.15 },
  tambourine: { pan: 0.6, gainDb: -12, reverb: 0.1 },
  riser: { pan: 0, gainDb: -15, reverb: 0.4 },
  'reverse-cymbal': { pan: 0.3, gainDb: -12, reverb: 0.3 },
  impact: { pan: 0, gainDb: -3, reverb: 0.5 },
};

/** Takes per voice: consecutive hits pick different ones, as a drummer never strikes twice alike. */
export const DRUM_TAKES = 4;
/** Hits softer than this use the soft take: darker, as a lightly struck drum or cymbal is. */
const SOFT_VELOCITY = 0.55;

/** The take a hit plays: a hash of its time (so it depends on nothing else) and its softness. */
export function drumTake(time: number, velocity: number): number {
  // murmur3's finaliser: neighbouring sample positions land on unrelated takes.
  let h = Math.round(time * 44100) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h = (h ^ (h >>> 16)) >>> 0;
  return (h % DRUM_TAKES) + (velocity < SOFT_VELOCITY ? DRUM_TAKES : 0);
}

/**
 * One take of a voice: the kit's sound with its own noise, tuned up to +-2 % (which also
 * stretches its decay a little), and for soft takes a gentle low-pass.
 */
function renderTake(kit: DrumKitId, voice: DrumVoice, sr: number, take: number): Float32Array {
  const base = renderDrum(kit, voice, sr, take);
  const variant = take % DRUM_TAKES;
  const tune = SWELL_SECONDS[voice] ? 1 : 1 + 0.013 * (variant - (DRUM_TAKES - 1) / 2);
  const out = new Float32Array(Math.floor((base.length - 1) / tune));
  for (let i = 0; i < out.length; i++) {
    const at = i * tune;
    const j = Math.floor(at);
    out[i] = base[j] + (base[j + 1] - base[j]) * (at - j);
  }
  if (take >= DRUM_TAKES) {
    const filter = new StateVariableFilter(sr);
    filter.set(voice === 'kick' ? 2500 : 5000, 0.1);
    for (let i = 0; i < out.length; i++) out[i] = filter.lowpass(out[i]);
  }
  return out;
}

/** One take of one kit voice, as a song's note table holds it. */
export interface DrumTakeSound {
  /** Identifies the sound; equal keys mean identical samples. */
  key: string;
  kit: DrumKitId;
  voice: DrumVoice;
  take: number;
}

export function drumTakeSound(kit: DrumKitId, voice: DrumVoice, take: number): DrumTakeSound {
  return { key: `drum|${kit}|${voice}|${take}`, kit, voice, take };
}

/** The distinct takes the song's drum hits play, in first-appearance order. */
export function distinctDrumTakes(c: Composition): DrumTakeSound[] {
  const takes = new Map<string, DrumTakeSound>();
  for (const h of c.drums.hits) {
    const sound = drumTakeSound(c.drums.kit, h.voice, drumTake(h.time, h.velocity));
    if (!takes.has(sound.key)) takes.set(sound.key, sound);
  }
  return [...takes.values()];
}

/** The sample for one take (see drumTake) of a kit voice, peak-normalised to 1. */
export function drumSample(kit: DrumKitId, voice: DrumVoice, sampleRate: number, take = 0): Float32Array {
  const sample = renderTake(kit, voice, sampleRate, take);
  let peak = 0;
  for (let i = 0; i < sample.length; i++) peak = Math.max(peak, Math.abs(sample[i]));
  if (peak > 0) for (let i = 0; i < sample.length; i++) sample[i] /= peak;
  declick(sample, sampleRate, 0, 0.01);
  return sample;
}
