/**
 * Vocals benchmark: over a fixed set of songs with generated lyrics, measures the dry vocal stem
 *   - pitch accuracy: share of the frames that an independent pitch tracker (pitchy, McLeod)
 *     finds voiced inside the planned notes' vowels that are within 50 cents of the note;
 *   - intelligibility: word accuracy of PocketSphinx (Debian, en-us models) on the sung stem
 *     against the lyrics, and on the same lyrics spoken plainly by eSpeak NG (the reference);
 * then the speed of whole 3-minute songs with vocals (render, master, encode, first chunk), peak
 * RSS, and the machine's speed and load (LAME alone before and after, load average).
 *   npm run bench:vocals [-- --duration 180 --speed-songs 3 --skip-speech]
 * Needs the Debian packages pocketsphinx, pocketsphinx-en-us, espeak-ng and sox.
 */
import { execFileSync } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { LocalMusicEngine } from '../provider.js';
import { pitchAccuracy, plannedNotes } from '../quality/pitch-accuracy.js';
import { scoreWords, transcribe, transcribeSpoken, words } from '../quality/recognise.js';
import { enginePool } from '../render/worker-pool.js';
import { SAMPLE_RATE } from '../synth/dsp.js';
import type { SongRequest } from '../types.js';
import { renderDryVocals } from '../vocals/stem.js';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    duration: { type: 'string', default: '180' },
    'measure-duration': { type: 'string', default: '90' },
    'speed-songs': { type: 'string', default: '3' },
    'skip-speech': { type: 'boolean', default: false },
  },
});

/** The fixed set: both voice types, five genres, generated lyrics. */
const VOCAL_BENCH_SONGS: { genre: string; mood: string; seed: number }[] = [
  { genre: 'pop', mood: 'happy', seed: 5 },
  { genre: 'rock', mood: 'energetic', seed: 7 },
  { genre: 'country', mood: 'romantic', seed: 3 },
  { genre: 'r-and-b', mood: 'chill', seed: 11 },
  { genre: 'lo-fi', mood: 'sad', seed: 2 },
];

const request = (genre: string, mood: string, seed: number, durationSeconds: number): SongRequest => ({
  prompt: `${genre} song`,
  genres: [genre],
  moods: [mood],
  generateLyrics: true,
  generateAlbumArt: false,
  durationSeconds,
  seed,
});

const pct = (x: number): string => `${(x * 100).toFixed(1)} %`.padStart(8);
const peakRssMb = (): number => process.resourceUsage().maxRSS / 1024;

function lameReferenceSeconds(): number {
  return Number(execFileSync(process.execPath, [fileURLToPath(new URL('./lame-reference.js', import.meta.url))], { encoding: 'utf8' }));
}

function measureSongs(engine: LocalMusicEngine): void {
  const duration = Number(values['measure-duration']);
  console.log(`Dry vocal stems, ${VOCAL_BENCH_SONGS.length} songs x ${duration} s with generated lyrics\n`);
  console.log(`${'song'.padEnd(20)}${'voice'.padEnd(6)}${'pitch'.padStart(9)}${'voiced'.padStart(9)}${'med.err'.padStart(9)}${'sung acc'.padStart(10)}${'sung cor'.padStart(10)}${'spoken acc'.padStart(12)}${'spoken cor'.padStart(12)}`);
  const totals = { within: 0, voiced: 0, noteFrames: 0, words: 0, sungErrors: 0, sungHits: 0, spokenErrors: 0, spokenHits: 0, synthesis: 0, sung: 0 };
  for (const { genre, mood, seed } of VOCAL_BENCH_SONGS) {
    const plan = engine.plan(request(genre, mood, seed, duration));
    const composition = engine.compose(plan, engine.writeLyrics(plan));
    const vocals = composition.vocals;
    if (!vocals) throw new Error(`${genre}: no vocals`);
    const started = performance.now();
    const stem = renderDryVocals(composition, SAMPLE_RATE);
    totals.synthesis += (performance.now() - started) / 1000;
    totals.sung += vocals.phrases.reduce((total, phrase) => total + phrase.end - phrase.start, 0);
    const pitch = pitchAccuracy(stem, SAMPLE_RATE, plannedNotes(vocals));
    totals.within += pitch.accuracy * pitch.voicedFrames;
    totals.voiced += pitch.voicedFrames;
    totals.noteFrames += pitch.noteFrames;
    const lines = vocals.phrases.map((phrase) => phrase.text);
    const reference = lines.flatMap(words);
    let speech = '';
    if (!values['skip-speech']) {
      const sung = scoreWords(reference, transcribe(stem, SAMPLE_RATE));
      const spoken = scoreWords(reference, transcribeSpoken(lines));
      totals.words += reference.length;
      totals.sungErrors += (1 - sung.accuracy) * reference.length;
      totals.sungHits += sung.correct * reference.length;
      totals.spokenErrors += (1 - spoken.accuracy) * reference.length;
      totals.spokenHits += spoken.correct * reference.length;
      speech = `${pct(sung.accuracy)}  ${pct(sung.correct)}    ${pct(spoken.accuracy)}    ${pct(spoken.correct)}`;
    }
    console.log(`${`${genre}/${mood}`.padEnd(20)}${vocals.voice.padEnd(6)} ${pct(pitch.accuracy)} ${pct(pitch.voicedFrames / Math.max(1, pitch.noteFrames))} ${pitch.medianErrorCents.toFixed(1).padStart(6)} c  ${speech}`);
  }
  console.log(`\nSynthesis of the dry stems: ${totals.synthesis.toFixed(2)} s for ${totals.sung.toFixed(0)} s of singing, one thread (${((totals.synthesis / totals.sung) * 180).toFixed(2)} s per 180 s sung)`);
  console.log(`Pitch accuracy (all voiced frames): ${pct(totals.within / totals.voiced).trim()} of ${totals.voiced} frames within 50 cents (target >= 90 %); ${pct(totals.voiced / totals.noteFrames).trim()} of the frames inside notes read as voiced`);
  if (!values['skip-speech']) {
    const sung = 1 - totals.sungErrors / totals.words;
    const spoken = 1 - totals.spokenErrors / totals.words;
    console.log(`Word accuracy over ${totals.words} words: sung ${pct(sung).trim()} (correct ${pct(totals.sungHits / totals.words).trim()}), spoken by eSpeak NG ${pct(spoken).trim()} (correct ${pct(totals.spokenHits / totals.words).trim()}); sung / spoken = ${(sung / spoken).toFixed(2)} (aim >= 0.5)`);
  }
}

