/**
 * Prompt understanding: turns a SongRequest into the SongPlan the UI shows ("Understood: ...")
 * and the rest of the engine follows. Deterministic: same request, same plan.
 */
import { isMinorFamily, PITCH_NAMES, pitchClassOf } from '../compose/theory.js';
import { generateTitle } from '../lyrics/title.js';
import { STOP_WORDS } from '../lyrics/wordbank.js';
import { hashSeed, Random } from '../random.js';
import { type ArtistStyle, type Exclusion, type InstrumentId, type Key, type Mode, MusicInputError, type SongPlan, type SongRequest } from '../types.js';
import { findGenre, findMood, GENRES, genreById, type GenreProfile, MOODS, moodById, type MoodProfile, normaliseName } from './catalog.js';
import { type ImageryReading, readImagery } from './imagery.js';
import { arrangeInstruments, INSTRUMENT_LABELS, INSTRUMENT_WORDS } from './instruments.js';
import { excludedInstruments, paletteWithout, parseExcludeList, readExclusions } from './exclusions.js';

export const MAX_PROMPT_LENGTH = 1000;
export const MIN_DURATION_SECONDS = 30;
export const MAX_DURATION_SECONDS = 480;
/** Explicit tempos are clamped to what the engine renders and the analyser can measure well. */
export const MIN_BPM = 50;
export const MAX_BPM = 200;
const MAX_THEMES = 6;

type TempoHint = 'slow' | 'medium' | 'fast';

interface PromptReading {
  genres: GenreProfile[];
  moods: MoodProfile[];
  instruments: InstrumentId[];
  bpm: number | null;
  tempo: TempoHint | null;
  tonic: string | null;
  mode: Mode | null;
  themes: string[];
  imagery: ImageryReading;
  /** What "no drums", "without vocals", "instrumental" leave out. */
  excluded: Exclusion[];
}

const TEMPO_WORDS: [string, TempoHint][] = [
  ['very slow', 'slow'],
  ['slow', 'slow'],
  ['slower', 'slow'],
  ['downtempo', 'slow'],
  ['mid tempo', 'medium'],
  ['mid-tempo', 'medium'],
  ['midtempo', 'medium'],
  ['moderate', 'medium'],
  ['fast', 'fast'],
  ['faster', 'fast'],
  ['upbeat', 'fast'],
  ['uptempo', 'fast'],
  ['up-tempo', 'fast'],
  ['quick', 'fast'],
  ['rapid', 'fast'],
];

const MODE_WORDS: Record<string, Mode> = {
  major: 'major',
  maj: 'major',
  minor: 'minor',
  min: 'minor',
  m: 'minor',
  dorian: 'dorian',
  mixolydian: 'mixolydian',
  phrygian: 'phrygian',
  lydian: 'lydian',
};

function addUnique<T>(list: T[], item: T): void {
  if (!list.includes(item)) list.push(item);
}

/**
 * Every phrase the prompt reader recognises, longest first so "drum and bass" wins over "bass".
 * A phrase may mean several things ("upbeat" is a mood and a tempo): all of them apply.
 */
const VOCABULARY: { phrase: string; effects: ((reading: PromptReading) => void)[] }[] = (() => {
  const byPhrase = new Map<string, ((reading: PromptReading) => void)[]>();
  const add = (phrase: string, effect: (reading: PromptReading) => void) => {
    const key = normaliseName(phrase);
    byPhrase.set(key, [...(byPhrase.get(key) ?? []), effect]);
  };
  for (const genre of GENRES) for (const phrase of [genre.id, ...genre.synonyms]) add(phrase, (r) => addUnique(r.genres, genre));
  for (const mood of MOODS) for (const phrase of [mood.id, ...mood.synonyms]) add(phrase, (r) => addUnique(r.moods, mood));
  for (const [phrase, instrument] of INSTRUMENT_WORDS) add(phrase, (r) => addUnique(r.instruments, instrument));
  for (const [phrase, hint] of TEMPO_WORDS) add(phrase, (r) => (r.tempo ??= hint));
  return [...byPhrase].map(([phrase, effects]) => ({ phrase, effects })).sort((a, b) => b.phrase.length - a.phrase.length);
})();

/** Lower-case words separated by single spaces, keeping the characters genre names use (&, #, '). */
function normalisePrompt(text: string): string {
  return ` ${normaliseName(text)
    .replace(/[^a-z0-9&#'\- ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()} `;
}

/** Removes a matched span so later (shorter) phrases and the theme scan do not see it again. */
function consume(text: string, index: number, length: number): string {
  return text.slice(0, index) + ' '.repeat(length) + text.slice(index + length);
}

