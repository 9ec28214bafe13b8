import { describe, expect, it } from 'vitest';
import { compose } from '../compose/index.js';
import { planSong } from '../plan/understand.js';
import type { SongPlan, SongRequest } from '../types.js';
import { countSyllables, parseUserLyrics, rhymes, toLrc, writeLyrics } from './index.js';
import { dictionary } from 'cmu-pronouncing-dictionary';
import { lookupPronunciation } from './cmu-lookup.js';
import { lineSyllables, rhymeKey, splitSyllables } from './pronounce.js';
import { generateTitle } from './title.js';

function plan(prompt: string, extra: Partial<SongRequest> = {}): SongPlan {
  return planSong({ prompt, genres: [], moods: [], generateLyrics: true, generateAlbumArt: false, durationSeconds: 180, seed: 5, ...extra });
}

const lastWord = (text: string) => text.split(/\s+/).filter((word) => /[a-z]/i.test(word)).pop() ?? '';

describe('pronunciation', () => {
  it.each([
    ['the', 1], ['midnight', 2], ['beautiful', 3], ['Dancing,', 2], ["we'll", 1], ['lo-fi', 2], ['zorblaxing', 3], ['...', 0],
  ])('countSyllables(%s) = %i', (word, count) => {
    expect(countSyllables(word)).toBe(count);
  });

  it('rhymes by the dictionary from the last stressed vowel', () => {
    expect(rhymeKey('night')).toBe('AY T');
    expect(rhymes('night', 'tonight')).toBe(true);
    expect(rhymes('Rain', 'again.')).toBe(false);
    expect(rhymes('fire', 'desire')).toBe(true);
    expect(rhymes('heart', 'heat')).toBe(false);
    expect(rhymes('night', 'night')).toBe(false);
  });

  it('splits words into one non-empty piece per syllable', () => {
    expect(splitSyllables('dancing', 2)).toEqual(['dan', 'cing']);
    expect(splitSyllables('sunshine', 2)).toEqual(['sun', 'shine']);
    expect(splitSyllables('TV', 2).every((piece) => piece.length > 0)).toBe(true);
    expect(lineSyllables('Hold me in the midnight rain')).toHaveLength(7);
  });
});

describe('dictionary lookup', () => {
  it("finds every word's first pronunciation exactly as the package's object has it", () => {
    const words = Object.keys(dictionary).filter((word) => !/\(\d+\)$/.test(word));
    expect(words.length).toBeGreaterThan(120_000);
    const wrong = words.filter((word) => lookupPronunciation(word) !== dictionary[word]);
    expect(wrong).toEqual([]);
  });

  it('answers undefined for words the dictionary lacks', () => {
    expect(lookupPronunciation('zzqxv')).toBeUndefined();
    expect(lookupPronunciation('')).toBeUndefined();
  });
});

describe('writeLyrics', () => {
  it('returns null when the song has no lyrics', () => {
    expect(writeLyrics(plan('pop', { generateLyrics: false }))).toBeNull();
  });

  it('writes two verses and one repeating chorus, and a bridge in longer songs', () => {
    const sheet = writeLyrics(plan('a happy pop song about summer', { durationSeconds: 200 }));
    expect(sheet?.source).toBe('generated');
    const labels = sheet?.stanzas.map((stanza) => stanza.label) ?? [];
    expect(labels.filter((label) => label.startsWith('Verse'))).toEqual(['Verse 1', 'Verse 2']);
    expect(labels.filter((label) => label === 'Chorus')).toHaveLength(1);
    expect(labels).toContain('Bridge');
  });

  it('makes rhyming lines rhyme by the dictionary, per the scheme', () => {
    for (const prompt of ['lofi chill beat about rain and coffee', 'sad country song about a train', 'epic orchestral battle', 'romantic r&b night']) {
      const sheet = writeLyrics(plan(prompt));
      for (const stanza of sheet?.stanzas ?? []) {
        const groups = new Map<string, string[]>();
        for (const line of stanza.lines) groups.set(line.rhyme, [...(groups.get(line.rhyme) ?? []), lastWord(line.text)]);
        for (const [letter, words] of groups) {
          for (let i = 1; i < words.length; i++) expect(rhymes(words[0], words[i]), `${prompt} ${stanza.label} ${letter}: ${words}`).toBe(true);
        }
      }
      const chorus = sheet?.stanzas.find((stanza) => stanza.kind === 'chorus');
      expect(chorus?.lines.map((line) => line.rhyme).join('')).toBe('AABB');
    }
  });

  it('uses the prompt themes and stays deterministic', () => {
    const songPlan = plan('a song about coffee and rain', { moods: ['chill'] });
    const sheet = writeLyrics(songPlan);
    const text = sheet?.stanzas.flatMap((stanza) => stanza.lines.map((line) => line.text.toLowerCase())).join(' ') ?? '';
    expect(text.includes('coffee') || text.includes('rain')).toBe(true);
    expect(writeLyrics(songPlan)).toEqual(sheet);
    expect(writeLyrics({ ...songPlan, seed: songPlan.seed + 1 })).not.toEqual(sheet);
  });

  it('gives every line as many syllables as the notes of its sung phrase', () => {
    for (const prompt of ['lofi chill beat about rain', 'energetic pop about summer love', 'dark trap', 'house', 'jazz ballad']) {
      const songPlan = plan(prompt);
      const sheet = writeLyrics(songPlan);
      const composition = compose(songPlan, sheet);
      const lead = composition.vocals?.phrases.flatMap((phrase) => phrase.notes) ?? [];
      expect(composition.lyricLines.length).toBeGreaterThan(8);
      for (const line of composition.lyricLines) {
        const sung = lead.filter((note) => note.syllable !== undefined && note.start >= line.start - 1e-9 && note.start < line.end - 1e-9);
        const syllables = line.text.split(/\s+/).reduce((total, word) => total + countSyllables(word), 0);
        expect(sung.length, `${prompt}: ${line.text}`).toBe(syllables);
        expect(sung.map((note) => note.syllable).join('').replace(/\s/g, '')).toBe(line.text.replace(/\s/g, ''));
      }
    }
  });
});

