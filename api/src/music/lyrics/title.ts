/**
 * Song titles from the prompt's themes and the mood's imagery.
 */
import { Random } from '../random.js';
import type { SongPlan } from '../types.js';
import { MOOD_WORDS } from './wordbank.js';

export type TitleInput = Pick<SongPlan, 'themes' | 'mood' | 'seed'>;

const ADJECTIVE_SUFFIXES = /(y|ful|less|ous|ic|al|ive|ish|ent|ant|ed)$/;

/** Rough part-of-speech guess for prompt words: good enough to choose a title pattern. */
export function looksLikeAdjective(word: string): boolean {
  return word.length > 3 && ADJECTIVE_SUFFIXES.test(word) && !/(ity|ary|ery|ory)$/.test(word);
}

function titleCase(text: string): string {
  const minor = new Set(['a', 'an', 'the', 'of', 'in', 'on', 'and', 'to', 'at', 'for', 'by']);
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((word, index) => (index > 0 && minor.has(word) ? word : word[0].toUpperCase() + word.slice(1)))
    .join(' ');
}

/** A short evocative title, e.g. "Neon Rain", "Hazy Afternoon", "The Midnight Ocean". */
export function generateTitle(input: TitleInput): string {
  const rng = new Random(input.seed).fork('title');
  const words = MOOD_WORDS[input.mood] ?? MOOD_WORDS.happy;
  const themes = input.themes.filter((theme) => /^[a-z][a-z' -]*$/i.test(theme));
  const nouns = themes.filter((theme) => !looksLikeAdjective(theme));
  const adjectives = themes.filter((theme) => looksLikeAdjective(theme));
  const noun = nouns.length ? rng.pick(nouns) : rng.pick(words.images);
  const adjective = adjectives.length ? rng.pick(adjectives) : rng.pick(words.adjectives);
  const image = rng.pick(words.images.filter((candidate) => candidate !== noun));
  const second = nouns.find((candidate) => candidate !== noun);
  const patterns: [string, number][] = [
    [`${adjective} ${noun}`, 4],
    [`${noun} ${image}`, nouns.length ? 2 : 0],
    [`the ${adjective} ${noun}`, 1],
    [`${noun} in the ${image}`, 1],
    [`${noun} and ${second ?? image}`, second ? 2 : 0],
    [`${adjective} ${image}`, nouns.length ? 0 : 2],
  ];
  return titleCase(rng.weighted(patterns.filter(([, weight]) => weight > 0)));
}
