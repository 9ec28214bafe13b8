import { describe, expect, it } from 'vitest';
import { compose } from '../compose/index.js';
import { writeLyrics } from '../lyrics/index.js';
import { planSong } from '../plan/understand.js';
import type { Composition, LyricSheet, SongRequest, SungPhrase } from '../types.js';
import { composeAnySong, planAnySong, writeAnyLyrics } from './index.js';
import { LocalMusicEngine } from '../provider.js';

const LYRICS = `[Verse]
walking down the empty street tonight
every window holds a little light
[Chorus]
we are running to the morning sun
holding on until the night is done
[Verse]
shadows dancing on the silver rain
calling out your name and back again`;

const SOURCE: SongRequest = { prompt: 'upbeat pop song about the city', genres: ['pop'], moods: ['happy'], lyrics: LYRICS, generateLyrics: false, generateAlbumArt: false, durationSeconds: 120, seed: 7 };

function song(request: SongRequest): { composition: Composition; lyrics: ReturnType<typeof writeAnyLyrics> } {
  const plan = planAnySong(request);
  const lyrics = writeAnyLyrics(plan);
  return { composition: composeAnySong(plan, lyrics), lyrics };
}

const pitchesOf = (phrase: SungPhrase) => phrase.notes.map((note) => note.pitch);
const intervalsOf = (pitches: number[]) => pitches.slice(1).map((pitch, index) => pitch - pitches[index]);

