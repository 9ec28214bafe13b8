/** Tempo-synced stereo ping-pong delay with a darkening feedback path. Linear. */
import { TWO_PI } from '../synth/dsp.js';

export interface DelaySettings {
  time: number;
  feedback: number;
  wet: number;
  toneHz: number;
}

/** Seconds until the echoes of a single impulse fall below -70 dB. */
export function delayTailSeconds(s: DelaySettings): number {
  if (s.time <= 0 || s.feedback <= 0) return s.time;
  return s.time * (1 + Math.ceil(Math.log(0.0003) / Math.log(s.feedback)));
}

export function applyPingPongDelay(input: Float32Array, outL: Float32Array, outR: Float32Array, length: number, s: DelaySettings, sampleRate: number): void {
  const n = Math.max(1, Math.round(s.time * sampleRate));
  const lineL = new Float32Array(n);
  const lineR = new Float32Array(n);
  const a = Math.exp((-TWO_PI * s.toneHz) / sampleRate);
  let lpL = 0;
  let lpR = 0;
  let p = 0;
  for (let i = 0; i < length; i++) {
    const dl = lineL[p];
    const dr = lineR[p];
    lpL = dl * (1 - a) + lpL * a;
    lpR = dr * (1 - a) + lpR * a;
    // Left echo feeds the right line and vice versa: echoes alternate sides.
    lineL[p] = input[i] + lpR * s.feedback;
    lineR[p] = lpL * s.feedback;
    outL[i] += dl * s.wet;
    outR[i] += dr * s.wet;
    p = p + 1 === n ? 0 : p + 1;
  }
}
