/**
 * Cover painting speed: `npx tsx src/music/art/cover.bench.ts`. Prints per-generator and overall
 * timings for paintCover (SVG + 1024 px PNG + 256 px thumbnail). Target: < 300 ms per cover.
 */
import type { SongPlan } from '../types.js';
import { designCover, paintCover } from './cover.js';

const GENRES = ['pop', 'rock', 'hip-hop', 'trap', 'electronic', 'house', 'techno', 'drum-and-bass', 'lo-fi', 'jazz', 'blues', 'funk', 'r-and-b', 'reggae', 'country', 'metal', 'classical', 'ambient', 'synthwave'];
const MOODS = ['happy', 'sad', 'energetic', 'chill', 'dark', 'romantic', 'epic', 'dreamy', 'aggressive', 'peaceful', 'nostalgic', 'mysterious'];

function plan(index: number): SongPlan {
  const genre = GENRES[index % GENRES.length];
  const mood = MOODS[index % MOODS.length];
  return {
    genre, genres: [genre], mood, moods: [mood], bpm: 120, key: { tonic: 'C', mode: 'major' }, instruments: [], themes: [],
    title: 'Bench', durationSeconds: 60, seed: 9000 + index, withLyrics: false, withCoverArt: true, userLyrics: null,
    brightness: 0.5, density: (index % 5) / 4, colour: { imagery: [], space: 0, texture: 0 }, summary: '',
  };
}

const COVERS = 76;
await paintCover(plan(0)); // warm-up: loads the native resvg module
const byGenerator = new Map<string, number[]>();
const all: number[] = [];
let bytes = 0;
for (let i = 0; i < COVERS; i++) {
  const p = plan(i);
  const started = performance.now();
  const art = await paintCover(p);
  const ms = performance.now() - started;
  bytes += art.full.length;
  all.push(ms);
  const generator = designCover(p).generator;
  byGenerator.set(generator, [...(byGenerator.get(generator) ?? []), ms]);
}
const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  return `n=${String(values.length).padStart(3)} mean ${mean.toFixed(0).padStart(4)} ms  p95 ${sorted[Math.floor(sorted.length * 0.95)].toFixed(0).padStart(4)} ms  max ${sorted[sorted.length - 1].toFixed(0).padStart(4)} ms`;
};
for (const [generator, values] of [...byGenerator].sort()) console.log(`${generator.padEnd(14)} ${stats(values)}`);
console.log(`${'all'.padEnd(14)} ${stats(all)}  mean PNG ${(bytes / COVERS / 1024).toFixed(0)} KiB`);
