/**
 * Pronunciation from the CMU Pronouncing Dictionary: syllable counts, rhymes, and splitting a
 * written word into as many sung pieces as it has syllables.
 */
import { lookupPronunciation } from './cmu-lookup.js';

const VOWEL_PHONE = /\d$/;

/** The word as the dictionary spells it: lower case, letters, digits and inner apostrophes. */
export function normaliseWord(word: string): string {
  return word
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[^a-z0-9']/g, '')
    .replace(/^'+|'+$/g, '');
}

/** ARPAbet phones of a word (first pronunciation), or undefined when the dictionary lacks it. */
export function phonesOf(word: string): string[] | undefined {
  const entry = lookupPronunciation(normaliseWord(word));
  return entry ? entry.split(' ') : undefined;
}

/** Spelling-based estimate for words the dictionary lacks (names, slang, typos). */
function estimateSyllables(word: string): number {
  if (/^\d+$/.test(word)) return word.length;
  const groups = word.match(/[aeiouy]+/g)?.length ?? 0;
  const silentE = /[^aeiouy]e$/.test(word) && !/[^aeiouy]le$/.test(word) && groups > 1 ? 1 : 0;
  return Math.max(1, groups - silentE);
}

/** Syllables in one word ("midnight" -> 2); 0 for tokens without letters or digits. */
export function countSyllables(word: string): number {
  const parts = word.split(/[-–—/]+/).map(normaliseWord).filter(Boolean);
  if (!parts.length) return 0;
  return parts.reduce((total, part) => {
    const phones = phonesOf(part);
    return total + (phones ? phones.filter((phone) => VOWEL_PHONE.test(phone)).length || 1 : estimateSyllables(part));
  }, 0);
}

/** Phones from the last stressed vowel to the end, stress marks removed ("night" -> "AY T"). */
export function rhymeKey(word: string): string | undefined {
  const phones = phonesOf(word);
  if (!phones) return undefined;
  let index = -1;
  for (let i = phones.length - 1; i >= 0; i--) {
    if (/[12]$/.test(phones[i])) {
      index = i;
      break;
    }
  }
  if (index < 0) index = phones.findLastIndex((phone) => VOWEL_PHONE.test(phone));
  if (index < 0) return undefined;
  return phones
    .slice(index)
    .map((phone) => phone.replace(/\d$/, ''))
    .join(' ');
}

/** True when two different words rhyme by the dictionary. */
export function rhymes(a: string, b: string): boolean {
  if (normaliseWord(a) === normaliseWord(b)) return false;
  const keyA = rhymeKey(a);
  return keyA !== undefined && keyA === rhymeKey(b);
}

/** Splits a written word into exactly `count` non-empty pieces at plausible syllable breaks. */
export function splitSyllables(token: string, count: number): string[] {
  if (count <= 1) return [token];
  const nuclei = [...token.matchAll(/[aeiouyAEIOUY]+/g)].map((match) => ({ start: match.index ?? 0, end: (match.index ?? 0) + match[0].length }));
  if (nuclei.length >= count) {
    const pieces: string[] = [];
    let from = 0;
    for (let k = 0; k < count - 1; k++) {
      const gapStart = nuclei[k].end;
      const gap = nuclei[k + 1].start - gapStart;
      const cut = gapStart + (gap <= 1 ? 0 : Math.floor(gap / 2));
      pieces.push(token.slice(from, cut));
      from = cut;
    }
    pieces.push(token.slice(from));
    if (pieces.every((piece) => piece.length > 0)) return pieces;
  }
  // Fewer written vowels than spoken syllables ("TV", "rhythm"): cut evenly, never empty.
  const size = token.length / count;
  return Array.from({ length: count }, (_, index) => {
    const start = Math.min(token.length - 1, Math.floor(index * size));
    const end = Math.max(start + 1, Math.floor((index + 1) * size));
    return token.slice(start, end);
  });
}

/** The written words of a line that are sung (have letters or digits), with their syllable counts. */
export function sungWords(text: string): { token: string; syllables: number }[] {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((token) => ({ token, syllables: countSyllables(token) }))
    .filter((word) => word.syllables > 0);
}

/** The sung syllables of a line of text, in order. */
export function lineSyllables(text: string): string[] {
  return sungWords(text).flatMap(({ token, syllables }) => splitSyllables(token, syllables));
}
