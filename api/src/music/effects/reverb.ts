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
 * Adds the reverberation of `input[0..length)` into `outL/outR` at the same indices (all three
 * in `heap`). `absoluteOffset` is the song sample index of input[0].
 */
export function applyReverb(heap: KernelHeap, input: Float32Array, outL: Float32Array, outR: Float32Array, length: number, settings: ReverbSettings, sampleRate: number, absoluteOffset: number): void {
  const { kernels } = heap;
  const mark = heap.mark();
  const scratch = heap.alloc(kernels.reverbScratchLength(length, sampleRate));
  kernels.reverb(heap.ptr(input), heap.ptr(outL), heap.ptr(outR), length, absoluteOffset, settings.rt60, settings.dampingHz, settings.preDelay, settings.wet, sampleRate, heap.ptr(scratch));
  heap.release(mark);
}
