import { describe, expect, it } from 'vitest';
import { compose } from '../compose/index.js';
import { lineSyllables } from '../lyrics/pronounce.js';
import { writeLyrics } from '../lyrics/index.js';
import { planSong } from '../plan/understand.js';
import type { NoteEvent } from '../types.js';
import { letterToSound } from './letter-to-sound.js';
import { isVowel, PHONEMES, basePhone } from './phonemes.js';
import { lineSyllablePhones, syllabify, wordPhones } from './syllables.js';
import { timePhrase } from './timing.js';
import { VOICE_TRANSPOSE } from './arrange.js';

const flat = (syllable: { onset: string[]; vowel: string; coda: string[] }): string => [...syllable.onset, syllable.vowel, ...syllable.coda].join(' ');

describe('words to phonemes', () => {
  it('reads the CMU dictionary and cuts words at maximal onsets', () => {
    expect(wordPhones('midnight')).toEqual(['M', 'IH1', 'D', 'N', 'AY2', 'T']);
    expect(syllabify(wordPhones('midnight')).map(flat)).toEqual(['M IH1 D', 'N AY2 T']);
    expect(syllabify(wordPhones('angry')).map(flat)).toEqual(['AE1 NG', 'G R IY0']);
    expect(syllabify(wordPhones('extra')).map(flat)).toEqual(['EH1 K', 'S T R AH0']);
  });

  it('sounds out words the dictionary lacks with letter-to-sound rules', () => {
    expect(wordPhones('zorblax')).toEqual(letterToSound('zorblax'));
    expect(letterToSound('zorblax')).toEqual(['Z', 'AO1', 'R', 'B', 'L', 'AE0', 'K', 'S']);
    expect(letterToSound('glimmerine')).toEqual(['G', 'L', 'IH1', 'M', 'ER0', 'AY0', 'N']);
    expect(letterToSound('chace')).toEqual(['CH', 'EY1', 'S']);
    for (const word of ['xylophrax', 'qwerty', 'shmoo', 'brrr', 'k8', 'nightwhisper']) {
      const phones = letterToSound(word);
      expect(phones.length).toBeGreaterThan(0);
      for (const phone of phones) expect(PHONEMES[basePhone(phone)], `${word}: ${phone}`).toBeDefined();
    }
  });

  it('gives every line exactly as many sung syllables as the melody has notes for it, each with one vowel', () => {
    for (const line of ['walking alone through the midnight rain', "we'll be dancing till the zorblax light", 'twenty-one rhythms in 4 nights', 'brrr, hmm, TV']) {
      const syllables = lineSyllablePhones(line);
      expect(syllables.length, line).toBe(lineSyllables(line).length);
      for (const syllable of syllables) expect(isVowel(syllable.vowel), `${line}: ${flat(syllable)}`).toBe(true);
    }
  });
});

