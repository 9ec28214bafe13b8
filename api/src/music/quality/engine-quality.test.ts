/**
 * Engine quality: generate real songs through the public provider and measure them with the
 * independent analyser (./analyser.ts shares no code with the generator). Failures list every
 * case as "genre/mood: measured vs expected" so a generator bug is visible at a glance.
 *
 * Budget: 8 genres x 2 moods rendered at 30 s with sung lyrics, plus one extra render for seeds
 * and one generate() for determinism; lyrics and seed checks for all 19 genres use plan + compose only.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { GENRES, MOODS, createMusicProvider } from '../index.js';
import type { Composition, Key, LyricSheet, MasteredAudio, SongAnalysis, SongPlan, SongRequest, StereoAudio } from '../types.js';
import { analyseSignal, measureDensity, type AudioReport, type DensityReport } from './analyser.js';
import { relativeKey, type KeyMode } from './key.js';
import { integratedLoudness } from './loudness.js';
import { decodeMp3 } from './mp3-decode.js';
import { dictionarySyllables, lastWord, linesRhyme } from './rhyme.js';

const engine = createMusicProvider();

const RENDERED_GENRES = ['pop', 'hip-hop', 'house', 'drum-and-bass', 'lo-fi', 'jazz', 'metal', 'synthwave'];
const ENERGETIC = 'energetic';
const PEACEFUL = 'peaceful';
const DURATION_SECONDS = 30;
const TARGET_LUFS = -14;
const MAX_TRUE_PEAK_DBTP = -1;
const TEMPO_TOLERANCE_BPM = 2;

function request(genre: string, mood: string, seed: number, durationSeconds = DURATION_SECONDS, generateLyrics = false): SongRequest {
  return { prompt: `a ${mood} ${genre} song about city lights`, genres: [genre], moods: [mood], generateLyrics, generateAlbumArt: false, durationSeconds, seed };
}

interface RenderedSong {
  name: string;
  genre: string;
  mood: string;
  plan: SongPlan;
  composition: Composition;
  raw: StereoAudio;
  mastered: MasteredAudio;
  mp3: Uint8Array;
  report: AudioReport;
  /** The engine's own analysis (what the player is told). */
  engineAnalysis: SongAnalysis;
  mp3Lufs: number;
  mp3Errors: number;
  mp3Seconds: number;
}

function channels(audio: StereoAudio) {
  return { sampleRate: audio.sampleRate, channels: [audio.left, audio.right] };
}

/** Rendered songs are sung (generated lyrics): every check holds with the voice on top of the band. */
async function renderSong(genre: string, mood: string, seed: number): Promise<RenderedSong> {
  const plan = engine.plan(request(genre, mood, seed, DURATION_SECONDS, true));
  const composition = engine.compose(plan, engine.writeLyrics(plan));
  const raw = await engine.render(composition);
  const mastered = await engine.master(raw);
  const mp3 = await engine.encode(mastered.audio);
  const decoded = await decodeMp3(mp3);
  return {
    name: `${genre}/${mood}`,
    genre,
    mood,
    plan,
    composition,
    raw,
    mastered,
    mp3,
    report: analyseSignal(channels(mastered.audio)),
    engineAnalysis: await engine.analyse(mastered, composition),
    mp3Lufs: integratedLoudness(decoded.channels, decoded.sampleRate),
    mp3Errors: decoded.errors,
    mp3Seconds: decoded.channels[0].length / decoded.sampleRate,
  };
}

/**
 * Keys the detector may report for a planned key: the key itself or its relative (same notes;
 * which of the two a chord progression "is in" is a matter of emphasis). Church modes count as the
 * major or minor scale their third belongs to.
 */
function acceptedKeys(key: Key): string[] {
  const mode: KeyMode = key.mode === 'minor' || key.mode === 'dorian' || key.mode === 'phrygian' ? 'minor' : 'major';
  const relative = relativeKey(key.tonic, mode);
  return [`${key.tonic} ${mode}`, `${relative.tonic} ${relative.mode}`];
}

