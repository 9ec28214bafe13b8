/**
 * Generated lyrics: one stanza per sung section of the song's form (verses, pre-chorus, chorus,
 * bridge), lines on the prompt's themes and the mood's imagery, a rhyme scheme whose rhymes the
 * pronouncing dictionary confirms, and a steady syllable count per stanza so the melody can
 * give every line the same shape.
 */
import { buildForm, type FormSection } from '../compose/form.js';
import { Random } from '../random.js';
import type { LyricLine, LyricSheet, LyricStanza, SongPlan } from '../types.js';
import { lineSyllables, normaliseWord, rhymeKey } from './pronounce.js';
import { looksLikeAdjective } from './title.js';
import { COMMON_ENDINGS, MOOD_WORDS, type MoodWords } from './wordbank.js';

type SungKind = 'verse' | 'pre-chorus' | 'chorus' | 'bridge';

/**
 * Line templates. {E} is the rhyming end word, {D}/{D2} determiners, {A} adjective, {V} verb in
 * -ing form, {I} image noun, {T} a theme from the prompt (used bare: it may be a name).
 */
const TEMPLATES: Record<SungKind, string[]> = {
  verse: [
    'walking alone through {D} {E}',
    'I remember {D} {A} {E}',
    '{T} on my mind and {D} {E}',
    'we were {V} under {D} {E}',
    'every {I} leads me back to {D} {E}',
    'I can hear {D} {I} in {D2} {E}',
    'shadows {V} on {D} {E}',
    'counting the hours by {D} {E}',
    'you left a {I} by {D} {E}',
    'I keep {V} in {D} {A} {E}',
    "there's a {A} {I} in {D} {E}",
    'we were young beneath {D} {A} {E}',
    'lost in {T}, lost in {D} {E}',
    'talking about {T} and {D} {E}',
  ],
  'pre-chorus': [
    'can you feel {D} {E}',
    'here it comes, {D} {E}',
    'closer to {D} {E}',
    'rising up to {D} {A} {E}',
    'wait for {D} {E}',
    '{T} is calling {D} {E}',
  ],
  chorus: [
    'oh, {D} {A} {E}',
    'hold me close in {D} {E}',
    'we are {V} in {D} {E}',
    'take me back to {D} {E}',
    'never let go of {D} {E}',
    "we'll be {V} till {D} {E}",
    'all I need is {D} {A} {E}',
    'light it up like {D} {E}',
    'you and me and {D} {E}',
    'calling out to {D} {E}',
    '{T}, you are {D} {E}',
  ],
  bridge: [
    'and if {D} {I} should fall into {D2} {E}',
    "maybe we're {V} toward {D} {E}",
    'so I wait for {D} {A} {E}',
    "nothing's left but {D} {A} {E}",
    'and {T} was only {D} {E}',
    'when the {I} is gone there is {D} {E}',
  ],
};

const SYLLABLE_TARGETS: Record<SungKind, number> = { verse: 8, 'pre-chorus': 6, chorus: 7, bridge: 8 };
const STANZA_LABELS: Record<SungKind, string> = { verse: 'Verse', 'pre-chorus': 'Pre-Chorus', chorus: 'Chorus', bridge: 'Bridge' };
const LINE_ATTEMPTS = 60;

interface Vocabulary extends MoodWords {
  themeNouns: string[];
  themeAdjectives: string[];
}

