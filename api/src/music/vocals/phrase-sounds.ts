/**
 * Identity of a sung phrase's sound. A chorus sings the same line to the same notes every time
 * it returns: such phrases get equal keys, are synthesised once per song and sound identical
 * (their seed derives from the key, not from where they occur).
 */
import { hashSeed } from '../random.js';
import type { BackingPhrase, SungPhrase, VoiceTimbre, VoiceType } from '../types.js';

/** Everything the phrase's sound depends on, relative to its start (microsecond resolution). */
export function phraseKey(phrase: SungPhrase, voice: VoiceType, timbre?: VoiceTimbre | null): string {
  const at = (t: number): number => Math.round((t - phrase.start) * 1e6);
  const notes = phrase.notes.map((note) => `${note.pitch}/${note.velocity}/${at(note.start)}/${at(note.start + note.duration)}:${note.phones.map((p) => `${p.phone}@${at(p.start)}-${at(p.end)}`).join(',')}`);
  // A timbre joins the key only when set, so songs without one keep their seeds (and bytes).
  const colour = timbre ? `|${timbre.brightness}/${timbre.breathiness}/${timbre.vibrato}` : '';
  return `${voice}${colour}|${phrase.doubled ? 'doubled' : 'single'}|${notes.join(';')}`;
}

export function phraseSeed(phrase: SungPhrase, voice: VoiceType, timbre?: VoiceTimbre | null): number {
  return hashSeed(phraseKey(phrase, voice, timbre));
}

/** A backing voice's phrase: its pan joins the key (a lead phrase's key and seed stay as they were). */
export function backingKey(phrase: BackingPhrase, voice: VoiceType, timbre?: VoiceTimbre | null): string {
  return `backing@${phrase.pan}|${phraseKey(phrase, voice, timbre)}`;
}