/** The first chorus (or drop), else the highest-energy section: where arrangements differ most. */
function peakSection(composition: Composition) {
  return (
    composition.sections.find((section) => section.kind === 'chorus' || section.kind === 'drop') ??
    composition.sections.reduce((a, b) => (b.energy > a.energy ? b : a))
  );
}

const songs: RenderedSong[] = [];

describe('engine quality (rendered songs, independent analyser)', () => {
  beforeAll(async () => {
    // Seeds differ per genre so the grid covers different keys and tempi; the two moods of a
    // genre share one seed so they differ by mood only.
    for (const [index, genre] of RENDERED_GENRES.entries()) {
      for (const mood of [ENERGETIC, PEACEFUL]) songs.push(await renderSong(genre, mood, 11 + index * 17));
    }
  }, 900_000);

  it('has no NaN or infinite samples before or after mastering', () => {
    const failures = songs
      .map((song) => ({ name: song.name, raw: countBad(song.raw), mastered: song.report.nonFiniteSamples }))
      .filter((entry) => entry.raw > 0 || entry.mastered > 0)
      .map((entry) => `${entry.name}: ${entry.raw} non-finite rendered samples, ${entry.mastered} mastered`);
    expect(failures).toEqual([]);
  });

  /**
   * Octave equivalents (half or double the planned tempo) are accepted: which metrical level is
   * "the beat" cannot be read from the signal alone (8th-note hats and bass at 90 BPM are the same
   * onsets as a half-time groove at 180), so the detector picks the level nearest 110 BPM (see
   * tempo.ts). The reading must still match to 2 BPM at that level, so drifting or wrongly
   * spaced beats fail either way.
   */
  it(`plays at the planned tempo (within ${TEMPO_TOLERANCE_BPM} BPM, octave equivalents accepted)`, () => {
    const failures = songs
      .filter((song) => ![1, 2, 0.5].some((factor) => Math.abs(song.report.tempo.bpm * factor - song.plan.bpm) <= TEMPO_TOLERANCE_BPM))
      .map((song) => `${song.name}: detected ${song.report.tempo.bpm} BPM, planned ${song.plan.bpm}`);
    expect(failures).toEqual([]);
  });

  it('is in the planned key (or its relative)', () => {
    const failures = songs
      .filter((song) => !acceptedKeys(song.plan.key).includes(`${song.report.key.tonic} ${song.report.key.mode}`))
      .map((song) => `${song.name}: detected ${song.report.key.tonic} ${song.report.key.mode}, planned ${song.plan.key.tonic} ${song.plan.key.mode}`);
    expect(failures).toEqual([]);
  });

  it(`is mastered to ${TARGET_LUFS} +-1 LUFS (PCM and decoded MP3)`, () => {
    const failures = songs.flatMap((song) => [
      ...(Math.abs(song.report.integratedLufs - TARGET_LUFS) > 1 ? [`${song.name}: mastered PCM ${song.report.integratedLufs.toFixed(2)} LUFS`] : []),
      ...(Math.abs(song.mp3Lufs - TARGET_LUFS) > 1 ? [`${song.name}: decoded MP3 ${song.mp3Lufs.toFixed(2)} LUFS`] : []),
    ]);
    expect(failures).toEqual([]);
  });

  it(`keeps the true peak at or below ${MAX_TRUE_PEAK_DBTP} dBTP`, () => {
    const failures = songs
      .filter((song) => song.report.truePeakDbtp > MAX_TRUE_PEAK_DBTP)
      .map((song) => `${song.name}: true peak ${song.report.truePeakDbtp.toFixed(2)} dBTP`);
    expect(failures).toEqual([]);
  });

  it("reports loudness, true peak and duration that agree with the independent measurement", () => {
    const failures = songs.flatMap((song) => {
      const reported = song.engineAnalysis;
      return [
        // Two BS.1770-4 implementations agree to a tenth of a LU on the same samples.
        ...(Math.abs(reported.integratedLufs - song.report.integratedLufs) > 0.2 ? [`${song.name}: reports ${reported.integratedLufs} LUFS, measured ${song.report.integratedLufs.toFixed(2)}`] : []),
        // True-peak meters differ by their interpolation filters; 0.5 dB is the BS.1770 tolerance band.
        ...(Math.abs(reported.truePeakDbtp - song.report.truePeakDbtp) > 0.5 ? [`${song.name}: reports ${reported.truePeakDbtp} dBTP, measured ${song.report.truePeakDbtp.toFixed(2)}`] : []),
        ...(Math.abs(reported.durationSeconds - song.report.durationSeconds) > 0.01 ? [`${song.name}: reports ${reported.durationSeconds} s, audio ${song.report.durationSeconds.toFixed(3)} s`] : []),
      ];
    });
    expect(failures).toEqual([]);
  });

  it('has no silent gap (> 1 s below -50 dBFS) inside a section', () => {
    const failures = songs.flatMap((song) =>
      song.report.silences
        .filter((gap) => song.composition.sections.some((section) => gap.start < section.end && gap.end > section.start))
        .map((gap) => `${song.name}: silent ${gap.start.toFixed(2)}-${gap.end.toFixed(2)} s`),
    );
    expect(failures).toEqual([]);
  });

  it('encodes a real MP3 that decodes cleanly to the full length', () => {
    const failures = songs.flatMap((song) => {
      const expected = song.mastered.audio.left.length / song.mastered.audio.sampleRate;
      return [
        ...(song.mp3Errors > 0 ? [`${song.name}: ${song.mp3Errors} MP3 frame errors`] : []),
        // The encoder adds up to a few frames of delay and padding (1152 samples each).
        ...(Math.abs(song.mp3Seconds - expected) > 0.2 ? [`${song.name}: MP3 lasts ${song.mp3Seconds.toFixed(2)} s, audio ${expected.toFixed(2)} s`] : []),
      ];
    });
    expect(failures).toEqual([]);
  });

  /**
   * Density by the analyser's attack rate and mean attack flux (level-normalised, first chorus or
   * drop, before mastering): the energetic song must beat the peaceful one of its genre on both.
   */
  it('makes energetic songs denser than peaceful ones of the same genre (chorus, before mastering)', () => {
    const density = (song: RenderedSong): DensityReport => {
      const section = peakSection(song.composition);
      return measureDensity(channels(song.raw), section.start, section.end);
    };
    const failures = RENDERED_GENRES.flatMap((genre) => {
      const energetic = density(songs.find((song) => song.name === `${genre}/${ENERGETIC}`)!);
      const peaceful = density(songs.find((song) => song.name === `${genre}/${PEACEFUL}`)!);
      const summary = `onsets ${energetic.onsetRate.toFixed(2)}/s vs ${peaceful.onsetRate.toFixed(2)}/s, flux ${energetic.spectralFlux.toFixed(3)} vs ${peaceful.spectralFlux.toFixed(3)}`;
      return energetic.onsetRate > peaceful.onsetRate && energetic.spectralFlux > peaceful.spectralFlux ? [] : [`${genre}: energetic vs peaceful ${summary}`];
    });
    expect(failures).toEqual([]);
  });

  it('is deterministic: generate() with the same request and seed gives the same MP3 bytes', async () => {
    const song = songs.find((s) => s.name === `house/${ENERGETIC}`)!;
    const generated = await engine.generate(request('house', ENERGETIC, song.plan.seed, DURATION_SECONDS, true));
    expect(generated.mp3.length).toBe(song.mp3.length);
    expect(Buffer.from(generated.mp3).equals(Buffer.from(song.mp3))).toBe(true);
  }, 300_000);

  it('gives a different song for a different seed', async () => {
    const first = songs.find((s) => s.name === `lo-fi/${PEACEFUL}`)!;
    const second = await renderSong('lo-fi', PEACEFUL, 2);
    expect(Buffer.from(second.mp3).equals(Buffer.from(first.mp3))).toBe(false);
    expect(leadMelody(second.composition)).not.toEqual(leadMelody(first.composition));
  }, 300_000);
});

