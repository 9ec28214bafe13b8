/**
 * MP3 -> PCM with mpg123 compiled to WebAssembly (mpg123-decoder): decoding the engine's MP3 with
 * an independent decoder proves the file is a real, playable MPEG stream.
 */
import { MPEGDecoder } from 'mpg123-decoder';
import type { PcmSignal } from './spectrum.js';

export interface DecodedMp3 extends PcmSignal {
  /** Frame errors reported by the decoder (a valid file has none). */
  errors: number;
}

export async function decodeMp3(bytes: Uint8Array): Promise<DecodedMp3> {
  const decoder = new MPEGDecoder();
  await decoder.ready;
  try {
    const result = decoder.decode(bytes);
    return { sampleRate: result.sampleRate, channels: result.channelData, errors: result.errors.length };
  } finally {
    decoder.free();
  }
}