const KEY_PATTERN =
  /(?:\b(?:in|key of|key)\s+([A-Ga-g])|(?<![A-Za-z])([A-G]))\s*(#|♯|b|♭|-sharp| sharp|-flat| flat)?\s*(major|minor|maj|min|dorian|mixolydian|phrygian|lydian|m)?(?![A-Za-z])/g;

/** "in D minor", "A major", "F# minor", "key of Eb", "in Am". */
function readKey(prompt: string): { tonic: string | null; mode: Mode | null; rest: string } {
  for (const match of prompt.matchAll(KEY_PATTERN)) {
    const letter = match[1] ?? match[2];
    const accidental = (match[3] ?? '').trim().replace(/^-/, '');
    const modeWord = match[4]?.toLowerCase();
    // A letter only counts as a key with a mode word ("A major") or as a capital after "in"
    // ("in D"), so "a song in a dreamy mood" names no key.
    if (!modeWord && (!match[1] || match[1] !== match[1].toUpperCase())) continue;
    if (modeWord === 'm' && match[4] !== 'm') continue;
    const sign = accidental === '#' || accidental === '♯' || accidental === 'sharp' ? '#' : accidental ? 'b' : '';
    const pitchClass = pitchClassOf(letter.toUpperCase() + sign);
    if (pitchClass === undefined) continue;
    const rest = prompt.slice(0, match.index) + ' ' + prompt.slice((match.index ?? 0) + match[0].length);
    return { tonic: PITCH_NAMES[pitchClass], mode: modeWord ? MODE_WORDS[modeWord] : null, rest };
  }
  return { tonic: null, mode: null, rest: prompt };
}

function readPrompt(prompt: string): PromptReading {
  const key = readKey(prompt);
  const negative = readExclusions(normalisePrompt(key.rest));
  let text = negative.rest;
  const reading: PromptReading = {
    genres: [],
    moods: [],
    instruments: [],
    bpm: null,
    tempo: null,
    tonic: key.tonic,
    mode: key.mode,
    themes: [],
    imagery: readImagery(text),
    excluded: negative.excluded,
  };

  const bpmMatch = /(\d{2,3})\s*(?:bpm|beats per minute)/.exec(text);
  if (bpmMatch) {
    reading.bpm = Math.min(MAX_BPM, Math.max(MIN_BPM, Number(bpmMatch[1])));
    text = consume(text, bpmMatch.index, bpmMatch[0].length);
  }

  for (const { phrase, effects } of VOCABULARY) {
    let index = text.indexOf(` ${phrase} `);
    while (index >= 0) {
      for (const effect of effects) effect(reading);
      text = consume(text, index + 1, phrase.length);
      index = text.indexOf(` ${phrase} `);
    }
  }

  for (const word of text.split(/[\s\-]+/)) {
    const clean = word.replace(/^'+|'+$/g, '');
    if (clean.length < 3 || !/^[a-z']+$/.test(clean) || STOP_WORDS.has(clean)) continue;
    if (reading.themes.length < MAX_THEMES) addUnique(reading.themes, clean);
  }
  return reading;
}

function resolveNames<T>(names: readonly string[], find: (name: string) => T | undefined, kind: 'genre' | 'mood', all: { id: string }[]): T[] {
  const found: T[] = [];
  for (const name of names) {
    const item = find(name);
    if (!item) {
      const field = kind === 'genre' ? 'genres' : 'moods';
      throw new MusicInputError(`Unknown ${kind} "${name}". Choose one of: ${all.map((entry) => entry.id).join(', ')}`, field);
    }
    addUnique(found, item);
  }
  return found;
}

function validate(request: SongRequest): void {
  if (typeof request.prompt !== 'string' || !request.prompt.trim()) throw new MusicInputError('Prompt is required', 'prompt');
  if (request.prompt.length > MAX_PROMPT_LENGTH) {
    throw new MusicInputError(`Prompt must be at most ${MAX_PROMPT_LENGTH} characters`, 'prompt');
  }
  const duration = request.durationSeconds;
  if (!Number.isInteger(duration) || duration < MIN_DURATION_SECONDS || duration > MAX_DURATION_SECONDS) {
    throw new MusicInputError(`Duration must be between ${MIN_DURATION_SECONDS} and ${MAX_DURATION_SECONDS} seconds`, 'durationSeconds');
  }
  if (request.seed != null && !Number.isFinite(request.seed)) throw new MusicInputError('Seed must be a number', 'seed');
}

/** The request in a canonical form, so cosmetic differences (case, spacing) give the same seed. */
function requestSeed(request: SongRequest): number {
  return hashSeed(
    JSON.stringify([
      normalisePrompt(request.prompt).trim(),
      request.genres.map(normaliseName),
      request.moods.map(normaliseName),
      request.title?.trim() ?? '',
      request.lyrics?.trim() ?? '',
      request.generateLyrics,
      request.durationSeconds,
    ]),
  );
}

function average(values: number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/**
 * Where in the genre's tempo range the song sits: the moods' tempo shift and the prompt's imagery
 * place it, the seed moves it by up to a quarter of the range either way, and tempo words
 * ("slow", "fast") pick the lower or upper part.
 */
function chooseBpm(genre: GenreProfile, moods: MoodProfile[], reading: PromptReading, rng: Random, artist: ArtistStyle | null): number {
  if (reading.bpm !== null) return reading.bpm;
  const { min, max, typical } = artist ? artistTempo(genre, artist) : genre.tempo;
  const span = Math.max(1, max - min);
  const typicalAt = (typical - min) / span;
  let position = typicalAt + average(moods.map((mood) => mood.tempoShift)) / 40 + reading.imagery.tempo + rng.float(-0.25, 0.25);
  if (reading.tempo === 'slow') position = typicalAt * rng.float(0, 0.5);
  else if (reading.tempo === 'fast') position = typicalAt + (1 - typicalAt) * rng.float(0.5, 1);
  else if (reading.tempo === 'medium') position = 0.5 + rng.float(-0.1, 0.1);
  // Moods push past the middle but rarely pin the range's edge, so seeds still spread.
  const bounded = Math.min(1, Math.max(0, position));
  return Math.round(min + span * bounded);
}

/**
 * An artist's tempo range within the genre's: their overlap, the genre's typical tempo moved into
 * it; when they do not overlap, the artist's range (an artist's identity outweighs the genre's norm).
 */
function artistTempo(genre: GenreProfile, artist: ArtistStyle): GenreProfile['tempo'] {
  const min = Math.max(genre.tempo.min, artist.tempoMin);
  const max = Math.min(genre.tempo.max, artist.tempoMax);
  if (min > max) return { min: artist.tempoMin, max: artist.tempoMax, typical: Math.round((artist.tempoMin + artist.tempoMax) / 2) };
  return { min, max, typical: Math.min(max, Math.max(min, genre.tempo.typical)) };
}

/** Tonics that suit each family's instruments (open strings for guitar bands, flat keys for horns). */
const GUITAR_TONICS = ['E', 'A', 'D', 'G', 'C', 'B'];
const HORN_TONICS = ['F', 'A#', 'D#', 'C', 'G#', 'G'];
const PREFERRED_TONICS: Record<string, string[]> = {
  rock: GUITAR_TONICS,
  metal: ['E', 'D', 'C#', 'C', 'B', 'A'],
  blues: GUITAR_TONICS,
  country: GUITAR_TONICS,
  reggae: GUITAR_TONICS,
  funk: GUITAR_TONICS,
  jazz: HORN_TONICS,
  'r-and-b': HORN_TONICS,
};

/**
 * Mode from the moods (dark, sad, aggressive and mysterious are always minor-family), the genre's
 * lean and the prompt's imagery; a mood's modal colour now and then instead of plain major/minor.
 * The tonic is the seed's, drawn per genre so one seed does not fix the key across genres.
 */
function chooseKey(genre: GenreProfile, moods: MoodProfile[], reading: PromptReading, rng: Random): Key {
  const minorOnly = moods.some((mood) => mood.majorWeight === 0);
  const majorProbability = minorOnly ? 0 : 0.6 * average(moods.map((mood) => mood.majorWeight)) + 0.4 * genre.majorBias + reading.imagery.major;
  const family: Mode = rng.chance(majorProbability) ? 'major' : 'minor';
  const colours = moods[0].modalColours.filter((mode) => isMinorFamily(mode) === (family === 'minor'));
  const coloured = colours.length > 0 && rng.chance(0.3) ? rng.pick(colours) : family;
  const mode: Mode = reading.mode ?? coloured;
  const preferred = PREFERRED_TONICS[genre.id];
  const tonic = reading.tonic ?? (preferred && rng.chance(0.75) ? rng.pick(preferred) : PITCH_NAMES[rng.int(0, 11)]);
  return { tonic, mode };
}

const EXCLUSION_LABELS: Partial<Record<Exclusion, string>> = { vocals: 'instrumental', drums: 'no drums', bass: 'no bass', distortion: 'no distortion' };

export function summarise(plan: Omit<SongPlan, 'summary'>, mentioned: string[]): string {
  const genre = genreById(plan.genre).label.toLowerCase();
  const mood = moodById(plan.mood).label.toLowerCase();
  const parts = [genre, mood, `${plan.bpm} BPM`, `${plan.key.tonic} ${plan.key.mode}`];
  if (mentioned.length) parts.push(mentioned.join(', '));
  const left = (plan.excluded ?? []).map((exclusion) => EXCLUSION_LABELS[exclusion] ?? `no ${INSTRUMENT_LABELS[exclusion as InstrumentId]}`);
  if (left.length) parts.push(left.join(', '));
  if (plan.artist) parts.push(`as ${plan.artist}`);
  return `Understood: ${parts.join(' · ')}`;
}

/** The prompt's exclusions, the request's exclude list and its instrumental toggle, in that order. */
function exclusionsOf(request: SongRequest, reading: PromptReading): Exclusion[] {
  const excluded = [...reading.excluded];
  const add = (exclusion: Exclusion) => addUnique(excluded, exclusion);
  if (request.exclude?.trim()) parseExcludeList(request.exclude).forEach(add);
  if (request.instrumental) add('vocals');
  return excluded;
}

/** Genres or moods named by the request, else by the prompt, else the artist's. */
function withArtistDefaults<T>(named: T[], artistIds: readonly string[] | undefined, byId: (id: string) => T | undefined): T[] {
  if (named.length > 0 || !artistIds) return named;
  return artistIds.flatMap((id) => byId(id) ?? []);
}

export function planSong(request: SongRequest): SongPlan {
  validate(request);
  const requestedGenres = resolveNames(request.genres ?? [], findGenre, 'genre', GENRES);
  const requestedMoods = resolveNames(request.moods ?? [], findMood, 'mood', MOODS);
  const seed = request.seed != null ? Math.trunc(request.seed) >>> 0 : requestSeed(request);
  const rng = new Random(seed);
  const reading = readPrompt(request.prompt);

  const artist = request.artist ?? null;
  const excluded = exclusionsOf(request, reading);
  const userLyrics = request.lyrics?.trim() ? request.lyrics.trim() : null;
  if (excluded.includes('vocals') && userLyrics !== null) {
    throw new MusicInputError('An instrumental has no lyrics: remove the lyrics or turn instrumental off', 'lyrics');
  }

  const named = [...requestedGenres];
  for (const genre of reading.genres) addUnique(named, genre);
  const genres = withArtistDefaults(named, artist?.genres, findGenre);
  const namedMoods = [...requestedMoods];
  for (const mood of reading.moods) addUnique(namedMoods, mood);
  const moods = withArtistDefaults(namedMoods, artist?.moods, findMood);

  if (!genres.length) genres.push(moods.length ? genreById(rng.fork('genre').pick(moods[0].genres)) : genreById('pop'));
  const genre = genres[0];
  if (!moods.length) moods.push(moodById(rng.fork('mood').pick(genre.moods)));
  const mood = moods[0];

  const bpm = chooseBpm(genre, moods, reading, rng.fork(`tempo:${genre.id}`), artist);
  const key = chooseKey(genre, moods, reading, rng.fork(`key:${genre.id}`));
  // The prompt's instruments first, then the artist's palette; excluded ones never play.
  const removed = excludedInstruments(excluded);
  const requested = [...reading.instruments, ...(artist?.instruments ?? [])].filter((instrument) => !removed.has(instrument));
  const suggested = reading.imagery.instruments.filter((instrument) => !removed.has(instrument));
  const instruments = arrangeInstruments(requested, suggested, removed.size ? paletteWithout(genre.palette, removed) : genre.palette, rng.fork('instruments'));
  const themes = reading.themes;
  const moodBrightness = average(moods.map((candidate) => candidate.brightness));
  const moodDensity = average(moods.map((candidate) => candidate.density));
  const round2 = (value: number) => Math.round(value * 100) / 100;
  const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

  const plan: Omit<SongPlan, 'summary'> = {
    genre: genre.id,
    genres: genres.map((candidate) => candidate.id),
    mood: mood.id,
    moods: moods.map((candidate) => candidate.id),
    bpm,
    key,
    instruments,
    themes,
    title: request.title?.trim() || generateTitle({ themes, mood: mood.id, seed }),
    durationSeconds: request.durationSeconds,
    seed,
    withLyrics: userLyrics !== null || (request.generateLyrics && !excluded.includes('vocals')),
    withCoverArt: request.generateAlbumArt,
    userLyrics,
    brightness: round2(clamp01(0.4 * genre.brightness + 0.6 * moodBrightness + reading.imagery.brightness)),
    density: round2(clamp01(0.4 * genre.density + 0.6 * moodDensity + reading.imagery.density)),
    colour: { imagery: reading.imagery.words, space: round2(reading.imagery.space), texture: round2(reading.imagery.texture) },
    ...(artist ? { artist: artist.name, voice: artist.voice, timbre: artist.timbre } : {}),
    ...(excluded.length ? { excluded } : {}),
  };
  const mentioned = [...reading.instruments.map((instrument) => INSTRUMENT_LABELS[instrument]), ...themes];
  return { ...plan, summary: summarise(plan, mentioned.slice(0, 4)) };
}
