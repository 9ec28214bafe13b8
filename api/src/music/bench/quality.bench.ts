/**
 * Sound-quality benchmark (issue 18's acceptance figures): generates a fixed set of songs through
 * the public provider, decodes each MP3 with mpg123 and measures it with the independent analyser
 * (quality/; timbre features from Meyda), then prints every figure against its target.
 *   npm run bench:quality [-- --duration 180 --genres pop,house --seed 7 --save run.json --reuse run.json]
 *
 * Set: 19 genres x 3 moods (energetic, chill, dark), 180 s, seed 7, no lyrics; plus 3 prompts
 * (same seed, genre and mood) for 4 genres; plus 3 seeds of one prompt per genre (plan and
 * composition only: tempo and form are decided there).
 *
 * --save writes every song's figures to a JSON file; --reuse takes the songs of the genres this run
 * does not generate from such a file (same duration and seed), so a run over a few changed genres
 * still gives the separability and the other figures over the whole set. Reuse only genres whose
 * audio the changes since the saved run leave byte-identical. The separability is printed with
 * every misclassified song and the genre it was taken for.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { GENRES } from '../plan/catalog.js';
import { LocalMusicEngine } from '../provider.js';
import { loudnessRange, integratedLoudness, truePeak } from '../quality/loudness.js';
import { stereoCorrelation, tonalBalance } from '../quality/mix-balance.js';
import { decodeMp3 } from '../quality/mp3-decode.js';
import type { PcmSignal } from '../quality/spectrum.js';
import { distance, leaveOneOutPredictions, standardise, timbreFeatures } from '../quality/timbre-features.js';
import type { Composition, SectionKind } from '../types.js';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    duration: { type: 'string', default: '180' },
    genres: { type: 'string' },
    seed: { type: 'string', default: '7' },
    save: { type: 'string' },
    reuse: { type: 'string' },
  },
});

const DURATION = Number(values.duration);
const SEED = Number(values.seed);
const GENRE_IDS = values.genres ? values.genres.split(',') : GENRES.map((g) => g.id);
const MOODS = ['energetic', 'chill', 'dark'];
const PROMPT_GENRES = ['pop', 'house', 'lo-fi', 'rock'];
const PROMPTS = ['rain on the window at night', 'neon city lights', 'ocean waves at dawn'];
const PROMPT_MOOD = 'chill';
const DANCE_GENRES = new Set(GENRES.filter((g) => g.form === 'dance').map((g) => g.id));
/** Genres without a full band (sparse drums, few layers): their width and balance have their own targets. */
const SPARSE_GENRES = new Set(['ambient', 'classical']);
const SLOPE_BAND = { min: 1, max: 3 };
const CORRELATION_BAND = { min: 0.5, max: 0.85 };

const engine = new LocalMusicEngine();

/** What --save writes and --reuse reads. */
interface SavedRun {
  duration: number;
  seed: number;
  songs: SongFigures[];
  promptSongs: SongFigures[];
}

interface SongFigures {
  name: string;
  genre: string;
  mood: string;
  features: number[];
  chorusLift: number | null;
  lra: number;
  dropOverBreakdown: number | null;
  slope: number;
  highShare: number;
  correlation: number;
  truePeak: number;
  lufs: number;
  bpm: number;
  form: string;
}

/** Integrated loudness of each section of a kind, in LUFS. */
function sectionLoudness(signal: PcmSignal, c: Composition, kind: SectionKind): number[] {
  return c.sections
    .filter((s) => s.kind === kind)
    .map((s) => {
      const from = Math.floor(s.start * signal.sampleRate);
      const to = Math.floor(s.end * signal.sampleRate);
      return integratedLoudness(signal.channels.map((ch) => ch.subarray(from, to)), signal.sampleRate);
    })
    .filter(Number.isFinite);
}

const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const formOf = (c: Composition): string => c.sections.map((s) => `${s.kind}:${s.bars}`).join(' ');
const f1 = (x: number): string => x.toFixed(1);
const f2 = (x: number): string => x.toFixed(2);