describe('extend', () => {
  const extend = (fromSeconds: number | null, extra: Partial<SongRequest> = {}): SongRequest => ({ ...SOURCE, lyrics: null, durationSeconds: 60, seed: 99, source: { kind: 'extend', request: SOURCE, fromSeconds }, ...extra });
  const source = compose(planSong(SOURCE), writeLyrics(planSong(SOURCE)));

  it('keeps the source note for note up to the cut, in its key and tempo, and continues with new sections', () => {
    const plan = planAnySong(extend(40));
    const { composition } = song(extend(40));
    const cut = composition.sections.find((section) => !source.sections.some((own) => own.label === section.label && own.start === section.start))!.start;
    expect(cut).toBeGreaterThan(35);
    expect(cut).toBeLessThan(45);
    expect(composition.bpm).toBe(source.bpm);
    expect(composition.key).toEqual(source.key);
    expect(plan.bpm).toBe(planSong(SOURCE).bpm);
    const before = (c: Composition) => c.drums.hits.filter((hit) => hit.time < cut);
    expect(before(composition)).toEqual(before(source));
    for (const track of source.tracks) {
      const mine = composition.tracks.find((own) => own.role === track.role)!;
      expect(mine.instrument).toBe(track.instrument);
      const starts = (notes: { start: number; pitch: number }[]) => notes.filter((note) => note.start < cut).map((note) => [note.start, note.pitch]);
      expect(starts(mine.notes)).toEqual(starts(track.notes));
    }
    // About 60 s more than the kept part, ending on the continuation's own outro.
    expect(composition.durationSeconds - cut).toBeGreaterThan(55);
    expect(composition.durationSeconds - cut).toBeLessThan(65);
    expect(composition.sections.at(-1)!.kind).toBe('outro');
    expect(composition.sections.filter((section) => section.start >= cut).map((section) => section.kind)).toContain('chorus');
    expect(plan.durationSeconds).toBe(Math.round(composition.durationSeconds));
  });

  it('continues the motifs: the continuation\'s chorus is the source\'s chorus melody, sung by the same voice', () => {
    const { composition } = song(extend(null));
    const cut = composition.sections.find((section) => section.kind === 'outro' || !source.sections.some((own) => own.start === section.start && own.label === section.label))!.start;
    const chorusOf = (c: Composition, after: number) => c.vocals!.phrases.filter((phrase) => phrase.section.startsWith('Chorus') && phrase.start >= after).slice(0, 2);
    const sourceChorus = chorusOf(source, 0);
    const newChorus = chorusOf(composition, cut - 0.5);
    expect(newChorus.length).toBe(2);
    expect(newChorus.map((phrase) => phrase.text)).toEqual(sourceChorus.map((phrase) => phrase.text));
    expect(newChorus.map(pitchesOf)).toEqual(sourceChorus.map(pitchesOf));
    expect(composition.vocals!.voice).toBe(source.vocals!.voice);
    // From the end: the source's outro gives way to the continuation.
    expect(cut).toBeCloseTo(source.sections.at(-1)!.start, 6);
  });

  it('sings the continuation\'s own words when given, and writes new verses when asked', () => {
    const own = song(extend(null, { lyrics: '[Verse]\nhere we go again beneath the stars\nall the roads are leading back to ours' }));
    expect(own.composition.vocals!.phrases.map((phrase) => phrase.text)).toContain('here we go again beneath the stars');
    expect(own.lyrics!.stanzas.map((stanza) => stanza.lines[0].text)).toContain('here we go again beneath the stars');
    const written = song(extend(null, { generateLyrics: true }));
    const labels = written.lyrics!.stanzas.map((stanza) => stanza.label);
    expect(labels.filter((label) => label.startsWith('Verse')).length).toBeGreaterThan(2);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('is reproducible and refuses lyrics for an instrumental source', () => {
    expect(JSON.stringify(song(extend(30)).composition)).toBe(JSON.stringify(song(extend(30)).composition));
    const instrumental = { ...SOURCE, lyrics: null, instrumental: true };
    expect(() => planAnySong(extend(null, { lyrics: 'la la la', source: { kind: 'extend', request: instrumental, fromSeconds: null } }))).toThrow('An instrumental has no lyrics');
  });
});

describe('cover', () => {
  const cover = (genres: string[], moods: string[] = []): SongRequest => ({ ...SOURCE, genres, moods, lyrics: null, seed: 1234, source: { kind: 'cover', request: SOURCE } });
  const source = compose(planSong(SOURCE), writeLyrics(planSong(SOURCE)));

  it.each([['jazz'], ['metal'], ['lo-fi']])('keeps the melody and the words in %s, with a new arrangement and tempo', (genre) => {
    const plan = planAnySong(cover([genre]));
    const { composition, lyrics } = song(cover([genre]));
    expect(plan.genre).toBe(genre);
    expect(composition.key).toEqual(source.key);
    expect(lyrics).toEqual(writeLyrics(planSong(SOURCE)));
    const mine = composition.vocals!.phrases;
    const theirs = source.vocals!.phrases;
    expect(mine.map((phrase) => phrase.text)).toEqual(theirs.map((phrase) => phrase.text));
    // Syllable count, pitch classes and intervals of every sung line (a voice may sing it an octave away).
    expect(mine.map((phrase) => phrase.notes.length)).toEqual(theirs.map((phrase) => phrase.notes.length));
    expect(mine.map((phrase) => intervalsOf(pitchesOf(phrase)))).toEqual(theirs.map((phrase) => intervalsOf(pitchesOf(phrase))));
    expect(mine.map((phrase) => pitchesOf(phrase).map((pitch) => pitch % 12))).toEqual(theirs.map((phrase) => pitchesOf(phrase).map((pitch) => pitch % 12)));
    // Retimed: the same rhythm in beats at the new tempo.
    const beats = (c: Composition, phrase: SungPhrase) => phrase.notes.map((note) => Math.round(((note.start - phrase.notes[0].start) * c.bpm) / 60 * 4));
    if (composition.swing === 0 && source.swing === 0) expect(mine.map((phrase) => beats(composition, phrase))).toEqual(theirs.map((phrase) => beats(source, phrase)));
    expect(composition.drums.kit !== source.drums.kit || composition.tracks.map((t) => t.instrument).join() !== source.tracks.map((t) => t.instrument).join()).toBe(true);
    expect(composition.sections.map((section) => section.label)).toEqual(source.sections.map((section) => section.label));
  });

  it('needs another genre or mood', () => {
    expect(() => planAnySong(cover([], []))).toThrow('A cover needs another genre or mood');
    expect(planAnySong(cover([], ['sad'])).mood).toBe('sad');
  });
});

describe('rewritten words (moderation)', () => {
  const rewrite = (sheet: LyricSheet): LyricSheet => ({ ...sheet, stanzas: sheet.stanzas.map((stanza) => ({ ...stanza, lines: stanza.lines.map((line) => ({ ...line, text: line.text.replace('street', 'road') })) })) });

  it.each([
    ['an extension', { kind: 'extend', request: SOURCE, fromSeconds: null }],
    ['a cover', { kind: 'cover', request: SOURCE }],
  ] as const)('%s sings a rewrite of its sheet on the same notes, its source part included', (_name, source) => {
    const plan = planAnySong({ ...SOURCE, genres: ['jazz'], lyrics: null, durationSeconds: 60, seed: 3, source });
    const sheet = writeAnyLyrics(plan)!;
    const before = composeAnySong(plan, sheet).vocals!.phrases;
    const after = composeAnySong(plan, rewrite(sheet)).vocals!.phrases;
    expect(after.map((phrase) => phrase.text)).toContain('walking down the empty road tonight');
    expect(after.map((phrase) => phrase.text)).not.toContain('walking down the empty street tonight');
    expect(after.map(pitchesOf)).toEqual(before.map(pitchesOf));
  });
});

describe('an extension as rendered', () => {
  it('plays across the join: one song in the source\'s tempo, no silence at the cut', { timeout: 120_000 }, async () => {
    const source: SongRequest = { ...SOURCE, durationSeconds: 30 };
    const song = await new LocalMusicEngine().generate({ ...source, lyrics: null, durationSeconds: 20, seed: 5, source: { kind: 'extend', request: source, fromSeconds: 16 } });
    const cut = song.composition.sections.find((section) => section.start > 15 && section.start < 17)!.start;
    expect(song.plan.bpm).toBe(planSong(source).bpm);
    expect(song.analysis.durationSeconds).toBeGreaterThan(song.plan.durationSeconds - 2);
    expect(song.analysis.bpm).toBe(song.plan.bpm);
    expect(song.analysis.silenceRanges.filter((range) => range.end > cut - 2 && range.start < cut + 2)).toEqual([]);
    // The second either side of the join is as loud as the song around it, not a dip or a jump.
    const energy = song.analysis.energyCurve;
    const at = Math.round(cut);
    expect(energy[at]).toBeGreaterThan(0.3 * Math.max(energy[at - 2], energy[at + 2]));
  });
});

describe('a song made from a derived song', () => {
  const words = '[Verse]\nlanterns on the harbour wall\nwaiting for the ferry call\n[Chorus]\nsail away sail away home';
  const edited: SongRequest = { ...SOURCE, lyrics: words, seed: 3, source: { kind: 'relyric', request: SOURCE } };
  const extended: SongRequest = { ...SOURCE, lyrics: null, durationSeconds: 40, seed: 4, source: { kind: 'extend', request: SOURCE, fromSeconds: null } };

  it('extends an edit from the edit, its new words kept up to the cut', () => {
    const edit = song(edited).composition;
    const { composition } = song({ ...SOURCE, lyrics: null, durationSeconds: 40, seed: 5, source: { kind: 'extend', request: edited, fromSeconds: 30 } });
    const cut = composition.sections.find((section) => !edit.sections.some((own) => own.label === section.label && own.start === section.start))!.start;
    const sungBefore = (c: Composition) => c.vocals!.phrases.filter((phrase) => phrase.end <= cut).map((phrase) => phrase.text);
    expect(sungBefore(composition)).toEqual(sungBefore(edit));
    expect(sungBefore(composition)).toContain('lanterns on the harbour wall');
    expect(composition.drums.hits.filter((hit) => hit.time < cut)).toEqual(edit.drums.hits.filter((hit) => hit.time < cut));
  });

  it('extends an extension from the whole extension, and its length is the whole new song\'s', () => {
    const first = song(extended).composition;
    const request: SongRequest = { ...SOURCE, lyrics: null, durationSeconds: 40, seed: 6, source: { kind: 'extend', request: extended, fromSeconds: null } };
    const plan = planAnySong(request);
    const { composition } = song(request);
    expect(composition.durationSeconds).toBeGreaterThan(first.durationSeconds + 25);
    expect(plan.durationSeconds).toBe(Math.round(composition.durationSeconds));
    const cut = first.sections.at(-1)!.start;
    expect(composition.drums.hits.filter((hit) => hit.time < cut)).toEqual(first.drums.hits.filter((hit) => hit.time < cut));
  });

  it('covers a cover from the first song\'s melody, and an edit with its new words', () => {
    const coverOfCover = song({ ...SOURCE, genres: ['jazz'], lyrics: null, seed: 8, source: { kind: 'cover', request: { ...SOURCE, genres: ['metal'], lyrics: null, seed: 9, source: { kind: 'cover', request: SOURCE } } } }).composition;
    const original = compose(planSong(SOURCE), writeLyrics(planSong(SOURCE)));
    expect(coverOfCover.vocals!.phrases.map((phrase) => phrase.text)).toEqual(original.vocals!.phrases.map((phrase) => phrase.text));
    expect(coverOfCover.vocals!.phrases.map((phrase) => intervalsOf(pitchesOf(phrase)))).toEqual(original.vocals!.phrases.map((phrase) => intervalsOf(pitchesOf(phrase))));
    const coverOfEdit = song({ ...SOURCE, genres: ['jazz'], lyrics: null, seed: 8, source: { kind: 'cover', request: edited } });
    expect(coverOfEdit.composition.vocals!.phrases.map((phrase) => phrase.text)).toContain('sail away sail away home');
    expect(coverOfEdit.lyrics).toEqual(writeAnyLyrics(planAnySong(edited)));
  });
});
