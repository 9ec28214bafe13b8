/**
 * The DSP kernels (dsp/assembly/, compiled to kernels.wasm) and the memory they work in. The
 * renderer's and mix bus's hottest loops run there with SIMD, about ten times faster than the same
 * loops in JavaScript.
 *
 * Each thread has its own instance and heap. Buffers a kernel touches are Float32Array views of
 * that heap, taken with alloc() or copy(); JavaScript reads and writes them like any other array.
 * Allocation is a bump pointer: take a mark() before a job's buffers and release() it after, so a
 * heap never fragments. The heap's memory is shared (growing it never detaches earlier views) and
 * never shrinks, so a thread that is done rendering drops its whole heap (releaseKernelHeap).
 */
import { readFileSync } from 'node:fs';

/** The kernels' exports; pointers are byte addresses in the heap (see KernelHeap.ptr). */
export interface Kernels {
  heapBase(): number;
  zero(at: number, bytes: number): void;
  mixInto(dst: number, src: number, n: number, gain: number): void;
  multiplyInto(x: number, by: number, n: number): void;
  sendTrack(
    x: number, n: number,
    left: number, right: number, reverb: number, delay: number, chorusLeft: number, chorusRight: number,
    leftGain: number, rightGain: number, reverbGain: number, delayGain: number, chorusLeftGain: number, chorusRightGain: number,
  ): void;
  reverbHistory(preDelaySeconds: number, sampleRate: number): number;
  reverbLinesLength(sampleRate: number): number;
  reverbBlock(
    input: number, inputStart: number, length: number, outL: number, outR: number, from: number, to: number, absoluteOffset: number,
    rt60: number, dampingHz: number, preDelaySeconds: number, wetLevel: number, sampleRate: number,
    state: number, lines: number, wetL: number, wetR: number, wetMask: number,
  ): void;
  chorusBus(busL: number, busR: number, busStart: number, outL: number, outR: number, from: number, to: number, absoluteOffset: number, baseDelay: number, swing: number, lfoRadiansPerSample: number, lfoStep: number): void;
  pingPongDelay(input: number, outL: number, outR: number, n: number, delaySamples: number, toneCoefficient: number, feedback: number, wet: number, lineL: number, lineR: number, state: number): void;
  tapeWowAndTone(left: number, right: number, from: number, to: number, absoluteOffset: number, baseDelay: number, swing: number, lfoRadiansPerSample: number, lfoStep: number, ring: number, ringMask: number, a1: number, a2: number, a3: number, state: number): void;
  compressorFollow(left: number, right: number, n: number, absoluteFrom: number, inputGain: number, attack: number, release: number, envelope: number): number;
  compressorProcess(left: number, right: number, n: number, inputGain: number, absoluteFrom: number, attack: number, release: number, thresholdDb: number, kneeDb: number, slope: number, makeupDb: number, state: number): void;
  saturateAndHiss(left: number, right: number, n: number, drive: number, hiss: number, noiseState: number): number;
  kWeightedMeasure(left: number, right: number, n: number, state: number, b0: number, b1: number, b2: number, a1: number, a2: number, c1: number, c2: number, unit: number, record: number, unitPower: number, unitPeak: number): void;
  biquadStereo(left: number, right: number, n: number, state: number, b0: number, b1: number, b2: number, a1: number, a2: number): void;
  singVoice(
    out: number, blocks: number, blockLength: number, blockParams: number, table: number, tableSize: number, jitter: number, state: number,
    a4: number, b4: number, c4: number, a5: number, b5: number, c5: number, presence: number, airflow: number,
  ): void;
  deEss(x: number, n: number, b0: number, b1: number, b2: number, a1: number, a2: number, attack: number, release: number, threshold: number): void;
  compressVoice(x: number, n: number, attack: number, release: number, threshold: number, slope: number, gainBlock: number): void;
}

const wasmModule = new WebAssembly.Module(readFileSync(new URL('./kernels.wasm', import.meta.url)));

const PAGE_BYTES = 65536;
/** Matches asconfig.json: 1 GiB of address space, committed only as it is used. */
const MAXIMUM_PAGES = 16384;
/** Kernels load four floats at a time; aligned starts keep those loads within one cache line. */
const ALIGN = 16;

