/**
 * Negative style words: "no drums", "without vocals", "no distortion", "instrumental", or the
 * request's exclude list ("drums, distortion"). The plan lists what is left out; the palette loses
 * those instruments before the arrangement is chosen, and the composition loses the parts (drums,
 * bass) that every song otherwise has.
 */
import type { Composition, Exclusion, InstrumentId, TrackRole } from '../types.js';
import { MusicInputError } from '../types.js';
import { INSTRUMENT_ROLES, INSTRUMENT_WORDS } from './instruments.js';

/** Words for each exclusion, longest first when scanned. Instrument words come from the prompt vocabulary. */
const PART_WORDS: readonly (readonly [string, Exclusion])[] = [
  ['drum machine', 'drums'],
  ['drums', 'drums'],
  ['drum', 'drums'],
  ['percussion', 'drums'],
  ['beats', 'drums'],
  ['beat', 'drums'],
  ['vocals', 'vocals'],
  ['vocal', 'vocals'],
  ['singing', 'vocals'],
  ['singer', 'vocals'],
  ['voices', 'vocals'],
  ['voice', 'vocals'],
  ['lyrics', 'vocals'],
  ['words', 'vocals'],
  ['distorted guitars', 'distortion'],
  ['distorted guitar', 'distortion'],
  ['distortion', 'distortion'],
  ['overdrive', 'distortion'],
  ['fuzz', 'distortion'],
  ['bassline', 'bass'],
  ['bass', 'bass'],
];

const EXCLUSION_WORDS: readonly (readonly [string, Exclusion])[] = [...PART_WORDS, ...INSTRUMENT_WORDS.filter(([word]) => !PART_WORDS.some(([part]) => part === word))].sort(
  (a, b) => b[0].length - a[0].length,
);

/** Words that exclude on their own, without "no". */
const STANDALONE: readonly (readonly [string, Exclusion])[] = [
  ['instrumental', 'vocals'],
  ['drumless', 'drums'],
];

/** "no", "without", "minus", optionally followed by "any" or "the". */
const NEGATION = /(?:^| )(?:no|without|minus|zero)(?: any| the)? /g;

/** The exclusion a phrase starts with, and its length in characters; null when it names none. */
function exclusionAt(text: string): { exclusion: Exclusion; length: number } | null {
  for (const [word, exclusion] of EXCLUSION_WORDS) {
    if (text.startsWith(word) && (text.length === word.length || text[word.length] === ' ')) return { exclusion, length: word.length };
  }
  return null;
}

/**
 * Reads the negative words of a normalised prompt (lower case, single spaces, padded with spaces):
 * answers what they exclude and the prompt with them blanked out, so "no piano" does not also ask
 * for a piano.
 */
export function readExclusions(text: string): { excluded: Exclusion[]; rest: string } {
  const excluded: Exclusion[] = [];
  let rest = text;
  for (const match of text.matchAll(NEGATION)) {
    const from = (match.index ?? 0) + match[0].length;
    const found = exclusionAt(text.slice(from));
    if (!found) continue;
    if (!excluded.includes(found.exclusion)) excluded.push(found.exclusion);
    const start = (match.index ?? 0) + (match[0].startsWith(' ') ? 1 : 0);
    rest = rest.slice(0, start) + ' '.repeat(from + found.length - start) + rest.slice(from + found.length);
  }
  for (const [word, exclusion] of STANDALONE) {
    const at = rest.indexOf(` ${word} `);
    if (at < 0) continue;
    if (!excluded.includes(exclusion)) excluded.push(exclusion);
    rest = rest.slice(0, at + 1) + ' '.repeat(word.length) + rest.slice(at + 1 + word.length);
  }
  return { excluded, rest };
}

/**
 * The request's exclude list: items separated by commas, semicolons or "and", each with or without
 * "no" ("drums, no distortion"). An item that names nothing the engine can leave out is an input error.
 */
export function parseExcludeList(list: string): Exclusion[] {
  const excluded: Exclusion[] = [];
  const items = list
    .toLowerCase()
    .split(/[,;\n]| and /)
    .map((item) => item.replace(/[^a-z0-9&#' -]+/g, ' ').replace(/\s+/g, ' ').trim().replace(/^(?:no|without|minus)(?: any| the)? /, ''))
    .filter(Boolean);
  for (const item of items) {
    const standalone = STANDALONE.find(([word]) => word === item);
    const found = standalone ? { exclusion: standalone[1], length: item.length } : exclusionAt(item);
    if (!found || found.length !== item.length) {
      throw new MusicInputError(`Cannot leave out "${item}": name drums, bass, vocals, distortion or an instrument`, 'exclude');
    }
    if (!excluded.includes(found.exclusion)) excluded.push(found.exclusion);
  }
  return excluded;
}

/** Instruments an exclusion removes from the palette ('distortion': the distorted guitar). */
export function excludedInstruments(excluded: readonly Exclusion[]): Set<InstrumentId> {
  const instruments = new Set<InstrumentId>();
  for (const exclusion of excluded) {
    if (exclusion === 'distortion') instruments.add('distorted-guitar');
    else if (exclusion in INSTRUMENT_ROLES) instruments.add(exclusion as InstrumentId);
  }
  return instruments;
}

/**
 * The genre's palette without the excluded instruments. A role left with no option takes the
 * first instrument (in INSTRUMENT_ROLES order) that can play it and is not excluded; the bass role
 * always keeps an instrument (an excluded bass part is removed from the composition instead).
 */
export function paletteWithout(palette: Record<TrackRole, readonly InstrumentId[]>, removed: ReadonlySet<InstrumentId>): Record<TrackRole, InstrumentId[]> {
  const entries = Object.entries(palette).map(([role, options]) => {
    const kept = options.filter((instrument) => !removed.has(instrument));
    if (kept.length > 0) return [role, kept];
    const fallback = (Object.keys(INSTRUMENT_ROLES) as InstrumentId[]).find((instrument) => !removed.has(instrument) && INSTRUMENT_ROLES[instrument].includes(role as TrackRole));
    return [role, fallback ? [fallback] : [...options]];
  });
  return Object.fromEntries(entries) as Record<TrackRole, InstrumentId[]>;
}

/** The composition without the parts the plan excludes: the drum kit's hits, the bass line. */
export function withoutExcludedParts(composition: Composition, excluded: readonly Exclusion[] | undefined): Composition {
  if (!excluded?.length) return composition;
  const noDrums = excluded.includes('drums');
  const noBass = excluded.includes('bass');
  if (!noDrums && !noBass) return composition;
  return {
    ...composition,
    tracks: noBass ? composition.tracks.filter((track) => track.role !== 'bass') : composition.tracks,
    drums: noDrums ? { ...composition.drums, hits: [] } : composition.drums,
  };
}
