/**
 * Engine benchmark: one song per genre through the whole pipeline, printing seconds and
 * real-time factor per stage, time to the first playable MP3 chunk, CPU seconds (all threads) and
 * peak RSS. Runs the compiled engine, as the API and workers do in production.
 *   npm run bench:engine [-- --duration 180 --genres lo-fi,house --art --lyrics]
 * Targets (3-minute song, 2 cores): render <= 0.7 s, first chunk <= 1 s, total <= 2.5 s
 * (>= 72x real time), peak RSS < 300 MB.
 * Shared machines change speed from minute to minute, so the bench also times LAME alone on one
 * thread, on a fixed signal, before and after the songs: runs compare only when that reference
 * agrees, and figures taken while it moved are not worth much.
 */
import { execFileSync } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { GENRES } from '../plan/catalog.js';
import { LocalMusicEngine } from '../provider.js';
import { enginePool } from '../render/worker-pool.js';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    duration: { type: 'string', default: '180' },
    genres: { type: 'string' },
    art: { type: 'boolean', default: false },
    lyrics: { type: 'boolean', default: false },
    seed: { type: 'string', default: '1' },
  },
});

const duration = Number(values.duration);
const genres = values.genres ? values.genres.split(',') : GENRES.map((g) => g.id);
const STAGES = ['compose', 'render', 'master', 'encode', 'analyse', 'art', 'firstChunk', 'total'] as const;

const peakRssMb = (): number => process.resourceUsage().maxRSS / 1024;
const fmt = (x: number, width = 7, digits = 3): string => x.toFixed(digits).padStart(width);

/** Seconds LAME alone takes per 180 s of audio, timed in a process of its own (see lame-reference.ts). */
function lameReferenceSeconds(): number {
  return Number(execFileSync(process.execPath, [fileURLToPath(new URL('./lame-reference.js', import.meta.url))], { encoding: 'utf8' }));
}

async function main(): Promise<void> {
  const engine = new LocalMusicEngine();
  const referenceBefore = lameReferenceSeconds();
  const warm = performance.now();
  await enginePool().warmUp();
  console.log(`Engine bench: ${genres.length} songs x ${duration} s, ${enginePool().workers} workers on ${availableParallelism()} CPUs, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log(`Worker start-up (once per process): ${((performance.now() - warm) / 1000).toFixed(3)} s`);
  // Peak memory depends on it (see docs/engine.md, Threads): npm run bench:engine sets it as the app's start scripts do.
  console.log(`glibc mmap threshold: ${process.env.MALLOC_MMAP_THRESHOLD_ ?? 'dynamic (MALLOC_MMAP_THRESHOLD_ not set)'}`);
  // So is the main thread's young generation (docs/engine.md, Memory): npm run bench:engine runs node as the generation worker does.
  console.log(`Node flags: ${process.execArgv.join(' ') || 'none'}\n`);
  const idleRss = peakRssMb();
  console.log(`Peak RSS before the first song (runtime and idle workers): ${idleRss.toFixed(0)} MB\n`);
  console.log(`${'genre'.padEnd(14)}${STAGES.map((s) => s.padStart(11)).join('')}   x-realtime   cpu-s  peak-RSS`);
  const totals: Record<string, number[]> = {};
  for (const [i, genre] of genres.entries()) {
    const cpuBefore = process.cpuUsage();
    const song = await engine.generate({
      prompt: `${genre} bench song`,
      genres: [genre],
      moods: [],
      generateLyrics: values.lyrics,
      generateAlbumArt: values.art,
      durationSeconds: duration,
      seed: Number(values.seed) + i,
    });
    const cpu = process.cpuUsage(cpuBefore);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    (totals.cpu ??= []).push(cpuSeconds);
    for (const s of STAGES) (totals[s] ??= []).push(song.timings[s] ?? 0);
    const audioSeconds = song.analysis.durationSeconds;
    console.log(`${genre.padEnd(14)}${STAGES.map((s) => fmt(song.timings[s] ?? 0, 11)).join('')}   ${fmt(audioSeconds / song.timings.total, 9, 1)}x  ${fmt(cpuSeconds, 6, 2)}  ${fmt(peakRssMb(), 6, 0)} MB`);
  }
  const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
  const max = (xs: number[]): number => Math.max(...xs);
  console.log(`${'mean'.padEnd(14)}${STAGES.map((s) => fmt(mean(totals[s]), 11)).join('')}   ${fmt(duration / mean(totals.total), 9, 1)}x  ${fmt(mean(totals.cpu), 6, 2)}`);
  console.log(`${'worst'.padEnd(14)}${STAGES.map((s) => fmt(max(totals[s]), 11)).join('')}`);
  console.log(`\nReal-time factor per stage (mean): ${['render', 'master', 'encode'].map((s) => `${s} ${(duration / mean(totals[s])).toFixed(0)}x`).join(' · ')}`);
  console.log(`Peak RSS (whole process, all songs): ${peakRssMb().toFixed(0)} MB · load average now ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const referenceAfter = lameReferenceSeconds();
  console.log(`Machine speed: LAME alone on one thread takes ${referenceBefore.toFixed(2)} s before the songs and ${referenceAfter.toFixed(2)} s after, per 180 s of its test signal`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
