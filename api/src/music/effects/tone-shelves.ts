/**
 * The mix bus's tonal balance: a low shelf that trims the bottom and a high shelf that opens the
 * top ("air"), RBJ cookbook biquads (Direct Form I, f64 state; kernel: dsp/assembly/filter.ts). A
 * commercial mix's octave-band spectrum falls about 1.5-3 dB per octave; our synthesised voices
 * fall faster, so the shelves tilt the whole mix towards a slope each song's brightness decides
 * (render/finish.ts measures the mix and picks the top shelf's gain).
 */
import type { KernelHeap } from '../dsp/heap.js';

export interface ShelfSettings {
  lowHz: number;
  lowDb: number;
  highHz: number;
  highDb: number;
}

export interface Coefficients {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

/** RBJ shelf with slope S = 1. */
export function shelf(kind: 'low' | 'high', hz: number, db: number, sampleRate: number): Coefficients {
  const a = 10 ** (db / 40);
  const w = (2 * Math.PI * hz) / sampleRate;
  const cos = Math.cos(w);
  const alpha = (Math.sin(w) / 2) * Math.SQRT2;
  const root = 2 * Math.sqrt(a) * alpha;
  const sign = kind === 'low' ? 1 : -1;
  const a0 = a + 1 + sign * (a - 1) * cos + root;
  return {
    b0: (a * (a + 1 - sign * (a - 1) * cos + root)) / a0,
    b1: (sign * 2 * a * (a - 1 - sign * (a + 1) * cos)) / a0,
    b2: (a * (a + 1 - sign * (a - 1) * cos - root)) / a0,
    a1: (-sign * 2 * (a - 1 + sign * (a + 1) * cos)) / a0,
    a2: (a + 1 + sign * (a - 1) * cos - root) / a0,
  };
}

/** One biquad over both channels (in the heap), keeping its state between calls. */
export class StereoBiquad {
  /** The filter's memory, in the heap: in 1, 2, out 1, 2, each as [left, right]. */
  private readonly state: Float64Array;

  constructor(
    private readonly heap: KernelHeap,
    private readonly c: Coefficients,
  ) {
    this.state = heap.allocFloat64(8);
  }

  /** Filters a stereo stretch (views of the heap) in place. */
  run(left: Float32Array, right: Float32Array): void {
    const { heap, c } = this;
    heap.kernels.biquadStereo(heap.ptr(left), heap.ptr(right), left.length, heap.ptr(this.state), c.b0, c.b1, c.b2, c.a1, c.a2);
  }
}

/** Both shelves on both channels, keeping their state between calls. */
export class ToneShelves {
  private readonly filters: StereoBiquad[];

  constructor(heap: KernelHeap, settings: ShelfSettings, sampleRate: number) {
    this.filters = [new StereoBiquad(heap, shelf('low', settings.lowHz, settings.lowDb, sampleRate)), new StereoBiquad(heap, shelf('high', settings.highHz, settings.highDb, sampleRate))];
  }

  /** Filters a stereo stretch (views of the heap) in place (run the audio before a segment through it first to settle it). */
  process(left: Float32Array, right: Float32Array): void {
    for (const filter of this.filters) filter.run(left, right);
  }
}
