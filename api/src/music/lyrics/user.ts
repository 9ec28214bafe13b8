/**
 * The user's own lyrics, split into stanzas on section tags ([Verse], [Chorus], ...) or, without
 * tags, on blank lines. Line text is kept exactly as written (surrounding whitespace trimmed).
 */
import type { LyricLine, LyricSheet, LyricStanza } from '../types.js';
import { lineSyllables, rhymeKey } from './pronounce.js';

type StanzaKind = LyricStanza['kind'];

const TAG = /^\s*\[\s*(pre[-\s]?chorus|verse|chorus|bridge|intro|outro|hook|refrain)\s*(\d+)?\s*\]\s*$/i;

const TAG_KINDS: Record<string, StanzaKind> = {
  verse: 'verse',
  chorus: 'chorus',
  hook: 'chorus',
  refrain: 'chorus',
  bridge: 'bridge',
  intro: 'intro',
  outro: 'outro',
  prechorus: 'pre-chorus',
};

const KIND_LABELS: Record<StanzaKind, string> = {
  verse: 'Verse',
  chorus: 'Chorus',
  'pre-chorus': 'Pre-Chorus',
  bridge: 'Bridge',
  intro: 'Intro',
  outro: 'Outro',
};

/** Rhyme letters by the dictionary: lines whose last words rhyme share a letter. */
function rhymeLetters(texts: string[]): string[] {
  const letterByKey = new Map<string, string>();
  let next = 0;
  return texts.map((text) => {
    const lastWord = text.split(/\s+/).filter((word) => /[a-z]/i.test(word)).pop() ?? '';
    const key = rhymeKey(lastWord) ?? `line:${text}`;
    if (!letterByKey.has(key)) letterByKey.set(key, String.fromCharCode(65 + (next++ % 26)));
    return letterByKey.get(key) as string;
  });
}

function stanza(kind: StanzaKind, label: string, texts: string[]): LyricStanza {
  const letters = rhymeLetters(texts);
  const lines: LyricLine[] = texts.map((text, index) => ({ text, syllables: lineSyllables(text), rhyme: letters[index] }));
  return { kind, label, lines };
}

export function parseUserLyrics(text: string): LyricSheet {
  const rawLines = text.replace(/\r\n?/g, '\n').split('\n');
  const tagged = rawLines.some((line) => TAG.test(line));
  const blocks: { kind: StanzaKind; number?: string; texts: string[] }[] = [];
  let current: (typeof blocks)[number] | null = null;
  for (const raw of rawLines) {
    const line = raw.trim();
    const tag = TAG.exec(line);
    if (tag) {
      current = { kind: TAG_KINDS[tag[1].toLowerCase().replace(/[-\s]/g, '')], number: tag[2], texts: [] };
      blocks.push(current);
      continue;
    }
    if (!line) {
      // Without tags a blank line ends the stanza; with tags, stanzas end only at the next tag.
      if (!tagged) current = null;
      continue;
    }
    if (!current) {
      current = { kind: 'verse', texts: [] };
      blocks.push(current);
    }
    current.texts.push(line);
  }

  const counts = new Map<StanzaKind, number>();
  const stanzas = blocks
    .filter((block) => block.texts.length > 0)
    .map((block) => {
      const occurrence = (counts.get(block.kind) ?? 0) + 1;
      counts.set(block.kind, occurrence);
      const number = block.number ?? (block.kind === 'verse' ? String(occurrence) : undefined);
      return stanza(block.kind, number ? `${KIND_LABELS[block.kind]} ${number}` : KIND_LABELS[block.kind], block.texts);
    });
  const first = stanzas[0]?.lines.map((line) => line.rhyme).join('') ?? '';
  return { source: 'user', rhymeScheme: first, stanzas };
}