function countBad(audio: StereoAudio): number {
  let count = 0;
  for (const channel of [audio.left, audio.right]) for (const sample of channel) if (!Number.isFinite(sample)) count += 1;
  return count;
}

/** The melody: the lead instrument's notes and the sung ones. */
function leadMelody(composition: Composition): string {
  const lead = composition.tracks.find((track) => track.role === 'lead');
  const sung = composition.vocals?.phrases.flatMap((phrase) => phrase.notes) ?? [];
  return [...(lead?.notes ?? []), ...sung].map((note) => `${note.pitch}@${note.start.toFixed(2)}`).join(' ');
}

describe('engine quality (every genre, plan + compose)', () => {
  const genreIds = GENRES.map((genre) => genre.id);
  const moodIds = MOODS.map((mood) => mood.id);
  // Each genre with a different mood so the 19 genres together cover all 12 moods.
  const pieces = genreIds.map((genre, index) => {
    const mood = moodIds[index % moodIds.length];
    const plan = engine.plan(request(genre, mood, 7 + index, 75, true));
    const lyrics = engine.writeLyrics(plan);
    return { name: `${genre}/${mood}`, plan, lyrics, composition: engine.compose(plan, lyrics) };
  });

  it('covers all 19 genres and 12 moods', () => {
    expect(genreIds).toHaveLength(19);
    expect(new Set(pieces.map((piece) => piece.plan.mood)).size).toBe(12);
  });

  it("sings each lyric line with one note per syllable of the line", () => {
    const failures: string[] = [];
    for (const { name, lyrics, composition } of pieces) {
      if (!lyrics) {
        failures.push(`${name}: no lyrics although requested`);
        continue;
      }
      const sung = composition.vocals?.phrases.flatMap((phrase) => phrase.notes) ?? [];
      const sheetLines = new Map(lyrics.stanzas.flatMap((stanza) => stanza.lines.map((line) => [line.text, line] as const)));
      for (const line of composition.lyricLines) {
        const notes = sung.filter((note) => note.start >= line.start - 1e-6 && note.start < line.end - 1e-6);
        const sheetLine = sheetLines.get(line.text);
        const dictionaryCount = dictionarySyllables(line.text);
        const expected = sheetLine?.syllables.length;
        if (expected === undefined) failures.push(`${name}: sung line "${line.text}" is not on the lyric sheet`);
        else if (notes.length !== expected) failures.push(`${name}: "${line.text}" has ${expected} syllables but ${notes.length} sung notes`);
        else if (dictionaryCount !== null && dictionaryCount !== expected) failures.push(`${name}: "${line.text}" split into ${expected} syllables, dictionary says ${dictionaryCount}`);
        else if (letters(notes.map((note) => note.syllable).join('')) !== letters(line.text)) failures.push(`${name}: notes sing "${notes.map((n) => n.syllable).join('-')}" for "${line.text}"`);
      }
      if (composition.lyricLines.length === 0) failures.push(`${name}: no timed lyric lines`);
    }
    expect(failures).toEqual([]);
  });

  it('rhymes chorus lines per the rhyme scheme (CMU dictionary, perfect rhyme)', () => {
    const failures: string[] = [];
    for (const { name, lyrics } of pieces) {
      for (const stanza of chorusStanzas(lyrics)) {
        const groups = new Map<string, string[]>();
        for (const line of stanza.lines) groups.set(line.rhyme, [...(groups.get(line.rhyme) ?? []), line.text]);
        for (const [letter, lines] of groups) {
          for (let i = 1; i < lines.length; i++) {
            if (!linesRhyme(lines[0], lines[i])) failures.push(`${name} ${stanza.label} rhyme ${letter}: "${lastWord(lines[0])}" / "${lastWord(lines[i])}"`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('gives different compositions for different seeds in every genre', () => {
    const same = pieces
      .filter(({ plan }) => {
        const other = engine.plan({ ...request(plan.genre, plan.mood, plan.seed + 1000, 75, true) });
        return leadMelody(engine.compose(other, engine.writeLyrics(other))) === leadMelody(engine.compose(plan, engine.writeLyrics(plan)));
      })
      .map(({ name }) => name);
    expect(same).toEqual([]);
  });
});

function chorusStanzas(lyrics: LyricSheet | null) {
  return (lyrics?.stanzas ?? []).filter((stanza) => stanza.kind === 'chorus');
}

function letters(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, '');
}
