/**
 * LAME 3.100 built for this engine (lame-wasm/, compiled to lame.wasm with -O3 and SIMD), used
 * inside workers: one module instance per thread, reused across chunks because instantiating the
 * wasm module is the slow part; each chunk gets a fresh encoder state.
 */
import { readFileSync } from 'node:fs';

/**
 * LAME's VBR quality (-V2: transparent for most listeners, about 140-220 kbps on our songs).
 * VBR encodes about a quarter faster than 192 kbps CBR here and makes smaller files.
 */
const VBR_QUALITY = 2;
/**
 * LAME's algorithm quality (-q). LAME's VBR coder knows only three levels: 0-4 (its default,
 * which adds an exhaustive Huffman table split), 5-6 and 7 (a cruder scalefactor search).
 * q5 quantises like q0 and spends the time saved on nothing else: see docs/decisions.md.
 */
const ALGORITHM_QUALITY = 5;

interface LameExports {
  memory: { buffer: ArrayBuffer };
  _initialize(): void;
  malloc(bytes: number): number;
  free(pointer: number): void;
  encoder_open(sampleRate: number, vbrQuality: number, quality: number): number;
  encoder_encode(encoder: number, left: number, right: number, samples: number): number;
  encoder_flush(encoder: number): number;
  encoder_output(encoder: number): number;
  encoder_close(encoder: number): void;
}

const wasmModule = new WebAssembly.Module(readFileSync(new URL('./lame.wasm', import.meta.url)));

/**
 * wasi-libc's system calls, which LAME never reaches (it writes no files and its messages are
 * discarded), answered with ENOSYS so that a stray one fails loudly instead of silently.
 */
const ENOSYS = 52;
const wasi = new Proxy(
  {},
  {
    get: (_target, name) =>
      name === 'proc_exit'
        ? (code: number): never => {
            throw new Error(`LAME exited with code ${code}`);
          }
        : (): number => ENOSYS,
  },
);

let lame: LameExports | null = null;

/**
 * Lets this thread's instance go (the next encode makes a new one from the compiled module, a
 * few milliseconds at most): its memory never shrinks, and a worker kept about 14 MB of it from one
 * song's encode through the next song's render.
 */
export function releaseLame(): void {
  lame = null;
}

function instance(): LameExports {
  if (lame) return lame;
  const exports = new WebAssembly.Instance(wasmModule, { wasi_snapshot_preview1: wasi }).exports as unknown as LameExports;
  exports._initialize();
  lame = exports;
  return exports;
}

export interface PcmChunk {
  sampleRate: number;
  left: Float32Array;
  right: Float32Array;
}

/** Encodes PCM as VBR stereo MP3 (no CRC, no tag frame) and flushes; returns the raw stream. */
export function encodePcm(pcm: PcmChunk): Uint8Array {
  const lib = instance();
  const samples = pcm.left.length;
  const encoder = lib.encoder_open(pcm.sampleRate, VBR_QUALITY, ALGORITHM_QUALITY);
  if (encoder === 0) throw new Error(`LAME refused ${pcm.sampleRate} Hz stereo at -V${VBR_QUALITY}`);
  const input = lib.malloc(2 * samples * Float32Array.BYTES_PER_ELEMENT);
  try {
    if (input === 0) throw new Error(`LAME could not allocate ${samples} samples`);
    // Views are taken after each call that may grow the memory (growing detaches old views).
    new Float32Array(lib.memory.buffer, input, samples).set(pcm.left);
    new Float32Array(lib.memory.buffer, input + samples * Float32Array.BYTES_PER_ELEMENT, samples).set(pcm.right);
    const body = lib.encoder_encode(encoder, input, input + samples * Float32Array.BYTES_PER_ELEMENT, samples);
    if (body < 0) throw new Error(`LAME failed to encode (${body})`);
    const out = new Uint8Array(body + 7200);
    out.set(new Uint8Array(lib.memory.buffer, lib.encoder_output(encoder), body));
    const tail = lib.encoder_flush(encoder);
    if (tail < 0) throw new Error(`LAME failed to flush (${tail})`);
    out.set(new Uint8Array(lib.memory.buffer, lib.encoder_output(encoder), tail), body);
    return out.slice(0, body + tail);
  } finally {
    lib.free(input);
    lib.encoder_close(encoder);
  }
}
