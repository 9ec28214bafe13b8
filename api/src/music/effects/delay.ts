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

/** The delay over a signal in blocks, its lines and filters carried from one block to the next. */
export class DelayStream {
  private readonly lineL: Float32Array;
  private readonly lineR: Float32Array;
  private readonly state: Float64Array;

  constructor(private readonly heap: KernelHeap, private readonly settings: DelaySettings, private readonly sampleRate: number) {
    const n = Math.max(1, Math.round(settings.time * sampleRate));
    this.lineL = heap.alloc(n);
    this.lineR = heap.alloc(n);
    this.state = heap.allocFloat64(3);
  }

  /** Adds the delay of the next block, `input`, into outL/outR (all in the heap, as long as input). */
  process(input: Float32Array, outL: Float32Array, outR: Float32Array): void {
    const { heap, settings: s } = this;
    heap.kernels.pingPongDelay(heap.ptr(input), heap.ptr(outL), heap.ptr(outR), input.length, this.lineL.length, Math.exp((-TWO_PI * s.toneHz) / this.sampleRate), s.feedback, s.wet, heap.ptr(this.lineL), heap.ptr(this.lineR), heap.ptr(this.state));
  }
}

/** Adds the delay of `input[0..length)` into outL/outR (all in `heap`). */
export function applyPingPongDelay(heap: KernelHeap, input: Float32Array, outL: Float32Array, outR: Float32Array, length: number, s: DelaySettings, sampleRate: number): void {
  const mark = heap.mark();
  new DelayStream(heap, s, sampleRate).process(input.subarray(0, length), outL, outR);
  heap.release(mark);
}
