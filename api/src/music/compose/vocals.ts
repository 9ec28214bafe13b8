/**
 * Which lyric stanza each section sings. Tagged stanzas go to sections of the same kind (the
 * chorus stanza to every chorus); untagged lyrics are sung stanza by stanza in section order.
 */
import type { LyricSheet, LyricStanza, SectionKind } from '../types.js';
import type { FormSection } from './form.js';

const SUNG_KINDS = new Set<SectionKind>(['verse', 'pre-chorus', 'chorus', 'bridge']);
/** Stanza kinds that repeat whenever their section returns. */
const REPEATING = new Set<string>(['chorus', 'pre-chorus', 'bridge']);

export function assignStanzas(sections: FormSection[], sheet: LyricSheet | null): (LyricStanza | null)[] {
  if (!sheet || !sheet.stanzas.length) return sections.map(() => null);
  const tagged = sheet.source === 'generated' || sheet.stanzas.some((stanza) => stanza.kind !== 'verse');
  if (!tagged) {
    let next = 0;
    return sections.map((section) => (SUNG_KINDS.has(section.kind) && next < sheet.stanzas.length ? sheet.stanzas[next++] : null));
  }
  const used = new Map<string, number>();
  return sections.map((section) => {
    const matching = sheet.stanzas.filter((stanza) => stanza.kind === section.kind);
    if (!matching.length) return null;
    const occurrence = used.get(section.kind) ?? 0;
    used.set(section.kind, occurrence + 1);
    if (REPEATING.has(section.kind)) return matching[occurrence % matching.length];
    return matching[occurrence] ?? null;
  });
}
