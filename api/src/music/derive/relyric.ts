/**
 * Edit lyrics: a new song with its source's band, sample for sample (the source's plan, seed and
 * composition of every track and drum hit), whose lead vocal sings new words on the source's
 * melody. The source's composition is rebuilt from its stored request (nothing of it is stored,
 * like stems); only the vocal part is written anew, from the source's sung notes.
 *
 * How the new words meet the source's notes:
 * - stanzas go to the sections the source sang, as a song's stanzas go to its sections
 *   (assignStanzas: tagged ones by kind, the chorus stanza to every chorus; untagged ones in order);
 *   a sung section the new words give no stanza stays unsung (its notes are not played either);
 * - a section's lines are shared out over its phrases in order: with m lines on k phrases, phrase j
 *   sings lines ⌊j·m/k⌋ .. ⌊(j+1)·m/k⌋−1, so fewer lines leave rests between them and more lines
 *   are sung two or more to a phrase, its notes shared out by syllable count;
 * - a phrase with more syllables than notes splits its longest note in two (same pitch) until they
 *   match; with fewer, its shortest note is merged into the one before it (held at that pitch).
 */
import { assignStanzas } from '../compose/vocals.js';
import { summarise } from '../plan/understand.js';
import { arrangeVocals, type MelodyLine, VOICE_TRANSPOSE } from '../vocals/arrange.js';
import { arrangeBacking } from '../vocals/backing.js';
import {
  type Composition,
  type LyricLine,
  type LyricSheet,
  MusicInputError,
  type NoteEvent,
  type Section,
  type SongPlan,
  type SongRequest,
  type SungPhrase,
  type TimedLyricLine,
  type VocalPart,
} from '../types.js';
import { composeAnySong, planAnySong, writeAnyLyrics } from './index.js';

type RelyricSource = Extract<NonNullable<SongRequest['source']>, { kind: 'relyric' }>;
type RelyricDerivation = Extract<NonNullable<SongPlan['derivation']>, { kind: 'relyric' }>;

export function planRelyric(request: SongRequest, source: RelyricSource): SongPlan {
  const lyrics = request.lyrics?.trim();
  if (!lyrics) throw new MusicInputError('New lyrics are required', 'lyrics');
  const sourcePlan = planAnySong(source.request);
  if (sourcePlan.excluded?.includes('vocals') || !writeAnyLyrics(sourcePlan)) throw new MusicInputError('This song is an instrumental: it has no vocals to sing new words', 'songId');
  const plan: Omit<SongPlan, 'summary'> = {
    ...sourcePlan,
    title: request.title?.trim() || `${sourcePlan.title} (new lyrics)`,
    withLyrics: true,
    userLyrics: lyrics,
    withCoverArt: request.generateAlbumArt,
    derivation: { kind: 'relyric', source: source.request },
  };
  return { ...plan, summary: `${summarise(plan, [])} · new words for "${sourcePlan.title}"` };
}

/** The source's composition (its band untouched) with `lyrics` (the new words, or a moderator's rewrite of them) sung on its melody. */
export function composeRelyric(plan: SongPlan, derivation: RelyricDerivation, lyrics: LyricSheet | null): Composition {
  const sourcePlan = planAnySong(derivation.source);
  const source = composeAnySong(sourcePlan, writeAnyLyrics(sourcePlan));
  if (!source.vocals || !lyrics) return source;
  const lines = newMelodyLines(source, source.vocals, lyrics);
  const lead = arrangeVocals({ ...plan, voice: source.vocals.voice, timbre: source.vocals.timbre ?? null }, lines);
  if (!lead) return { ...source, lyricLines: [], vocals: null };
  const backing = arrangeBacking(lead, source.sections, source.chords, { bpm: source.bpm, beatsPerBar: source.beatsPerBar });
  const vocals: VocalPart = { ...source.vocals, phrases: lead.phrases, backing };
  if (backing.length === 0) delete vocals.backing;
  return { ...source, lyricLines: lines.map((line) => timedLine(line, source.durationSeconds)), vocals };
}

/** The source's sung phrases in runs of one section each, with that section. */
function sungSections(source: Composition, phrases: SungPhrase[]): { section: Section; phrases: SungPhrase[] }[] {
  const runs: { section: Section; phrases: SungPhrase[] }[] = [];
  for (const phrase of phrases) {
    const last = runs.at(-1);
    if (last && last.section.label === phrase.section) last.phrases.push(phrase);
    else {
      const section = source.sections.find((own) => own.label === phrase.section && own.end > phrase.notes[0].start) ?? source.sections.find((own) => own.label === phrase.section);
      if (section) runs.push({ section, phrases: [phrase] });
    }
  }
  return runs;
}

function newMelodyLines(source: Composition, vocals: VocalPart, sheet: LyricSheet): MelodyLine[] {
  const runs = sungSections(source, vocals.phrases);
  const sections = runs.map((run) => run.section);
  let stanzas = assignStanzas(sections, sheet);
  // Tagged words that fit none of the sections sung (a lone [Bridge] on a song without one) are sung in order instead.
  if (stanzas.every((stanza) => stanza === null)) stanzas = assignStanzas(sections, { ...sheet, source: 'user', stanzas: sheet.stanzas.map((stanza) => ({ ...stanza, kind: 'verse' })) });
  const transpose = VOICE_TRANSPOSE[vocals.voice];
  return runs.flatMap((run, index) => {
    const words = (stanzas[index]?.lines ?? []).filter((line) => line.syllables.length > 0);
    const k = run.phrases.length;
    return run.phrases.flatMap((phrase, j) => {
      const mine = words.slice(Math.floor((j * words.length) / k), Math.floor(((j + 1) * words.length) / k));
      if (!mine.length) return [];
      const melody = phrase.notes.map(({ start, duration, pitch, velocity }) => ({ start, duration, pitch: pitch - transpose, velocity }));
      return shareOut(fitNotes(melody, mine.reduce((sum, line) => sum + line.syllables.length, 0)), mine).map((notes, at) => ({
        notes,
        text: mine[at].text,
        section: run.section.label,
        kind: run.section.kind,
      }));
    });
  });
}

/** `notes` split (longest first) or merged (shortest into the one before) until there are `count`. */
export function fitNotes(notes: NoteEvent[], count: number): NoteEvent[] {
  const fitted = [...notes];
  while (fitted.length < count) {
    const longest = fitted.reduce((best, note, index) => (note.duration > fitted[best].duration ? index : best), 0);
    const note = fitted[longest];
    const half = note.duration / 2;
    fitted.splice(longest, 1, { ...note, duration: half }, { ...note, start: note.start + half, duration: half });
  }
  while (fitted.length > count && fitted.length > 1) {
    const shortest = fitted.reduce((best, note, index) => (index > 0 && note.duration < fitted[best].duration ? index : best), 1);
    const before = fitted[shortest - 1];
    const note = fitted[shortest];
    fitted.splice(shortest - 1, 2, { ...before, duration: note.start + note.duration - before.start });
  }
  return fitted;
}

/** Consecutive notes for each line, as many as it has syllables, each carrying its syllable. */
function shareOut(notes: NoteEvent[], lines: LyricLine[]): NoteEvent[][] {
  let next = 0;
  return lines.map((line) => line.syllables.map((syllable) => ({ ...notes[next++], syllable })));
}

function timedLine(line: MelodyLine, songSeconds: number): TimedLyricLine {
  const last = line.notes[line.notes.length - 1];
  return { start: line.notes[0].start, end: Math.min(songSeconds, last.start + last.duration), text: line.text, section: line.section };
}
