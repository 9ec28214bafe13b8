/**
 * Spectrogram images of four contrasting songs (pop, jazz, metal, ambient), for docs/sound/:
 * each song is generated through the public provider, its MP3 decoded, and drawn with time
 * across (whole song) and frequency up (30 Hz to 20 kHz, log scale), level in dB as colour, with
 * the left channel's picture above and the side signal (L - R, the stereo width) below.
 *   npm run spectrograms -- --out ../docs/sound --tag after
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { LocalMusicEngine } from '../provider.js';
import { decodeMp3 } from '../quality/mp3-decode.js';
import { spectrogram } from '../quality/spectrum.js';
import { encodePng } from './png.js';

const { values } = parseArgs({ args: process.argv.slice(2), options: { out: { type: 'string', default: '../docs/sound' }, tag: { type: 'string', default: 'after' }, duration: { type: 'string', default: '120' } } });

const SONGS = [
  { name: 'pop-energetic', genre: 'pop', mood: 'energetic' },
  { name: 'jazz-chill', genre: 'jazz', mood: 'chill' },
  { name: 'metal-aggressive', genre: 'metal', mood: 'aggressive' },
  { name: 'ambient-peaceful', genre: 'ambient', mood: 'peaceful' },
];
const WIDTH = 720;
const HEIGHT = 180;
const FRAME = 4096;
const LOW_HZ = 30;
const HIGH_HZ = 20000;
const FLOOR_DB = -90;

/** Black, purple, red, orange, pale yellow (a magma-like ramp), for 0..1. */
function colour(x: number): [number, number, number] {
  const stops: [number, number, number][] = [[0, 0, 4], [80, 18, 123], [182, 54, 121], [251, 136, 97], [252, 253, 191]];
  const at = Math.min(0.9999, Math.max(0, x)) * (stops.length - 1);
  const i = Math.floor(at);
  const f = at - i;
  return [0, 1, 2].map((c) => Math.round(stops[i][c] + (stops[i + 1][c] - stops[i][c]) * f)) as [number, number, number];
}

function draw(samples: Float32Array, sampleRate: number, rgb: Uint8Array, top: number): void {
  const hop = Math.max(256, Math.floor((samples.length - FRAME) / WIDTH));
  const spec = spectrogram(samples, sampleRate, FRAME, hop);
  for (let x = 0; x < WIDTH; x++) {
    const frame = spec.frames[Math.min(spec.frames.length - 1, Math.floor((x * spec.frames.length) / WIDTH))];
    for (let y = 0; y < HEIGHT; y++) {
      const hz = LOW_HZ * (HIGH_HZ / LOW_HZ) ** ((HEIGHT - 1 - y) / (HEIGHT - 1));
      const magnitude = frame[Math.min(frame.length - 1, Math.round(hz / spec.binWidth))] / (FRAME / 4);
      const db = 20 * Math.log10(magnitude + 1e-12);
      const [r, g, b] = colour((db - FLOOR_DB) / -FLOOR_DB);
      const at = ((top + y) * WIDTH + x) * 3;
      rgb[at] = r;
      rgb[at + 1] = g;
      rgb[at + 2] = b;
    }
  }
}

async function main(): Promise<void> {
  const engine = new LocalMusicEngine();
  mkdirSync(values.out, { recursive: true });
  for (const song of SONGS) {
    const generated = await engine.generate({ prompt: `a ${song.mood} ${song.genre} song`, genres: [song.genre], moods: [song.mood], generateLyrics: false, generateAlbumArt: false, durationSeconds: Number(values.duration), seed: 7 });
    const decoded = await decodeMp3(generated.mp3);
    const [left, right] = decoded.channels;
    const side = left.map((l, i) => l - right[i]);
    const rgb = new Uint8Array(WIDTH * (2 * HEIGHT + 4) * 3).fill(255);
    draw(left, decoded.sampleRate, rgb, 0);
    draw(side, decoded.sampleRate, rgb, HEIGHT + 4);
    const file = join(values.out, `${song.name}-${values.tag}.png`);
    writeFileSync(file, encodePng(WIDTH, 2 * HEIGHT + 4, rgb));
    console.log(`${file}: ${generated.plan.summary}`);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
