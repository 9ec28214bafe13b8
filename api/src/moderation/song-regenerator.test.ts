/**
 * The lyrics of a regeneration: flagged words replaced by words of the same syllables (rhyming where
 * the dictionary offers one), so the composer sings the new words on the same notes.
 */
import { describe, expect, it } from 'vitest';
import { LocalMusicEngine } from '../music/provider.js';
import type { Composition, SongRequest } from '../music/types.js';
import { countSyllables, rhymes } from '../music/lyrics/index.js';
import { LyricRewriteError, rewriteLyrics } from '../music/lyrics/rewrite.js';
import { regeneratedSongId, rewriteRules, type RegenerationOrder } from './song-regenerator.js';

const engine = new LocalMusicEngine();
const LYRICS = ['[Verse]', 'Driving through the city lights tonight', 'What the f*ck is going on', 'This sh1t keeps me up till dawn', '', '[Chorus]', 'Oh what the FUCK, we ride', 'Shit happens on the way'].join('\n');
const REQUEST: SongRequest = { prompt: 'late night synthwave drive', genres: [], moods: [], lyrics: LYRICS, generateLyrics: false, generateAlbumArt: false, durationSeconds: 40, seed: 3 };
const order = (fields: Partial<RegenerationOrder> = {}): RegenerationOrder => ({ id: 1, wordsToEliminate: ['fuck', 'shit'], replacementWords: {}, preservedElements: ['melody', 'arrangement', 'title'], ...fields });

const sungNotes = (composition: Composition) => composition.vocals!.phrases.flatMap((phrase) => phrase.notes.map((note) => ({ start: note.start, pitch: note.pitch, duration: note.duration })));
const sungText = (composition: Composition) => composition.vocals!.phrases.map((phrase) => phrase.text).join('\n');

describe('regeneration lyrics', () => {
  it('replaces flagged words, obfuscated or not, with rhyming words of the same syllables: the melody keeps its notes', () => {
    const plan = engine.plan(REQUEST);
    const sheet = engine.writeLyrics(plan)!;
    const { sheet: rewritten, replacements } = rewriteLyrics(sheet, rewriteRules(order(), true));
    const before = engine.compose(plan, sheet);
    const after = engine.compose(plan, rewritten);

    expect(replacements.map((r) => r.from)).toEqual(['f*ck', 'sh1t', 'FUCK', 'Shit']);
    // One replacement per word, cased as written, rhyming with the word it replaces.
    const [fuck, shit] = [replacements[0].to, replacements[1].to];
    expect(replacements.map((r) => r.to)).toEqual([fuck, shit, fuck.toUpperCase(), shit[0].toUpperCase() + shit.slice(1)]);
    expect(rhymes(fuck, 'fuck')).toBe(true);
    expect(rhymes(shit, 'shit')).toBe(true);
    expect(countSyllables(fuck)).toBe(1);

    const text = sungText(after);
    expect(text).toContain(`What the ${fuck} is going on`);
    expect(text).not.toMatch(/f\*ck|sh1t|fuck|shit/i);
    expect(sungText(before)).toContain('What the f*ck is going on');
    // Same notes (onsets, pitches, lengths), different words on them.
    expect(sungNotes(after)).toEqual(sungNotes(before));
    expect(after.vocals!.phrases.flatMap((p) => p.notes.map((n) => n.syllable))).not.toEqual(before.vocals!.phrases.flatMap((p) => p.notes.map((n) => n.syllable)));
    expect(after.tracks).toEqual(before.tracks);
    expect(after.durationSeconds).toBe(before.durationSeconds);
  });

  it('uses the moderator\'s replacements; one of another syllable count is refused while the melody is kept', () => {
    const plan = engine.plan(REQUEST);
    const sheet = engine.writeLyrics(plan)!;
    const given = rewriteLyrics(sheet, rewriteRules(order({ replacementWords: { fuck: 'heck', shit: 'stuff' } }), true)).sheet;
    expect(given.stanzas[0].lines[1].text).toBe('What the heck is going on');
    expect(given.stanzas[1].lines[0].text).toBe('Oh what the HECK, we ride');
    expect(sungNotes(engine.compose(plan, given))).toEqual(sungNotes(engine.compose(plan, sheet)));

    expect(() => rewriteLyrics(sheet, rewriteRules(order({ replacementWords: { fuck: 'fiddlesticks' } }), true))).toThrow(LyricRewriteError);
    // Without the melody the line may change length.
    const free = rewriteLyrics(sheet, rewriteRules(order({ replacementWords: { fuck: 'fiddlesticks' }, preservedElements: [] }), false)).sheet;
    expect(free.stanzas[0].lines[1].text).toBe('What the fiddlesticks is going on');
  });

  it('eliminates ordinary words of generated lyrics too, the same replacement everywhere', () => {
    const request: SongRequest = { prompt: 'a happy song about the night', genres: ['pop'], moods: ['happy'], generateLyrics: true, generateAlbumArt: false, durationSeconds: 60, seed: 9 };
    const plan = engine.plan(request);
    const sheet = engine.writeLyrics(plan)!;
    const word = sheet.stanzas.flatMap((s) => s.lines).flatMap((l) => l.text.toLowerCase().split(/[^a-z']+/)).find((w) => w.length > 3 && countSyllables(w) === 1)!;
    const { sheet: rewritten, replacements } = rewriteLyrics(sheet, rewriteRules(order({ wordsToEliminate: [word] }), true));
    expect(replacements.length).toBeGreaterThan(0);
    expect(new Set(replacements.map((r) => r.to.toLowerCase())).size).toBe(1);
    expect(rewritten.stanzas.flatMap((s) => s.lines).some((l) => new RegExp(`\\b${word}\\b`, 'i').test(l.text))).toBe(false);
    expect(sungNotes(engine.compose(plan, rewritten))).toEqual(sungNotes(engine.compose(plan, sheet)));
  });

  it('names the new song after the request, the same on a redo', () => {
    expect(regeneratedSongId(7)).toBe(regeneratedSongId(7));
    expect(regeneratedSongId(7)).not.toBe(regeneratedSongId(8));
    expect(regeneratedSongId(7)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
