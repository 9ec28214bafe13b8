/**
 * 16-bit PCM WAV (RIFF) of stereo audio: a 44-byte header and interleaved samples, clipped to
 * full scale. Written here rather than with a package: the format is that header and nothing else.
 */
import type { StereoAudio } from '../types.js';

const HEADER_BYTES = 44;

export function encodeWav(audio: StereoAudio): Uint8Array {
  const frames = audio.left.length;
  const dataBytes = frames * 4;
  const bytes = new Uint8Array(HEADER_BYTES + dataBytes);
  const view = new DataView(bytes.buffer);
  const ascii = (at: number, text: string): void => {
    for (let i = 0; i < text.length; i++) bytes[at + i] = text.charCodeAt(i);
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 2, true); // channels
  view.setUint32(24, audio.sampleRate, true);
  view.setUint32(28, audio.sampleRate * 4, true); // bytes per second
  view.setUint16(32, 4, true); // bytes per frame
  view.setUint16(34, 16, true); // bits per sample
  ascii(36, 'data');
  view.setUint32(40, dataBytes, true);
  const samples = new Int16Array(bytes.buffer, HEADER_BYTES, frames * 2);
  const { left, right } = audio;
  for (let i = 0; i < frames; i++) {
    samples[2 * i] = toInt16(left[i]);
    samples[2 * i + 1] = toInt16(right[i]);
  }
  return bytes;
}

function toInt16(x: number): number {
  const v = Math.round(x * 32767);
  return v > 32767 ? 32767 : v < -32768 ? -32768 : v;
}