describe('phoneme timing', () => {
  const note = (start: number, duration: number, pitch = 60): NoteEvent => ({ start, duration, pitch, velocity: 0.8 });

  it('starts each vowel on its note, sings consonants before the beat, and keeps the phones end to end', () => {
    const notes = [note(1, 0.46), note(1.5, 0.23), note(1.75, 0.46), note(2.25, 0.9)];
    const syllables = lineSyllablePhones('strong midnight rain');
    expect(syllables.map(flat)).toEqual(['S T R AO1 NG', 'M IH1 D', 'N AY2 T', 'R EY1 N']);
    const sung = timePhrase(notes, syllables);
    expect(sung).toHaveLength(4);
    sung.forEach((sungNote, i) => {
      const vowel = sungNote.phones.find((phone) => isVowel(phone.phone))!;
      expect(vowel.start).toBe(notes[i].start);
      const onset = sungNote.phones.slice(0, sungNote.phones.indexOf(vowel));
      if (onset.length) {
        expect(onset[0].start).toBeLessThan(notes[i].start);
        expect(onset[onset.length - 1].end).toBeCloseTo(notes[i].start, 9);
      }
      // The vowel keeps most of the time up to the next note.
      const span = i + 1 < notes.length ? notes[i + 1].start - notes[i].start : notes[i].duration;
      expect(vowel.end - vowel.start, sungNote.syllable).toBeGreaterThanOrEqual(span * 0.5);
      for (let p = 1; p < sungNote.phones.length; p++) expect(sungNote.phones[p].start).toBeCloseTo(sungNote.phones[p - 1].end, 9);
      if (i + 1 < sung.length) expect(sungNote.phones[sungNote.phones.length - 1].end).toBeLessThanOrEqual(sung[i + 1].phones[0].start + 1e-9);
    });
    // The three onset consonants of "strong" take their natural length (0.23 s) ahead of the phrase.
    expect(sung[0].phones[0].start).toBeCloseTo(1 - 0.23, 9);
    // The last note's consonant closes it where it was written to end.
    expect(sung[3].phones[sung[3].phones.length - 1].end).toBeCloseTo(2.25 + 0.9, 9);
  });

  it('shortens consonants together where fast notes leave no room', () => {
    const notes = [note(0, 0.11), note(0.125, 0.11)];
    const sung = timePhrase(notes, lineSyllablePhones('first streets'));
    const consonants = sung[0].phones.filter((phone) => !isVowel(phone.phone) && phone.start >= 0);
    const vowel = sung[0].phones.find((phone) => isVowel(phone.phone))!;
    expect(vowel.end - vowel.start).toBeGreaterThanOrEqual(0.125 * 0.59);
    expect(consonants.reduce((sum, phone) => sum + phone.end - phone.start, 0) + (sung[1].phones.find((phone) => isVowel(phone.phone))!.start - sung[1].phones[0].start)).toBeLessThanOrEqual(0.11 * 0.4 + 1e-9);
  });

  it("sings the composed melody: one timed syllable per note, vowels on the melody's onsets, at its pitches", () => {
    const plan = planSong({ prompt: 'pop song about summer nights', genres: [], moods: [], generateLyrics: true, generateAlbumArt: false, durationSeconds: 90, seed: 5 });
    const lyrics = writeLyrics(plan);
    const composition = compose(plan, lyrics);
    const vocals = composition.vocals!;
    expect(vocals.phrases.length).toBe(composition.lyricLines.length);
    const beat = 60 / composition.bpm;
    vocals.phrases.forEach((phrase, index) => {
      const line = composition.lyricLines[index];
      expect(phrase.text).toBe(line.text);
      expect(phrase.notes.map((n) => n.syllable)).toEqual(lineSyllables(line.text));
      for (const sungNote of phrase.notes) {
        const vowel = sungNote.phones.find((phone) => isVowel(phone.phone))!;
        expect(vowel.start).toBe(sungNote.start);
        // Sung lines sit on the 8th-note grid (pop is straight).
        expect(Math.abs(sungNote.start / (beat / 2) - Math.round(sungNote.start / (beat / 2)))).toBeLessThan(1e-6);
      }
    });
    // Pitch targets: the melody's notes, moved into the voice's range.
    const melodyPitches = composition.vocals!.phrases.flatMap((phrase) => phrase.notes.map((n) => n.pitch - VOICE_TRANSPOSE[vocals.voice]));
    expect(Math.min(...melodyPitches)).toBeGreaterThanOrEqual(55);
    expect(Math.max(...melodyPitches)).toBeLessThanOrEqual(84);
    // The lead instrument no longer plays the sung lines.
    const lead = composition.tracks.find((track) => track.role === 'lead');
    expect((lead?.notes ?? []).every((n) => n.syllable === undefined)).toBe(true);
  });

  it('leaves instrumentals without a vocal part', () => {
    const plan = planSong({ prompt: 'pop', genres: [], moods: [], generateLyrics: false, generateAlbumArt: false, durationSeconds: 60, seed: 5 });
    expect(compose(plan, null).vocals).toBeNull();
  });
});