/**
 * Each song with vocals, then the same request as an instrumental (no lyrics), one after the
 * other so that both see the same machine: the difference is what the vocals cost.
 */
async function measureSpeed(engine: LocalMusicEngine): Promise<void> {
  const duration = Number(values.duration);
  const count = Number(values['speed-songs']);
  if (count === 0) return;
  await enginePool().warmUp();
  console.log(`Speed: ${count} songs x ${duration} s with vocals and as instrumentals, ${enginePool().workers} workers on ${availableParallelism()} CPUs, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const stages = ['render', 'master', 'encode', 'firstChunk', 'total'] as const;
  console.log(`${'song'.padEnd(28)}${stages.map((s) => s.padStart(11)).join('')}   cpu-s  sung-s  peak-RSS`);
  const sums: Record<string, Record<string, number>> = { vocals: {}, instrumental: {} };
  for (const { genre, mood, seed } of VOCAL_BENCH_SONGS.slice(0, count)) {
    for (const kind of ['vocals', 'instrumental'] as const) {
      const cpuBefore = process.cpuUsage();
      const song = await engine.generate({ ...request(genre, mood, seed, duration), generateLyrics: kind === 'vocals' });
      const cpu = process.cpuUsage(cpuBefore);
      const sung = (song.composition.vocals?.phrases ?? []).reduce((total, phrase) => total + phrase.end - phrase.start, 0);
      const timings: Record<string, number> = { ...song.timings, cpu: (cpu.user + cpu.system) / 1e6 };
      for (const s of [...stages, 'cpu']) sums[kind][s] = (sums[kind][s] ?? 0) + timings[s];
      console.log(`${`${genre}/${mood} ${kind}`.padEnd(28)}${stages.map((s) => timings[s].toFixed(3).padStart(11)).join('')}  ${timings.cpu.toFixed(2).padStart(6)}  ${sung.toFixed(0).padStart(6)}  ${peakRssMb().toFixed(0).padStart(5)} MB`);
    }
  }
  for (const kind of ['vocals', 'instrumental']) console.log(`${`mean ${kind}`.padEnd(28)}${[...stages, 'cpu'].map((s) => (sums[kind][s] / count).toFixed(3).padStart(s === 'cpu' ? 8 : 11)).join('')}`);
  console.log(`Targets: total <= 3 s, first chunk <= 1 s per 3-minute song with vocals. Load average now ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
}

async function main(): Promise<void> {
  const engine = new LocalMusicEngine();
  const referenceBefore = lameReferenceSeconds();
  // Speed first, so the peak RSS is that of generating songs, not of the measurements.
  await measureSpeed(engine);
  console.log(`Peak RSS (whole process, after the songs): ${peakRssMb().toFixed(0)} MB\n`);
  const referenceAfter = lameReferenceSeconds();
  measureSongs(engine);
  console.log(`Machine speed: LAME alone on one thread takes ${referenceBefore.toFixed(2)} s before and ${referenceAfter.toFixed(2)} s after, per 180 s of its test signal (about 2.5 s on an idle machine)`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
