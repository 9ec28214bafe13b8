/**
 * Feedback-delay-network reverb at half rate; the network itself is a DSP kernel
 * (dsp/assembly/reverb.ts). Linear and time-invariant, so a song can be reverberated in chunks
 * and the results summed.
 */
import type { KernelHeap } from '../dsp/heap.js';

export interface ReverbSettings {
  /** Seconds to decay by 60 dB. */
  rt60: number;
  /** High-frequency damping cut-off, Hz. */
  dampingHz: number;
  preDelay: number;
  /** Output level. */
  wet: number;
}

/**
 * The reverb of one slice, block by block (the network's state is carried between blocks, so a
 * slice's reverb bus need not be held whole).
 */
export class ReverbStream {
  /** Input samples before each block that process() reads. */
  readonly history: number;
  private readonly state: Float64Array;
  private readonly lines: Float64Array;
  private readonly wetL: Float32Array;
  private readonly wetR: Float32Array;

  /**
   * Buffers in `heap` for a slice of `length` samples whose sample 0 is song sample
   * `absoluteOffset`, processed in blocks of at most `maxBlock` samples.
   */
  constructor(private readonly heap: KernelHeap, private readonly settings: ReverbSettings, private readonly sampleRate: number, private readonly length: number, private readonly absoluteOffset: number, maxBlock: number) {
    const { kernels } = heap;
    this.history = kernels.reverbHistory(settings.preDelay, sampleRate);
    this.state = heap.allocFloat64(17);
    this.lines = heap.allocFloat64(kernels.reverbLinesLength(sampleRate));
    // Wet values of the pairs (two samples each) a block reads, and the next block's first.
    const ring = 1 << Math.ceil(Math.log2(maxBlock / 2 + 4));
    this.wetL = heap.alloc(ring);
    this.wetR = heap.alloc(ring);
  }

  /**
   * Adds the reverberation into outL/outR (whose index 0 is slice sample `from`) for slice samples
   * [from, to); `input[0]` is slice sample `inputStart`, and input holds `history` samples before
   * `from` up to `to`. Blocks must follow each other.
   */
  process(input: Float32Array, inputStart: number, outL: Float32Array, outR: Float32Array, from: number, to: number): void {
    const { heap, settings: s } = this;
    heap.kernels.reverbBlock(
      heap.ptr(input), inputStart, this.length, heap.ptr(outL), heap.ptr(outR), from, to, this.absoluteOffset,
      s.rt60, s.dampingHz, s.preDelay, s.wet, this.sampleRate, heap.ptr(this.state), heap.ptr(this.lines), heap.ptr(this.wetL), heap.ptr(this.wetR), this.wetL.length - 1,
    );
  }
}

/**
 * Adds the reverberation of `input[0..length)` into `outL/outR` at the same indices (all three
 * in `heap`). `absoluteOffset` is the song sample index of input[0].
 */
export function applyReverb(heap: KernelHeap, input: Float32Array, outL: Float32Array, outR: Float32Array, length: number, settings: ReverbSettings, sampleRate: number, absoluteOffset: number): void {
  const mark = heap.mark();
  new ReverbStream(heap, settings, sampleRate, length, absoluteOffset, length).process(input, 0, outL, outR, 0, length);
  heap.release(mark);
}
