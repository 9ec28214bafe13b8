/**
 * A TR-707-like kit, and the cowbell and tambourine every kit can play.
 *
 * The 707 played short recordings of real drums from 6-bit memory at about 25 kHz, so its kit is
 * tight, bright and a little grainy: a short punchy kick with a click and no long boom, a papery
 * snare, crisp claps, a bright cowbell and tambourine. Here each voice is synthesised as the drum it
 * recorded and then played back the way the machine did (`sampled`): held at 25 kHz, so the top
 * octave folds back as a metallic sheen, and quantised to 8 bits of its peak, so tails end in grit and
 * then cut off rather than fading (at -48 dB; 6 bits cut them at -36 dB, too short for a whole kit).
 */
import type { DrumVoice } from '../types.js';
import { clap, metallic, mix, noiseBurst, pitchedDrum } from './drums.js';
import { expDecayCoefficient, NoiseSource, StateVariableFilter, TWO_PI } from './dsp.js';

const PLAYBACK_RATE_HZ = 25000;
const PLAYBACK_BITS = 8;

/** Sample-and-hold at the machine's rate and quantisation to its bits, in place. */
function sampled(sound: Float32Array, sampleRate: number): Float32Array {
  let peak = 0;
  for (let i = 0; i < sound.length; i++) peak = Math.max(peak, Math.abs(sound[i]));
  if (peak === 0) return sound;
  const step = peak / 2 ** (PLAYBACK_BITS - 1);
  const advance = PLAYBACK_RATE_HZ / sampleRate;
  let phase = 1;
  let held = 0;
  for (let i = 0; i < sound.length; i++) {
    phase += advance;
    if (phase >= 1) {
      phase -= 1;
      held = Math.round(sound[i] / step) * step;
    }
    sound[i] = held;
  }
  return sound;
}

/** A cowbell: two detuned square waves through a band-pass, a sharp strike and a short ring. */
export function cowbell(sampleRate: number, hz: number, decay: number): Float32Array {
  const n = Math.round(0.45 * sampleRate);
  const out = new Float32Array(n);
  const band = new StateVariableFilter(sampleRate);
  band.set(hz * 1.6, 0.55);
  const ring = expDecayCoefficient(decay, sampleRate);
  const strike = expDecayCoefficient(0.012, sampleRate);
  let low = 0;
  let high = 0;
  let amp = 1;
  let attack = 1;
  for (let i = 0; i < n; i++) {
    low += hz / sampleRate;
    high += (hz * 1.504) / sampleRate;
    if (low >= 1) low -= 1;
    if (high >= 1) high -= 1;
    const square = (low < 0.5 ? 1 : -1) + (high < 0.5 ? 0.8 : -0.8);
    out[i] = band.bandpass(square) * (0.55 * amp + 0.45 * attack);
    amp *= ring;
    attack *= strike;
  }
  return out;
}

/**
 * A tambourine hit: the jingles' first clash and a few rattles after it (bursts of bright noise),
 * over their ringing partials.
 */
export function tambourine(sampleRate: number, seed: number, decay: number): Float32Array {
  const n = Math.round(0.4 * sampleRate);
  const out = new Float32Array(n);
  const rattles: Array<[number, number]> = [[0, 1], [0.009, 0.6], [0.021, 0.45], [0.038, 0.3]];
  rattles.forEach(([at, level], k) => {
    const burst = noiseBurst(sampleRate, 0.12, 'bandpass', 8200 - 600 * k, 0.35, 0.025 + 0.01 * k, seed + k);
    const offset = Math.round(at * sampleRate);
    for (let i = 0; i < burst.length && offset + i < n; i++) out[offset + i] += burst[i] * level;
  });
  const partials = [5400, 7150, 9300, 11800];
  const ringCoef = expDecayCoefficient(decay, sampleRate);
  const noise = new NoiseSource(seed + 11);
  let amp = 0.16;
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (const hz of partials) s += Math.sin((TWO_PI * hz * i) / sampleRate);
    // The jingles shimmer: their partials beat against each other and the rattle's noise.
    out[i] += s * amp * (0.7 + 0.3 * noise.next());
    amp *= ringCoef;
  }
  return out;
}

/**
 * One take of a 707 voice, or null for the voices the machine did not have (shaker, swells),
 * which the generic kit plays.
 */
export function tr707Drum(voice: DrumVoice, sampleRate: number, seed: number): Float32Array | null {
  const sr = sampleRate;
  switch (voice) {
    case 'kick':
      return sampled(pitchedDrum(sr, 0.32, 175, 56, 0.011, 0.15, 1.5, 1.9, seed), sr);
    case 'snare': {
      const tone = pitchedDrum(sr, 0.18, 330, 225, 0.008, 0.07, 0, 0, seed);
      const noise = noiseBurst(sr, 0.28, 'highpass', 2600, 0.25, 0.12, seed + 2);
      return sampled(mix([tone, 0.45], [noise, 0.9]), sr);
    }
    case 'clap':
      return sampled(clap(sr, seed, 1750), sr);
    case 'rim':
      return sampled(mix([pitchedDrum(sr, 0.05, 1900, 1900, 1, 0.018, 0, 0, seed), 0.7], [noiseBurst(sr, 0.03, 'bandpass', 3200, 0.6, 0.01, seed + 1), 0.5]), sr);
    case 'closed-hat':
      return sampled(mix([noiseBurst(sr, 0.09, 'highpass', 9000, 0.15, 0.03, seed), 0.8], [metallic(sr, 0.09, 0.03, 8500, 410), 0.35]), sr);
    case 'open-hat':
      return sampled(mix([noiseBurst(sr, 0.45, 'highpass', 8000, 0.15, 0.22, seed), 0.8], [metallic(sr, 0.45, 0.24, 7500, 410), 0.35]), sr);
    case 'ride':
      return sampled(mix([metallic(sr, 1.2, 0.8, 5200, 480), 0.55], [noiseBurst(sr, 1.2, 'highpass', 8500, 0.1, 0.6, seed), 0.3]), sr);
    case 'crash':
      return sampled(mix([noiseBurst(sr, 1.4, 'highpass', 5000, 0.1, 1.1, seed), 0.75], [metallic(sr, 1.4, 0.9, 4500, 420), 0.35]), sr);
    case 'tom-high':
      return sampled(pitchedDrum(sr, 0.3, 300, 205, 0.035, 0.17, 0.6, 0.8, seed), sr);
    case 'tom-mid':
      return sampled(pitchedDrum(sr, 0.35, 230, 150, 0.04, 0.2, 0.6, 0.8, seed), sr);
    case 'tom-low':
      return sampled(pitchedDrum(sr, 0.4, 165, 105, 0.045, 0.24, 0.6, 0.8, seed), sr);
    case 'cowbell':
      return sampled(cowbell(sr, 800, 0.09), sr);
    case 'tambourine':
      return sampled(tambourine(sr, seed, 0.09), sr);
    default:
      return null;
  }
}
