import type { LyricSheet } from '../music/types.js';

/** Lyrics as stored on the song: one block per stanza, headed by its label ("[Chorus]"). */
export function lyricsText(sheet: LyricSheet): string {
  return sheet.stanzas.map((stanza) => [`[${stanza.label}]`, ...stanza.lines.map((line) => line.text)].join('\n')).join('\n\n');
}