describe('parseUserLyrics', () => {
  it('splits on section tags and keeps lines verbatim', () => {
    const sheet = parseUserLyrics('[Verse 1]\nI woke up early, ya know\nThe sky was grey\n\n[Chorus]\nOh oh, here we go!\n[Pre-Chorus]\nHold on\n[Bridge]\nLa la');
    expect(sheet.source).toBe('user');
    expect(sheet.stanzas.map((stanza) => [stanza.kind, stanza.label])).toEqual([
      ['verse', 'Verse 1'],
      ['chorus', 'Chorus'],
      ['pre-chorus', 'Pre-Chorus'],
      ['bridge', 'Bridge'],
    ]);
    expect(sheet.stanzas[0].lines.map((line) => line.text)).toEqual(['I woke up early, ya know', 'The sky was grey']);
    expect(sheet.stanzas[1].lines[0].syllables).toHaveLength(5);
  });

  it('splits untagged lyrics on blank lines', () => {
    const sheet = parseUserLyrics('one line here\nanother line\r\n\r\n\nsecond stanza  \n');
    expect(sheet.stanzas.map((stanza) => stanza.lines.map((line) => line.text))).toEqual([['one line here', 'another line'], ['second stanza']]);
    expect(sheet.stanzas.map((stanza) => stanza.label)).toEqual(['Verse 1', 'Verse 2']);
  });

  it('marks rhyming user lines with the same letter', () => {
    const sheet = parseUserLyrics('walking in the night\nholding on so tight\nnothing here to say');
    expect(sheet.stanzas[0].lines.map((line) => line.rhyme)).toEqual(['A', 'A', 'B']);
  });

  it('sings user lyrics in the composition, one note per syllable', () => {
    const songPlan = plan('pop', { lyrics: '[Verse]\nI walk the line tonight\nUnder the neon light\n[Chorus]\nSing it loud, sing it proud\nDancing in the crowd' });
    const sheet = writeLyrics(songPlan);
    const composition = compose(songPlan, sheet);
    const texts = composition.lyricLines.map((line) => line.text);
    expect(texts.slice(0, 4)).toEqual(['I walk the line tonight', 'Under the neon light', 'Sing it loud, sing it proud', 'Dancing in the crowd']);
    const lead = composition.vocals?.phrases.flatMap((phrase) => phrase.notes) ?? [];
    const first = composition.lyricLines[0];
    expect(lead.filter((note) => note.syllable && note.start >= first.start && note.start < first.end)).toHaveLength(6);
  });
});

describe('toLrc', () => {
  it('formats one [mm:ss.xx]text line per lyric line', () => {
    expect(
      toLrc([
        { start: 5.3, end: 8, text: 'First line', section: 'Verse 1' },
        { start: 65.555, end: 70, text: 'Second', section: 'Chorus' },
        { start: 600, end: 601, text: 'Late', section: 'Outro' },
      ]),
    ).toBe('[00:05.30]First line\n[01:05.56]Second\n[10:00.00]Late');
  });
});

describe('generateTitle', () => {
  it('builds a title-cased title from themes, deterministic per seed', () => {
    const title = generateTitle({ themes: ['rain', 'city'], mood: 'sad', seed: 9 });
    expect(title).toBe(generateTitle({ themes: ['rain', 'city'], mood: 'sad', seed: 9 }));
    expect(title).toMatch(/^[A-Z]/);
    expect(/rain|city/i.test(title)).toBe(true);
    expect(generateTitle({ themes: [], mood: 'happy', seed: 1 }).length).toBeGreaterThan(3);
  });
});
