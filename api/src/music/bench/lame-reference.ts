/**
 * Machine-speed reference for the engine bench: prints the seconds LAME alone takes on one thread
 * per 180 s of audio, timed on 30 s of chords and noise. Runs as a process of its own so that it
 * adds nothing to the bench's memory figures. It times the npm package's LAME build
 * (wasm-media-encoders, -V2), not the engine's own encoder, so that the reference stays the same
 * yardstick when the engine's encoder changes.
 */
import { createMp3Encoder } from 'wasm-media-encoders';

const SAMPLE_RATE = 44100;
const SECONDS = 30;

function testSignal(): { left: Float32Array; right: Float32Array } {
  const n = SECONDS * SAMPLE_RATE;
  const left = new Float32Array(n);
  const right = new Float32Array(n);
  let seed = 1;
  for (let i = 0; i < n; i++) {
    const t = i / SAMPLE_RATE;
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    const noise = (seed / 2 ** 32 - 0.5) * 0.2 * Math.exp(-((t * 2) % 0.5) * 8);
    left[i] = 0.2 * Math.sin(2 * Math.PI * 220 * t) + 0.15 * Math.sin(2 * Math.PI * 277.2 * t) + noise;
    right[i] = 0.2 * Math.sin(2 * Math.PI * 329.6 * t) + 0.15 * Math.sin(2 * Math.PI * 220 * t) - noise;
  }
  return { left, right };
}

/** Encodes in blocks of 64 frames, as the engine did with this package. */
function encode(encoder: Awaited<ReturnType<typeof createMp3Encoder>>, left: Float32Array, right: Float32Array): void {
  encoder.configure({ sampleRate: SAMPLE_RATE, channels: 2, vbrQuality: 2, outputSampleRate: SAMPLE_RATE });
  const block = 1152 * 64;
  for (let i = 0; i < left.length; i += block) encoder.encode([left.subarray(i, i + block), right.subarray(i, i + block)]);
  encoder.finalize();
}

const { left, right } = testSignal();
const encoder = await createMp3Encoder();
encode(encoder, left.subarray(0, SAMPLE_RATE), right.subarray(0, SAMPLE_RATE));
const started = performance.now();
encode(encoder, left, right);
process.stdout.write((((performance.now() - started) / 1000) * (180 / SECONDS)).toFixed(3));
