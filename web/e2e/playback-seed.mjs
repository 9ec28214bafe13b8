/**
 * Test songs for the playback browser tests: short tone MP3s encoded with the music engine's
 * encoder (api/dist) and their rows in the embedded database of DATA_DIR, before the API starts.
 * Usage: node web/e2e/playback-seed.mjs <dataDir> <songs.json>
 * songs.json: [{ id, title, artist, genre, mood, seconds, frequency, lrc?, waveform?, cover?, bpm?, key?, energy? }]
 * With `cover` a song gets a cover painted by the engine (as generation does).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const dist = (file) => import(pathToFileURL(path.join(REPO_ROOT, 'api/dist', file)).href);

const SAMPLE_RATE = 44_100;

/** A soft tone with a short fade in/out: audible, never silent (no silence to skip). */
function tone(seconds, frequency) {
  const length = Math.round(seconds * SAMPLE_RATE);
  const left = new Float32Array(length);
  const right = new Float32Array(length);
  const fade = 0.05 * SAMPLE_RATE;
  for (let i = 0; i < length; i++) {
    const envelope = Math.min(1, i / fade, (length - i) / fade);
    const sample = 0.3 * envelope * Math.sin((2 * Math.PI * frequency * i) / SAMPLE_RATE);
    left[i] = sample;
    right[i] = sample;
  }
  return { sampleRate: SAMPLE_RATE, left, right };
}

function analysisFor(song) {
  return {
    durationSeconds: song.seconds,
    bpm: song.bpm ?? 120,
    beatOffsetSeconds: 0,
    key: song.key ?? 'C major',
    integratedLufs: -14,
    introEndSeconds: 0,
    outroStartSeconds: song.seconds,
    silenceRanges: [],
    waveformPeaks: song.waveform,
    energyCurve: song.waveform,
  };
}

const [dataDir, songsFile] = process.argv.slice(2);
if (!dataDir || !songsFile) throw new Error('usage: playback-seed.mjs <dataDir> <songs.json>');
const songs = JSON.parse(await readFile(songsFile, 'utf8'));

const { encodeMp3 } = await dist('music/encode/mp3.js');
const { enginePool } = await dist('music/render/worker-pool.js');
const mediaDir = path.join(dataDir, 'media', 'songs');
await mkdir(mediaDir, { recursive: true });
for (const song of songs) {
  await writeFile(path.join(mediaDir, `${song.id}.mp3`), await encodeMp3(tone(song.seconds, song.frequency)));
}
await enginePool().close();

const { planSong } = await dist('music/plan/understand.js');
const { paintCover } = await dist('music/art/index.js');
const coversDir = path.join(dataDir, 'media', 'covers');
await mkdir(coversDir, { recursive: true });
const coverUrls = new Map();
for (const [index, song] of songs.entries()) {
  if (!song.cover) continue;
  const plan = planSong({ prompt: song.title, genres: [song.genre], moods: [song.mood], generateLyrics: false, generateAlbumArt: true, durationSeconds: 30, seed: index + 1 });
  const art = await paintCover(plan);
  await writeFile(path.join(coversDir, `${song.id}.png`), art.thumbnail);
  coverUrls.set(song.id, `/media/covers/${song.id}.png`);
}

const { openDatabase } = await dist('db/database.js');
const { Song } = await dist('songs/song.entity.js');
const database = await openDatabase({ databaseUrl: null, dataDir });
try {
  const em = database.orm.em.fork();
  const base = Date.now();
  songs.forEach((song, index) => {
    em.create(Song, {
      id: song.id,
      title: song.title,
      artist: song.artist,
      genre: song.genre,
      mood: song.mood,
      duration: song.seconds,
      audioUrl: `/media/songs/${song.id}.mp3`,
      coverUrl: coverUrls.get(song.id) ?? null,
      lrc: song.lrc ?? null,
      analysis: song.waveform ? analysisFor(song) : null,
      bpm: song.bpm ?? null,
      musicalKey: song.key ?? null,
      energy: song.energy ?? null,
      loudness: song.waveform ? analysisFor(song).integratedLufs : null,
      // Distinct times keep the library's newest-first order the order of the list.
      createdAt: new Date(base - index * 1000),
      updatedAt: new Date(base - index * 1000),
    });
  });
  await em.flush();
} finally {
  await database.close();
}
