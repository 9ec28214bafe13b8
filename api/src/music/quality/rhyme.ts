/**
 * Independent lyric checks for the quality tests: syllable counts and rhymes straight from the
 * CMU Pronouncing Dictionary (not through the lyric writer's own helpers).
 */
import { dictionary } from 'cmu-pronouncing-dictionary';

function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .split(/[\s\-–—/]+/)
    .map((word) => word.replace(/[^a-z0-9']/g, '').replace(/^'+|'+$/g, ''))
    .filter(Boolean);
}

function phones(word: string): string[] | undefined {
  return dictionary[word]?.split(' ');
}

/** Syllables in a line by the dictionary (vowel phones), or null if a word is not in it. */
export function dictionarySyllables(text: string): number | null {
  let total = 0;
  for (const word of wordsOf(text)) {
    const p = phones(word);
    if (!p) return null;
    total += p.filter((phone) => /\d$/.test(phone)).length;
  }
  return total;
}

/** The rhyme part of a word: phones from its last stressed vowel (else last vowel) on, stress marks dropped. */
export function rhymeTail(word: string): string | null {
  const p = phones(word);
  if (!p) return null;
  let index = -1;
  for (let i = p.length - 1; i >= 0 && index < 0; i--) if (/[12]$/.test(p[i])) index = i;
  for (let i = p.length - 1; i >= 0 && index < 0; i--) if (/\d$/.test(p[i])) index = i;
  return index < 0 ? null : p.slice(index).map((phone) => phone.replace(/\d$/, '')).join(' ');
}

export function lastWord(text: string): string {
  return wordsOf(text).pop() ?? '';
}

/** Whether two lines' end words rhyme (perfect rhyme on the dictionary's pronunciation). */
export function linesRhyme(a: string, b: string): boolean {
  const tailA = rhymeTail(lastWord(a));
  const tailB = rhymeTail(lastWord(b));
  return tailA !== null && tailA === tailB;
}