function isPlural(word: string): boolean {
  return /[^s]s$/.test(word);
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function determiner(end: string, rng: Random): string {
  const options: [string, number][] = [
    ['the', 6],
    ['my', 2],
    ['your', 2],
    [isPlural(end) ? 'these' : 'this', 1],
  ];
  return rng.weighted(options);
}

function fillTemplate(template: string, end: string, words: Vocabulary, rng: Random): string {
  const adjective = () => (words.themeAdjectives.length && rng.chance(0.5) ? rng.pick(words.themeAdjectives) : rng.pick(words.adjectives));
  const theme = () => (words.themeNouns.length ? rng.pick(words.themeNouns) : rng.pick(words.images));
  return template
    .replace('{A}', adjective)
    .replace('{V}', () => rng.pick(words.verbs))
    .replace('{I}', () => rng.pick(words.images))
    .replace('{T}', theme)
    .replace('{D2}', () => rng.weighted<string>([['the', 3], ['my', 1]]))
    .replace('{D}', () => determiner(end, rng))
    .replace('{E}', end);
}

/** The best line ending in `end`: exactly `target` syllables when any template manages it. */
function writeLine(kind: SungKind, end: string, target: number, words: Vocabulary, used: Set<string>, rng: Random): string {
  const templates = TEMPLATES[kind].filter((template) => !used.has(template));
  const pool = templates.length ? templates : TEMPLATES[kind];
  let best = '';
  let bestTemplate = pool[0];
  let bestMiss = Infinity;
  for (let attempt = 0; attempt < LINE_ATTEMPTS && bestMiss > 0; attempt++) {
    const template = rng.weighted(pool.map((candidate) => [candidate, candidate.includes('{T}') && words.themeNouns.length ? 3 : 1] as [string, number]));
    const text = fillTemplate(template, end, words, rng);
    const miss = Math.abs(lineSyllables(text).length - target);
    if (miss < bestMiss) {
      best = text;
      bestTemplate = template;
      bestMiss = miss;
    }
  }
  used.add(bestTemplate);
  return capitalise(best);
}

/** Rhyme families among the candidate end words, keyed by the dictionary's rhyme. */
function rhymeFamilies(words: Vocabulary): Map<string, string[]> {
  const families = new Map<string, string[]>();
  for (const word of new Set([...words.themeNouns, ...words.endings, ...COMMON_ENDINGS])) {
    const key = rhymeKey(word);
    if (!key) continue;
    const family = families.get(key) ?? [];
    if (!family.some((member) => normaliseWord(member) === normaliseWord(word))) family.push(word);
    families.set(key, family);
  }
  return families;
}

/** Scheme letters for n lines: the 4-line pattern repeated with fresh letters ("ABABCDCD"). */
export function schemeLetters(pattern: string, lines: number): string[] {
  return Array.from({ length: lines }, (_, index) => {
    const base = pattern.charCodeAt(index % pattern.length) - 65;
    return String.fromCharCode(65 + base + 2 * Math.floor(index / pattern.length));
  });
}

class StanzaWriter {
  private readonly usedKeys = new Set<string>();
  private readonly usedEnds = new Set<string>();

  constructor(
    private readonly words: Vocabulary,
    private readonly families: Map<string, string[]>,
    private readonly rng: Random,
  ) {}

  /** `count` distinct rhyming end words from a family not used yet when possible. */
  private endWords(count: number, rng: Random, forcedKey?: string): string[] {
    const preferred = new Set([...this.words.endings, ...this.words.themeNouns]);
    const eligible = [...this.families].filter(([, family]) => family.length >= Math.min(count, 2));
    const key =
      forcedKey ??
      rng.weighted(
        eligible.map(([candidate, family]) => {
          const weight = (family.some((word) => preferred.has(word)) ? 3 : 1) * (this.usedKeys.has(candidate) ? 0.05 : 1);
          return [candidate, weight] as [string, number];
        }),
      );
    this.usedKeys.add(key);
    const family = rng.shuffle(this.families.get(key) ?? []);
    const fresh = family.filter((word) => !this.usedEnds.has(word));
    const chosen = (fresh.length >= count ? fresh : family).slice(0, count);
    chosen.forEach((word) => this.usedEnds.add(word));
    return chosen;
  }

  write(kind: SungKind, label: string, lineCount: number, pattern: string, hook: string | null): LyricStanza {
    const rng = this.rng.fork(`stanza:${label}`);
    const target = SYLLABLE_TARGETS[kind] + rng.int(-1, 1);
    const letters = schemeLetters(pattern, lineCount);
    const texts: string[] = new Array(lineCount).fill('');
    const usedTemplates = new Set<string>();
    for (const letter of new Set(letters)) {
      const positions = letters.flatMap((candidate, index) => (candidate === letter ? [index] : []));
      const hookKey = hook && positions[0] === 0 ? rhymeKey(hook.split(' ').pop() ?? '') : undefined;
      const useHook = hook !== null && hookKey !== undefined && (this.families.get(hookKey)?.length ?? 0) >= 2;
      const ends = this.endWords(positions.length, rng, useHook ? hookKey : undefined);
      positions.forEach((position, order) => {
        if (useHook && order === 0) {
          texts[position] = capitalise(hook ?? '');
          return;
        }
        const end = useHook ? (ends.find((word) => normaliseWord(word) !== normaliseWord(hook?.split(' ').pop() ?? '')) ?? ends[0]) : ends[order % ends.length];
        texts[position] = writeLine(kind, end, target, this.words, usedTemplates, rng);
      });
    }
    const lines: LyricLine[] = texts.map((text, index) => ({ text, syllables: lineSyllables(text), rhyme: letters[index] }));
    return { kind, label, lines };
  }
}

/** A chorus hook built on the title when the title ends in a word the dictionary can rhyme. */
function titleHook(title: string, rng: Random): string | null {
  const words = title.trim().split(/\s+/);
  if (!words.length || words.length > 5) return null;
  const last = words[words.length - 1];
  if (!/^[A-Za-z']+$/.test(last) || !rhymeKey(last)) return null;
  return `${rng.pick(['', 'oh, ', 'hey, ', 'oh, oh, '])}${title.trim()}`;
}

/** Stanzas for the sung sections of `form` (the plan's own unless given: an extension's continuation). */
export function generateLyrics(plan: SongPlan, form: FormSection[] = buildForm(plan)): LyricSheet {
  const rng = new Random(plan.seed).fork('lyrics');
  const mood = MOOD_WORDS[plan.mood] ?? MOOD_WORDS.happy;
  const themes = plan.themes.filter((theme) => /^[a-z']+$/i.test(theme));
  const words: Vocabulary = {
    ...mood,
    themeNouns: themes.filter((theme) => !looksLikeAdjective(theme)),
    themeAdjectives: themes.filter(looksLikeAdjective),
  };
  const writer = new StanzaWriter(words, rhymeFamilies(words), rng);
  const versePattern = rng.pick(['ABAB', 'AABB']);
  const patterns: Record<SungKind, string> = { verse: versePattern, 'pre-chorus': 'AABB', chorus: 'AABB', bridge: rng.pick(['ABAB', 'AABB']) };
  const hook = titleHook(plan.title, rng.fork('hook'));

  const stanzas: LyricStanza[] = [];
  let verseNumber = 0;
  for (const section of form) {
    const kind = section.kind;
    if (kind !== 'verse' && kind !== 'pre-chorus' && kind !== 'chorus' && kind !== 'bridge') continue;
    if (kind !== 'verse' && stanzas.some((stanza) => stanza.kind === kind)) continue;
    const label = kind === 'verse' ? `Verse ${++verseNumber}` : STANZA_LABELS[kind];
    const lineCount = Math.max(2, Math.min(8, Math.floor(section.bars / 2)));
    stanzas.push(writer.write(kind, label, lineCount, patterns[kind], kind === 'chorus' ? hook : null));
  }
  return { source: 'generated', rhymeScheme: versePattern, stanzas };
}
