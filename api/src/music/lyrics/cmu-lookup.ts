/**
 * Lookups in the CMU Pronouncing Dictionary without holding it as a JavaScript object. The
 * package exports one object literal of 135,000 entries, which costs about 60 MB of heap in every
 * process that imports it (the API server included). Here the package's file is read once, on
 * the first lookup, as one string (~5 MB) plus a sorted index of entry offsets (~0.5 MB), and
 * words are found by binary search.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

interface Index {
  text: string;
  /** Offsets of each entry's opening quote, sorted by word. */
  entries: Int32Array;
}

let index: Index | null = null;

/** Word of the entry whose opening quote is at `at` (entries look like `  "word": "PH ON ES",`). */
function wordAt(text: string, at: number): string {
  return text.slice(at + 1, text.indexOf('"', at + 1));
}

function load(): Index {
  const file = createRequire(import.meta.url).resolve('cmu-pronouncing-dictionary');
  const text = readFileSync(file, 'utf8');
  const offsets: number[] = [];
  for (let at = text.indexOf('\n  "'); at >= 0; at = text.indexOf('\n  "', at + 1)) {
    const quote = at + 3;
    // Alternative pronunciations ("word(2)") are never looked up: only the first one is used.
    if (text[text.indexOf('"', quote + 1) - 1] !== ')') offsets.push(quote);
  }
  // The file is all but sorted ("stilton" comes before "stilted"): insertion sort fixes the few
  // entries out of place in one pass, without building 126,000 key strings at once.
  for (let i = 1; i < offsets.length; i++) {
    const at = offsets[i];
    const word = wordAt(text, at);
    let j = i - 1;
    while (j >= 0 && wordAt(text, offsets[j]) > word) {
      offsets[j + 1] = offsets[j];
      j--;
    }
    offsets[j + 1] = at;
  }
  return { text, entries: Int32Array.from(offsets) };
}

/** The dictionary's first pronunciation of `word` (already normalised), e.g. "N AY1 T", or undefined. */
export function lookupPronunciation(word: string): string | undefined {
  index ??= load();
  const { text, entries } = index;
  let lo = 0;
  let hi = entries.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const candidate = wordAt(text, entries[mid]);
    if (candidate === word) {
      const valueStart = text.indexOf('"', entries[mid] + candidate.length + 2) + 1;
      return text.slice(valueStart, text.indexOf('"', valueStart));
    }
    if (candidate < word) lo = mid + 1;
    else hi = mid - 1;
  }
  return undefined;
}
