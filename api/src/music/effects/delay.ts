/** Tempo-synced stereo ping-pong delay with a darkening feedback path (kernel: dsp/assembly/modulation.ts). Linear. */
import type { KernelHeap } from '../dsp/heap.js';
import { TWO_PI } from '../synth/dsp.js';

export interface DelaySettings {
  time: number;
  feedback: number;
  wet: number;
  toneHz: number;
}

/** Seconds until the echoes of a single impulse fall below -66 dB (before the darkening filter). */
export function delayTailSeconds(s: DelaySettings): number {
  if (s.time <= 0 || s.feedback <= 0) return s.time;
  return s.time * (1 + Math.ceil(Math.log(0.0005) / Math.log(s.feedback)));
}

/** Adds the delay of `input[0..length)` into outL/outR (all in `heap`). */
export function applyPingPongDelay(heap: KernelHeap, input: Float32Array, outL: Float32Array, outR: Float32Array, length: number, s: DelaySettings, sampleRate: number): void {
  const n = Math.max(1, Math.round(s.time * sampleRate));
  const mark = heap.mark();
  const lineL = heap.alloc(n);
  const lineR = heap.alloc(n);
  heap.kernels.pingPongDelay(heap.ptr(input), heap.ptr(outL), heap.ptr(outR), length, n, Math.exp((-TWO_PI * s.toneHz) / sampleRate), s.feedback, s.wet, heap.ptr(lineL), heap.ptr(lineR));
  heap.release(mark);
}
