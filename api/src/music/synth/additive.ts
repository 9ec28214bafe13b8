/**
 * Additive voices built from sine partials run as recursive oscillators (two multiplies per
 * sample): a drawbar organ, a piano model with stiff-string inharmonicity, and the sub and 808 basses.
 */
import { adsrEnvelope, declick, expDecayCoefficient, NoiseSource, sineCycles, softClip, StateVariableFilter, TWO_PI } from './dsp.js';
import type { Voice, VoiceParams } from './voice.js';

/** Adds a decaying sine partial to `out` using the rotation recurrence. */
function addPartial(out: Float32Array, freq: number, sampleRate: number, level: number, decaySeconds: number, holdN: number, relCoef: number, phase: number): void {
  if (freq >= sampleRate * 0.45) return;
  const w = (TWO_PI * freq) / sampleRate;
  const c = 2 * Math.cos(w);
  let y1 = Math.sin(phase - w);
  let y2 = Math.sin(phase - 2 * w);
  const coef = expDecayCoefficient(decaySeconds, sampleRate);
  let a = level;
  for (let i = 0; i < out.length; i++) {
    const y = c * y1 - y2;
    y2 = y1;
    y1 = y;
    out[i] += y * a;
    a *= i < holdN ? coef : relCoef;
    if (a < 1e-5) break;
  }
}

/** Hammond-style drawbars (16', 8', 5 1/3', 4', 2 2/3', 2') with key click and a slow rotary tremolo. */
export const organ: Voice = (p: VoiceParams) => {
  const sr = p.sampleRate;
  const env = adsrEnvelope({ attack: 0.008, decay: 0.05, sustain: 1, release: 0.08 }, p.hold, sr, p.allocate);
  const n = env.length;
  const out = p.allocate(n);
  const holdN = Math.round(p.hold * sr);
  const bars: Array<[number, number]> = [
    [0.5, 0.55],
    [1, 0.8],
    [1.5, 0.45],
    [2, 0.45 * (0.5 + p.brightness)],
    [3, 0.25 * p.brightness],
    [4, 0.25 * p.brightness],
  ];
  bars.forEach(([ratio, level], k) => addPartial(out, p.freq * ratio, sr, level / 2.2, 60, holdN, 1, k));
  const noise = new NoiseSource(p.seed);
  const clickN = Math.round(0.004 * sr);
  const trem = 6.2 / sr; // cycles per sample
  for (let i = 0; i < n; i++) {
    let s = out[i];
    if (i < clickN) s += noise.next() * 0.08 * (1 - i / clickN);
    out[i] = s * env[i] * (1 + 0.08 * sineCycles(trem * i));
  }
  declick(out, sr, 0.001);
  return out;
};

/**
 * Piano: partials f_n = n*f0*sqrt(1 + B n^2) (string stiffness), amplitudes falling with n and
 * rising with velocity, higher partials decaying faster, plus a short filtered hammer thump.
 */
export const piano: Voice = (p: VoiceParams) => {
  const sr = p.sampleRate;
  const pitchHeight = Math.log2(p.freq / 27.5); // 0 at A0 .. ~7 at C8
  const baseDecay = Math.max(1.2, 9 - pitchHeight * 1.1);
  const ring = Math.min(p.hold, baseDecay);
  const holdN = Math.max(1, Math.round(ring * sr));
  const release = 0.25;
  const relN = Math.round(release * sr);
  const out = p.allocate(holdN + relN);
  const relCoef = expDecayCoefficient(release, sr);
  const inharmonicity = 0.00008 * Math.pow(2, pitchHeight * 0.5);
  const partials = Math.min(14, Math.floor((sr * 0.45) / p.freq));
  const tilt = 1.6 - 0.7 * p.velocity - 0.3 * p.brightness;
  for (let k = 1; k <= partials; k++) {
    const f = k * p.freq * Math.sqrt(1 + inharmonicity * k * k);
    const level = Math.pow(k, -tilt) * (k === 1 ? 1 : 0.8);
    // A second, slightly detuned string per partial gives the beating of unison strings.
    addPartial(out, f, sr, level * 0.5, baseDecay / (1 + 0.35 * (k - 1)), holdN, relCoef, k * 0.7);
    addPartial(out, f * 1.0007, sr, level * 0.45, baseDecay / (1 + 0.35 * (k - 1)) * 0.8, holdN, relCoef, k * 1.3);
  }
  const noise = new NoiseSource(p.seed);
  const hammer = new StateVariableFilter(sr);
  hammer.set(Math.min(6000, p.freq * 6), 0.3);
  const hammerN = Math.round(0.012 * sr);
  for (let i = 0; i < hammerN && i < out.length; i++) out[i] += hammer.lowpass(noise.next()) * 0.25 * p.velocity * (1 - i / hammerN);
  declick(out, sr, 0.0005);
  return out;
};

/** Sine sub with a touch of second harmonic so it survives small speakers. */
export const subBass: Voice = (p: VoiceParams) => {
  const sr = p.sampleRate;
  const env = adsrEnvelope({ attack: 0.008, decay: 0.1, sustain: 0.9, release: 0.08 }, p.hold, sr, p.allocate);
  const out = p.allocate(env.length);
  const w = p.freq / sr; // cycles per sample
  for (let i = 0; i < out.length; i++) out[i] = (sineCycles(w * i) + 0.12 * sineCycles(2 * w * i)) * env[i];
  declick(out, sr);
  return out;
};

/** 808 bass: sine with a downward pitch glide into the note, long decay and tanh-like saturation. */
export const bass808: Voice = (p: VoiceParams) => {
  const sr = p.sampleRate;
  const decay = 1.6;
  const ring = Math.min(p.hold, decay);
  const holdN = Math.max(1, Math.round(ring * sr));
  const relN = Math.round(0.1 * sr);
  const n = holdN + relN;
  const out = p.allocate(n);
  const coef = expDecayCoefficient(decay * 1.5, sr);
  const relCoef = expDecayCoefficient(0.1, sr);
  const glideCoef = Math.exp(-1 / (0.04 * sr));
  const drive = 1.5 + 2 * p.velocity;
  let glide = 1; // octaves above target, decays to 0
  let phase = 0;
  let amp = 1;
  for (let i = 0; i < n; i++) {
    const f = glide > 1e-4 ? p.freq * Math.pow(2, glide * 0.5) : p.freq;
    phase += f / sr;
    out[i] = (softClip(sineCycles(phase) * drive) / softClip(drive)) * amp;
    glide *= glideCoef;
    amp *= i < holdN ? coef : relCoef;
  }
  declick(out, sr, 0.001);
  return out;
};
