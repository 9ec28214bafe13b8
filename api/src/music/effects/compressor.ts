/**
 * Stereo-linked feed-forward bus compressor (peak detector, soft knee; kernel:
 * dsp/assembly/bus.ts). Stateful, so a song can be compressed in segments: a segment's
 * compressor is first warmed up on the audio just before it.
 */
import type { KernelHeap } from '../dsp/heap.js';

export interface CompressorSettings {
  thresholdDb: number;
  ratio: number;
  attack: number;
  release: number;
  kneeDb: number;
  makeupDb: number;
}

export class BusCompressor {
  private readonly att: number;
  private readonly rel: number;
  /** The envelope, in the heap, carried from call to call. */
  private readonly state: Float64Array;

  constructor(
    private readonly heap: KernelHeap,
    private readonly s: CompressorSettings,
    sampleRate: number,
  ) {
    this.att = Math.exp(-1 / (s.attack * sampleRate));
    this.rel = Math.exp(-1 / (s.release * sampleRate));
    this.state = heap.allocFloat64(1);
  }

  /**
   * Runs the envelope over `inputGain * [left, right]` (in the heap) without changing them
   * (warm-up); `absoluteFrom` is the song index of their first sample.
   */
  follow(left: Float32Array, right: Float32Array, inputGain: number, absoluteFrom: number): void {
    const { heap } = this;
    this.state[0] = heap.kernels.compressorFollow(heap.ptr(left), heap.ptr(right), left.length, absoluteFrom, inputGain, this.att, this.rel, this.state[0]);
  }

  /**
   * Compresses `inputGain * [left, right]` (in the heap) in place. `absoluteFrom` is the song index
   * of their first sample, so the detector's blocks fall on the same samples however the song is cut.
   */
  process(left: Float32Array, right: Float32Array, inputGain: number, absoluteFrom: number): void {
    const { heap, s } = this;
    heap.kernels.compressorProcess(heap.ptr(left), heap.ptr(right), left.length, inputGain, absoluteFrom, this.att, this.rel, s.thresholdDb, s.kneeDb, 1 - 1 / s.ratio, s.makeupDb, heap.ptr(this.state));
  }
}
