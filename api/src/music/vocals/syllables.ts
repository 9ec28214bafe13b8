/**
 * Lyrics as sung syllables of phonemes: each word's phones from the CMU dictionary (or the
 * letter-to-sound rules when it lacks the word), cut into syllables with the consonants between
 * two vowels going to the second as far as English allows them to start a syllable (maximal
 * onset: "mid-night", "wal-king", "an-gry"). The syllables line up one to one with the melody's
 * (lyrics/pronounce.ts lineSyllables), which counts them the same way.
 */
import { normaliseWord, phonesOf, sungWords } from '../lyrics/pronounce.js';
import { letterToSound } from './letter-to-sound.js';
import { basePhone, isVowel, phonemeOf } from './phonemes.js';

/** One sung syllable: consonants before the vowel, the vowel, consonants after it. */
export interface PhoneSyllable {
  onset: string[];
  vowel: string;
  coda: string[];
}

const APPROXIMANTS = new Set(['L', 'R', 'W', 'Y']);
const S_CLUSTER_SECOND = new Set(['P', 'T', 'K', 'M', 'N', 'L', 'W', 'F']);

/** Whether the consonants can begin an English syllable (a simplified phonotactics). */
function legalOnset(consonants: string[]): boolean {
  const phones = consonants.map(basePhone);
  if (phones.length <= 1) return phones[0] !== 'NG';
  if (phones.length === 2) {
    const [first, second] = phones;
    if (first === 'S') return S_CLUSTER_SECOND.has(second);
    const manner = phonemeOf(first).manner;
    const obstruent = manner === 'stop' || manner === 'fricative';
    if (!obstruent || !APPROXIMANTS.has(second)) return false;
    // "tl", "dl" and "sr"-like clusters do not start English syllables.
    return !((first === 'T' || first === 'D' || first === 'TH') && second === 'L') && !(second === 'Y' && first !== 'P' && first !== 'B' && first !== 'K' && first !== 'F' && first !== 'M');
  }
  if (phones.length === 3) return phones[0] === 'S' && ['P', 'T', 'K'].includes(phones[1]) && APPROXIMANTS.has(phones[2]);
  return false;
}

/** Cuts a word's phones into syllables, one per vowel; a word without a vowel gets a schwa. */
export function syllabify(phones: string[]): PhoneSyllable[] {
  const vowelAt = phones.flatMap((phone, index) => (isVowel(phone) ? [index] : []));
  if (vowelAt.length === 0) return [{ onset: [], vowel: 'AH0', coda: [...phones] }];
  const syllables: PhoneSyllable[] = vowelAt.map((at) => ({ onset: [], vowel: phones[at], coda: [] }));
  syllables[0].onset = phones.slice(0, vowelAt[0]);
  for (let k = 0; k + 1 < vowelAt.length; k++) {
    const between = phones.slice(vowelAt[k] + 1, vowelAt[k + 1]);
    let split = between.length;
    while (split > 0 && legalOnset(between.slice(split - 1))) split--;
    syllables[k].coda = between.slice(0, split);
    syllables[k + 1].onset = between.slice(split);
  }
  syllables[syllables.length - 1].coda = phones.slice(vowelAt[vowelAt.length - 1] + 1);
  return syllables;
}

/** Merges or splits syllables until there are `count` (the melody's count for the word). */
function fitCount(syllables: PhoneSyllable[], count: number): PhoneSyllable[] {
  const fitted = syllables.map((syllable) => ({ ...syllable, onset: [...syllable.onset], coda: [...syllable.coda] }));
  while (fitted.length > count) {
    // Merge the last two: the second's consonants and vowel become the first's coda.
    const last = fitted.pop() as PhoneSyllable;
    fitted[fitted.length - 1].coda.push(...last.onset, last.vowel, ...last.coda);
  }
  while (fitted.length < count) {
    // Sing a schwa after the last syllable's consonants ("rhythm" spelt with one vowel group).
    const last = fitted[fitted.length - 1];
    fitted.push({ onset: last.coda.splice(0), vowel: 'AH0', coda: [] });
  }
  return fitted;
}

/** The phones of a written word: the dictionary's, else the letter-to-sound rules'. */
export function wordPhones(word: string): string[] {
  return phonesOf(word) ?? letterToSound(normaliseWord(word));
}

/** A line's sung syllables as phones, one per syllable of lineSyllables(text). */
export function lineSyllablePhones(text: string): PhoneSyllable[] {
  return sungWords(text).flatMap(({ token, syllables }) => {
    const parts = token.split(/[-–—/]+/).map(normaliseWord).filter(Boolean);
    return fitCount(parts.flatMap((part) => syllabify(wordPhones(part))), syllables);
  });
}
