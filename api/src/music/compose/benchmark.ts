/**
 * Prints how long planning, lyric writing and composing take per genre for a 180 s song.
 * Run: npx tsx src/music/compose/benchmark.ts   (target: compose < 50 ms for 180 s)
 */
import { writeLyrics } from '../lyrics/index.js';
import { GENRES } from '../plan/catalog.js';
import { planSong } from '../plan/understand.js';
import { compose } from './index.js';

const RUNS = 20;

function timeIt(run: () => unknown): number {
  for (let i = 0; i < 3; i++) run();
  const start = performance.now();
  for (let i = 0; i < RUNS; i++) run();
  return (performance.now() - start) / RUNS;
}

const rows: string[] = [];
let worst = 0;
for (const genre of GENRES) {
  const plan = planSong({ prompt: `${genre.label} song about the city at night`, genres: [genre.id], moods: [], generateLyrics: true, generateAlbumArt: false, durationSeconds: 180, seed: 1 });
  const lyrics = writeLyrics(plan);
  const planMs = timeIt(() => planSong({ prompt: `${genre.label} song about the city at night`, genres: [genre.id], moods: [], generateLyrics: true, generateAlbumArt: false, durationSeconds: 180, seed: 1 }));
  const lyricsMs = timeIt(() => writeLyrics(plan));
  const composeMs = timeIt(() => compose(plan, lyrics));
  const composition = compose(plan, lyrics);
  const notes = composition.tracks.reduce((total, track) => total + track.notes.length, 0);
  worst = Math.max(worst, composeMs);
  rows.push(
    `${genre.id.padEnd(14)} plan ${planMs.toFixed(2).padStart(6)} ms  lyrics ${lyricsMs.toFixed(2).padStart(6)} ms  compose ${composeMs.toFixed(2).padStart(6)} ms  ` +
      `${composition.totalBars} bars, ${notes} notes, ${composition.drums.hits.length} hits`,
  );
}
console.log(rows.join('\n'));
console.log(`slowest compose: ${worst.toFixed(2)} ms (target < 50 ms for 180 s)`);
