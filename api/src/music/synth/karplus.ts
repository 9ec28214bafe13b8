/**
 * Karplus-Strong plucked strings: a filtered noise burst circulating in a delay line whose loop
 * low-pass sets brightness and decay. Fractional delay via an all-pass keeps tuning accurate.
 */
import { declick, NoiseSource, softClip, StateVariableFilter } from './dsp.js';
import type { Voice, VoiceParams } from './voice.js';

export interface PluckSpec {
  /** 0..1: loop low-pass weight of the current sample; higher is brighter and rings longer. */
  brightness: number;
  /** Per-period loop gain; closer to 1 rings longer. */
  sustain: number;
  /** Seconds of sound after the key is released. */
  release: number;
  /** Low-pass on the excitation as a multiple of the fundamental (softer pick = lower). */
  pickTone: number;
  /** Drive for distorted guitar (0 = clean). */
  drive?: number;
  /** Cabinet/tone low-pass after the string, Hz. */
  toneHz?: number;
  /** Maximum ring time in seconds even when held. */
  maxRing: number;
}

export function pluckVoice(spec: PluckSpec): Voice {
  return (p: VoiceParams) => {
    const sr = p.sampleRate;
    const held = Math.min(p.hold, spec.maxRing);
    const holdN = Math.max(1, Math.round(held * sr));
    const relN = Math.round(spec.release * sr);
    const n = holdN + relN;
    const out = p.allocate(n);
    const period = sr / p.freq;
    const delayLen = Math.max(2, Math.floor(period - 0.5));
    const frac = period - 0.5 - delayLen;
    const apCoef = (1 - frac) / (1 + frac);
    const line = p.allocate(delayLen);
    const noise = new NoiseSource(p.seed);
    const exciteFilter = new StateVariableFilter(sr);
    exciteFilter.set(p.freq * spec.pickTone * (0.5 + p.velocity) * (0.6 + 0.8 * p.brightness), 0);
    for (let i = 0; i < delayLen; i++) line[i] = exciteFilter.lowpass(noise.next());
    let mean = 0;
    for (let i = 0; i < delayLen; i++) mean += line[i];
    mean /= delayLen;
    for (let i = 0; i < delayLen; i++) line[i] -= mean;
    const w = spec.brightness;
    let prev = 0;
    let apX = 0;
    let apY = 0;
    let pos = 0;
    let gain = spec.sustain;
    const releaseGain = Math.pow(0.001, 1 / Math.max(1, relN / period));
    for (let i = 0; i < n; i++) {
      if (i === holdN) gain = Math.min(gain, releaseGain);
      const cur = line[pos];
      const lp = w * cur + (1 - w) * prev;
      prev = cur;
      // First-order all-pass for the fractional part of the period.
      const y = apCoef * lp + apX - apCoef * apY;
      apX = lp;
      apY = y;
      line[pos] = y * gain;
      out[i] = cur;
      pos++;
      if (pos === delayLen) pos = 0;
    }
    if (spec.drive) {
      const drive = spec.drive * (0.7 + 0.6 * p.velocity);
      for (let i = 0; i < n; i++) out[i] = softClip(out[i] * drive) * 0.7;
    }
    if (spec.toneHz) {
      const tone = new StateVariableFilter(sr);
      tone.set(spec.toneHz * (0.6 + 0.8 * p.brightness), 0.2);
      for (let i = 0; i < n; i++) out[i] = tone.lowpass(out[i]);
    }
    declick(out, sr, 0.0005);
    return out;
  };
}

export const acousticGuitar = pluckVoice({ brightness: 0.55, sustain: 0.996, release: 0.25, pickTone: 9, maxRing: 4, toneHz: 6000 });
export const electricGuitar = pluckVoice({ brightness: 0.6, sustain: 0.998, release: 0.15, pickTone: 12, maxRing: 5, toneHz: 4500 });
export const distortedGuitar = pluckVoice({ brightness: 0.7, sustain: 0.9985, release: 0.12, pickTone: 14, maxRing: 5, drive: 6, toneHz: 3800 });
export const harp = pluckVoice({ brightness: 0.65, sustain: 0.9975, release: 0.8, pickTone: 6, maxRing: 6 });
export const fingerBass = pluckVoice({ brightness: 0.5, sustain: 0.997, release: 0.08, pickTone: 5, maxRing: 4, toneHz: 1800 });
export const uprightBass = pluckVoice({ brightness: 0.45, sustain: 0.994, release: 0.15, pickTone: 4, maxRing: 3, toneHz: 1200 });