export class KernelHeap {
  readonly kernels: Kernels;
  private readonly memory: WebAssembly.Memory;
  /** The SharedArrayBuffer objects views were taken from (growing the memory makes a new one). */
  private readonly buffers = new Set<ArrayBufferLike>();
  private readonly base: number;
  private top: number;

  constructor() {
    this.memory = new WebAssembly.Memory({ initial: 16, maximum: MAXIMUM_PAGES, shared: true });
    const abort = (): never => {
      throw new Error('DSP kernel aborted');
    };
    this.kernels = new WebAssembly.Instance(wasmModule, { env: { memory: this.memory, abort } }).exports as unknown as Kernels;
    this.base = alignUp(this.kernels.heapBase());
    this.top = this.base;
  }

  /** A zeroed array of `length` floats in the heap. */
  alloc(length: number): Float32Array {
    const [buffer, start] = this.reserve(length * Float32Array.BYTES_PER_ELEMENT);
    this.kernels.zero(start, length * Float32Array.BYTES_PER_ELEMENT);
    return new Float32Array(buffer, start, length);
  }

  /** A zeroed array of `length` doubles in the heap (kernel state). */
  allocFloat64(length: number): Float64Array {
    const [buffer, start] = this.reserve(length * Float64Array.BYTES_PER_ELEMENT);
    this.kernels.zero(start, length * Float64Array.BYTES_PER_ELEMENT);
    return new Float64Array(buffer, start, length);
  }

  /** An array of `length` floats in the heap holding whatever was there: only for buffers a kernel overwrites whole. */
  scratch(length: number): Float32Array {
    return new Float32Array(...this.reserve(length * Float32Array.BYTES_PER_ELEMENT), length);
  }

  /** An array of `length` doubles in the heap holding whatever was there, for the caller to fill. */
  scratchFloat64(length: number): Float64Array {
    return new Float64Array(...this.reserve(length * Float64Array.BYTES_PER_ELEMENT), length);
  }

  /** `source` copied into the heap. */
  copy(source: Float32Array): Float32Array {
    const view = new Float32Array(...this.reserve(source.length * Float32Array.BYTES_PER_ELEMENT), source.length);
    view.set(source);
    return view;
  }

  /** The allocation point, to hand back to release() once the buffers taken since are done with. */
  mark(): number {
    return this.top;
  }

  /** Frees everything allocated since `mark` (views taken since then must no longer be used). */
  release(mark: number): void {
    if (mark < this.base || mark > this.top) throw new Error('Kernel heap released to a mark it never had');
    this.top = mark;
  }

  /** Byte address of a heap view for the kernels; anything else is refused. */
  ptr(view: Float32Array | Float64Array): number {
    if (!this.buffers.has(view.buffer)) throw new Error('DSP kernels can only work on buffers from their own heap');
    return view.byteOffset;
  }

  /** Bytes of memory the heap holds (it never shrinks). */
  get size(): number {
    return this.memory.buffer.byteLength;
  }

  /** Takes `bytes` (aligned) off the top, growing the memory if needed; returns the buffer and offset to view. */
  private reserve(bytes: number): [ArrayBufferLike, number] {
    const start = alignUp(this.top);
    const end = start + bytes;
    const have = this.memory.buffer.byteLength;
    if (end > have) {
      // A quarter more than needed, so a run of allocations does not grow page by page.
      const pages = Math.ceil((end - have) / PAGE_BYTES) + Math.ceil(have / PAGE_BYTES / 4);
      this.memory.grow(Math.min(pages, MAXIMUM_PAGES - have / PAGE_BYTES));
    }
    this.top = end;
    const buffer = this.memory.buffer;
    this.buffers.add(buffer);
    return [buffer, start];
  }
}

const alignUp = (n: number): number => Math.ceil(n / ALIGN) * ALIGN;

let threadHeap: KernelHeap | null = null;

/** This thread's heap, created on first use. */
export function kernelHeap(): KernelHeap {
  threadHeap ??= new KernelHeap();
  return threadHeap;
}

/** Lets this thread's heap go (its memory is freed at the next garbage collection). */
export function releaseKernelHeap(): void {
  threadHeap = null;
}
