/**
 * Stems benchmark: for 3-minute songs with vocals, the time to generate the song (engine.generate)
 * against the time to render what a download needs on demand: everything a zip holds (the mastered
 * song and the four stems, each encoded as WAV) and one stem alone; peak RSS and the load average.
 *   npm run bench:stems [-- --duration 180 --songs 2]
 */
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { LocalMusicEngine } from '../provider.js';
import { enginePool } from '../render/worker-pool.js';
import { renderStems, STEM_NAMES } from '../stems/stems.js';
import { encodeWav } from '../stems/wav.js';
import type { SongRequest } from '../types.js';

const { values } = parseArgs({ args: process.argv.slice(2), options: { duration: { type: 'string', default: '180' }, songs: { type: 'string', default: '2' } } });

const SONGS = [
  { genre: 'pop', mood: 'happy', seed: 5 },
  { genre: 'rock', mood: 'energetic', seed: 7 },
  { genre: 'lo-fi', mood: 'chill', seed: 2 },
];

const load = (): string => loadavg().map((l) => l.toFixed(2)).join(' ');
const peakRssMb = (): number => process.resourceUsage().maxRSS / 1024;
const seconds = (from: number): string => ((performance.now() - from) / 1000).toFixed(2);

async function main(): Promise<void> {
  const engine = new LocalMusicEngine();
  const duration = Number(values.duration);
  await enginePool().warmUp();
  console.log(`Stems: ${values.songs} songs x ${duration} s with vocals, ${enginePool().workers} workers on ${availableParallelism()} CPUs, load average ${load()}`);
  console.log(`${'song'.padEnd(20)}${['generate', 'zip audio', 'one stem', 'WAV MB'].map((h) => h.padStart(11)).join('')}  peak-RSS`);
  for (const { genre, mood, seed } of SONGS.slice(0, Number(values.songs))) {
    const request: SongRequest = { prompt: `${genre} song`, genres: [genre], moods: [mood], generateLyrics: true, generateAlbumArt: false, durationSeconds: duration, seed };
    let t = performance.now();
    const song = await engine.generate(request);
    const generate = seconds(t);
    t = performance.now();
    let bytes = 0;
    await renderStems(song.composition, { stems: STEM_NAMES, withSong: true }, async (_, audio) => void (bytes += encodeWav(audio).byteLength));
    const zip = seconds(t);
    t = performance.now();
    await renderStems(song.composition, { stems: ['vocals'], withSong: false }, async (_, audio) => void encodeWav(audio));
    const one = seconds(t);
    console.log(`${`${genre}/${mood}`.padEnd(20)}${[generate, zip, one, (bytes / 2 ** 20).toFixed(0)].map((v) => v.padStart(11)).join('')}  ${peakRssMb().toFixed(0).padStart(5)} MB`);
  }
  console.log(`Load average now ${load()}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