async function measureSong(name: string, genre: string, mood: string, prompt: string): Promise<SongFigures> {
  const song = await engine.generate({ prompt, genres: [genre], moods: [mood], generateLyrics: false, generateAlbumArt: false, durationSeconds: DURATION, seed: SEED });
  const decoded = await decodeMp3(song.mp3);
  const c = song.composition;
  const chorus = sectionLoudness(decoded, c, 'chorus');
  const verse = sectionLoudness(decoded, c, 'verse');
  const drop = sectionLoudness(decoded, c, 'drop');
  const breakdown = sectionLoudness(decoded, c, 'breakdown');
  const balance = tonalBalance(decoded);
  return {
    name,
    genre,
    mood,
    features: timbreFeatures(decoded),
    chorusLift: chorus.length && verse.length ? mean(chorus) - mean(verse) : null,
    lra: loudnessRange(decoded.channels, decoded.sampleRate),
    dropOverBreakdown: drop.length && breakdown.length ? mean(drop) - Math.max(...breakdown) : null,
    slope: balance.slopeDbPerOctave,
    highShare: balance.highShare,
    correlation: stereoCorrelation(decoded),
    truePeak: truePeak(decoded.channels),
    lufs: integratedLoudness(decoded.channels, decoded.sampleRate),
    bpm: song.plan.bpm,
    form: formOf(c),
  };
}

function share(songs: SongFigures[], test: (s: SongFigures) => boolean): string {
  const n = songs.filter(test).length;
  return `${n}/${songs.length} (${Math.round((100 * n) / Math.max(1, songs.length))} %)`;
}

async function main(): Promise<void> {
  const started = performance.now();
  console.log(`Quality bench: ${GENRE_IDS.length} genres x ${MOODS.length} moods (${MOODS.join(', ')}), ${DURATION} s, seed ${SEED}\n`);
  console.log(`${'song'.padEnd(26)}${['LUFS', 'dBTP', 'slope', '>6k %', 'L/R', 'LRA', 'chorus', 'drop-bd', 'BPM'].map((h) => h.padStart(8)).join('')}`);
  const songs: SongFigures[] = [];
  const print = (s: SongFigures): void =>
    console.log(
      `${s.name.padEnd(26)}${[f1(s.lufs), f2(s.truePeak), f2(s.slope), f2(100 * s.highShare), f2(s.correlation), f1(s.lra), s.chorusLift === null ? '-' : f2(s.chorusLift), s.dropOverBreakdown === null ? '-' : f1(s.dropOverBreakdown), String(s.bpm)]
        .map((v) => v.padStart(8))
        .join('')}`,
    );
  for (const genre of GENRE_IDS) {
    for (const mood of MOODS) {
      const song = await measureSong(`${genre}/${mood}`, genre, mood, `a ${mood} ${genre} song`);
      songs.push(song);
      print(song);
    }
  }
  const promptSongs: SongFigures[] = [];
  for (const genre of PROMPT_GENRES.filter((g) => GENRE_IDS.includes(g))) {
    for (const prompt of PROMPTS) {
      const song = await measureSong(`${genre}: ${prompt}`.slice(0, 25), genre, PROMPT_MOOD, `${prompt}, ${PROMPT_MOOD} ${genre}`);
      promptSongs.push(song);
      print(song);
    }
  }

  if (values.reuse) {
    const saved = JSON.parse(readFileSync(values.reuse, 'utf8')) as SavedRun;
    if (saved.duration !== DURATION || saved.seed !== SEED) throw new Error(`${values.reuse} holds a run at ${saved.duration} s, seed ${saved.seed}`);
    const reused = (xs: SongFigures[]): SongFigures[] => xs.filter((s) => !GENRE_IDS.includes(s.genre));
    songs.push(...reused(saved.songs));
    promptSongs.push(...reused(saved.promptSongs));
    console.log(`\nReused from ${values.reuse}: ${[...new Set(reused(saved.songs).map((s) => s.genre))].join(', ')}`);
  }
  if (values.save) writeFileSync(values.save, JSON.stringify({ duration: DURATION, seed: SEED, songs, promptSongs } satisfies SavedRun));

  const { vectors, scale } = standardise(songs.map((s) => s.features));
  console.log('\n== Acceptance figures ==');
  const genres = songs.map((s) => s.genre);
  const predicted = leaveOneOutPredictions(vectors, genres);
  const accuracy = predicted.filter((genre, i) => genre === genres[i]).length / songs.length;
  const genreCount = new Set(genres).size;
  console.log(`Genre separability (leave-one-out nearest centroid, ${vectors[0].length} Meyda features, ${songs.length} songs): ${(100 * accuracy).toFixed(0)} % (target >= 70 %, chance ${(100 / genreCount).toFixed(0)} %)`);
  const confused = songs.flatMap((s, i) => (predicted[i] === s.genre ? [] : [`${s.name} -> ${predicted[i]}`]));
  console.log(`  misclassified: ${confused.join(', ') || 'none'}`);

  const lifts = songs.map((s) => s.chorusLift).filter((x): x is number => x !== null);
  console.log(`Chorus over verse: mean ${f2(mean(lifts))} LU, median ${f2(median(lifts))} LU over ${lifts.length} songs (target mean >= +1.5 LU)`);
  const popRock = songs.filter((s) => s.genre === 'pop' || s.genre === 'rock');
  if (popRock.length) console.log(`LRA pop and rock: ${popRock.map((s) => `${s.name} ${f1(s.lra)}`).join(', ')} LU; ${share(popRock, (s) => s.lra >= 4)} >= 4 LU (target all)`);
  console.log(`LRA all songs: median ${f1(median(songs.map((s) => s.lra)))} LU, min ${f1(Math.min(...songs.map((s) => s.lra)))} LU`);
  const dance = songs.filter((s) => DANCE_GENRES.has(s.genre));
  if (dance.length) {
    console.log(`Dance genres, drop over loudest breakdown: ${dance.map((s) => `${s.name} ${s.dropOverBreakdown === null ? 'no breakdown' : f1(s.dropOverBreakdown)}`).join(', ')}; ${share(dance, (s) => (s.dropOverBreakdown ?? 0) >= 6)} >= 6 LU (target all)`);
  }
  const inBand = (x: number, band: { min: number; max: number }): boolean => x >= band.min && x <= band.max;
  console.log(`Spectrum slope (octave bands 125 Hz-16 kHz): median ${f2(median(songs.map((s) => s.slope)))} dB/oct, ${share(songs, (s) => inBand(s.slope, SLOPE_BAND))} within ${SLOPE_BAND.min}-${SLOPE_BAND.max} (target >= 90 %); energy above 6 kHz median ${f2(100 * median(songs.map((s) => s.highShare)))} %`);
  const fullBand = songs.filter((s) => !SPARSE_GENRES.has(s.genre));
  console.log(`L/R correlation: median ${f2(median(songs.map((s) => s.correlation)))}, full-band genres ${share(fullBand, (s) => inBand(s.correlation, CORRELATION_BAND))} within ${CORRELATION_BAND.min}-${CORRELATION_BAND.max} (target >= 90 %)`);
  const all = [...songs, ...promptSongs];
  const worstPeak = all.reduce((a, b) => (b.truePeak > a.truePeak ? b : a));
  console.log(`Decoded true peak: worst ${f2(worstPeak.truePeak)} dBTP (${worstPeak.name}); ${share(all, (s) => s.truePeak <= -1)} <= -1 dBTP (target all); loudness ${f2(Math.min(...all.map((s) => s.lufs)))}..${f2(Math.max(...all.map((s) => s.lufs)))} LUFS`);

  const pairwise = (xs: number[][]): number => {
    const d: number[] = [];
    for (let i = 0; i < xs.length; i++) for (let j = i + 1; j < xs.length; j++) d.push(distance(xs[i], xs[j]));
    return mean(d);
  };
  const ratios = PROMPT_GENRES.filter((g) => promptSongs.some((s) => s.genre === g)).map((genre) => {
    const byPrompt = promptSongs.filter((s) => s.genre === genre).map((s) => scale(s.features));
    const byMood = songs.filter((s) => s.genre === genre).map((s) => scale(s.features));
    return { genre, prompt: pairwise(byPrompt), mood: pairwise(byMood) };
  });
  if (ratios.length) {
    console.log(`Prompts (one seed, ${PROMPTS.length} prompts): feature distance / between-mood distance ${ratios.map((r) => `${r.genre} ${f2(r.prompt / r.mood)}`).join(', ')} (target >= 0.25)`);
  }

  const seedRows = [...new Set(songs.map((s) => s.genre))].map((genre) => {
    const plans = [1, 2, 3].map((seed) => engine.plan({ prompt: `a ${genre} song`, genres: [genre], moods: [], generateLyrics: false, generateAlbumArt: false, durationSeconds: DURATION, seed }));
    const forms = new Set(plans.map((plan) => formOf(engine.compose(plan, null))));
    const bpms = plans.map((plan) => plan.bpm);
    return { genre, spread: Math.max(...bpms) - Math.min(...bpms), forms: forms.size, bpms, keys: plans.map((p) => `${p.key.tonic} ${p.key.mode}`) };
  });
  const seedOk = seedRows.filter((r) => r.spread >= 3 && r.forms >= 2).length;
  console.log(`Seeds (3 seeds, one prompt): ${seedOk}/${seedRows.length} genres with tempo spread >= 3 BPM and >= 2 forms (target all)`);
  for (const r of seedRows) console.log(`  ${r.genre.padEnd(14)} BPM ${r.bpms.join('/')} (spread ${r.spread}), ${r.forms} form(s), keys ${r.keys.join(' / ')}`);
  console.log(`\n${all.length} songs in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
