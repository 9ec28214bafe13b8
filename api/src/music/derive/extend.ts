/**
 * Extend: a new song that plays its source up to a bar line and then continues it. The source is
 * rebuilt from its stored request (same plan, same composition); the continuation is composed with
 * the source's plan and seed, so it keeps its key, tempo, instruments, voice and motifs (the melody
 * writer draws a section kind's rhythm and contour from the seed: a returning chorus is the
 * source's chorus). The whole song is one composition, rendered in one pass, so the join has no
 * seam: reverb, delay and ringing notes carry across it like anywhere else.
 */
import { arrange, writeScore } from '../compose/index.js';
import { continuationForm, type FormSection } from '../compose/form.js';
import { assignStanzas } from '../compose/vocals.js';
import { TimeGrid } from '../compose/timing.js';
import { generateLyrics } from '../lyrics/generate.js';
import { parseUserLyrics } from '../lyrics/index.js';
import { genreById } from '../plan/catalog.js';
import { summarise } from '../plan/understand.js';
import { type Composition, type LyricSheet, type LyricStanza, MusicInputError, type SongPlan, type SongRequest } from '../types.js';
import { composeAnySong, formOfAnySong, planAnySong, writeAnyLyrics } from './index.js';

type ExtendSource = Extract<NonNullable<SongRequest['source']>, { kind: 'extend' }>;
type ExtendDerivation = Extract<NonNullable<SongPlan['derivation']>, { kind: 'extend' }>;

/** Stanzas that return with their section (a continuation's chorus sings the source's chorus). */
const RETURNING = new Set(['chorus', 'pre-chorus', 'bridge']);

function barSecondsOf(plan: SongPlan): number {
  return new TimeGrid(plan.bpm, genreById(plan.genre).beatsPerBar, 0, 8).barSeconds;
}

/**
 * Where the continuation starts, in bars: the bar line nearest `fromSeconds`, and from the end (or
 * a point inside the outro) the outro's start, since the continuation brings its own outro.
 */
export function keptBarsFor(form: FormSection[], barSeconds: number, fromSeconds: number | null): number {
  const last = form[form.length - 1];
  const end = last.startBar + last.bars;
  const outroStart = last.kind === 'outro' ? last.startBar : end;
  const asked = fromSeconds === null ? end : Math.round(fromSeconds / barSeconds);
  return Math.max(1, Math.min(outroStart, asked));
}

/** The source's sections the extension keeps, the last one cut at the bar where the continuation starts. */
function keptSections(form: FormSection[], keptBars: number): FormSection[] {
  return form.filter((section) => section.startBar < keptBars).map((section) => ({ ...section, bars: Math.min(section.bars, keptBars - section.startBar) }));
}

export function planExtension(request: SongRequest, source: ExtendSource): SongPlan {
  // A derived source (an extension, a cover, an edit) is rebuilt from its own source.
  const sourcePlan = planAnySong(source.request);
  if (source.fromSeconds !== null && !(source.fromSeconds >= 0)) throw new MusicInputError('The point to extend from must be 0 seconds or later', 'fromSeconds');
  const instrumental = sourcePlan.excluded?.includes('vocals') ?? false;
  if (instrumental && request.lyrics?.trim()) throw new MusicInputError('An instrumental has no lyrics: remove the lyrics or turn instrumental off', 'lyrics');
  const barSeconds = barSecondsOf(sourcePlan);
  const keptBars = keptBarsFor(formOfAnySong(sourcePlan), barSeconds, source.fromSeconds);
  const addedBars = Math.max(4, Math.round(request.durationSeconds / barSeconds));
  const userLyrics = instrumental ? null : (request.lyrics?.trim() ?? null) || null;
  const plan: Omit<SongPlan, 'summary'> = {
    ...sourcePlan,
    title: request.title?.trim() || `${sourcePlan.title} (extended)`,
    durationSeconds: Math.round((keptBars + addedBars) * barSeconds),
    withCoverArt: request.generateAlbumArt,
    userLyrics,
    // The continuation writes its own words only when asked; otherwise it sings the source's again.
    withLyrics: !instrumental && (sourcePlan.withLyrics || userLyrics !== null),
    derivation: {
      kind: 'extend',
      source: source.request,
      keptBars,
      addedBars,
      lyricsSeed: request.generateLyrics && !userLyrics && !instrumental ? (request.seed ?? sourcePlan.seed + 1) >>> 0 : null,
    },
  };
  const from = keptBars * barSeconds;
  const at = `${Math.floor(from / 60)}:${String(Math.round(from % 60)).padStart(2, '0')}`;
  return { ...plan, summary: `${summarise(plan, [])} · continues "${sourcePlan.title}" from ${at}` };
}

interface ExtensionParts {
  sourcePlan: SongPlan;
  sourceLyrics: LyricSheet | null;
  kept: FormSection[];
  added: FormSection[];
  /** The source's stanzas sung before the continuation starts. */
  keptStanzas: LyricStanza[];
  /** What the continuation sings. */
  addedLyrics: LyricSheet | null;
}

function extensionParts(plan: SongPlan, derivation: ExtendDerivation): ExtensionParts {
  const sourcePlan = planAnySong(derivation.source);
  const sourceLyrics = writeAnyLyrics(sourcePlan);
  const sourceForm = formOfAnySong(sourcePlan);
  const kept = keptSections(sourceForm, derivation.keptBars);
  const added = continuationForm(sourcePlan, kept, derivation.addedBars);
  const keptStanzas = [...new Set(assignStanzas(sourceForm, sourceLyrics).filter((stanza, index): stanza is LyricStanza => stanza !== null && sourceForm[index].startBar < derivation.keptBars))];
  return { sourcePlan, sourceLyrics, kept, added, keptStanzas, addedLyrics: continuationLyrics(plan, derivation, sourcePlan, sourceLyrics, added, keptStanzas) };
}

/**
 * The continuation's words: the user's own for it; else, when asked, new verses written for its
 * sections (numbered on from the source's) with the source's chorus, pre-chorus and bridge
 * returning; else the source's stanzas sung again.
 */
function continuationLyrics(plan: SongPlan, derivation: ExtendDerivation, sourcePlan: SongPlan, sourceLyrics: LyricSheet | null, added: FormSection[], keptStanzas: LyricStanza[]): LyricSheet | null {
  if (!plan.withLyrics) return null;
  const returning = (sourceLyrics?.stanzas ?? []).filter((stanza) => RETURNING.has(stanza.kind));
  let verse = keptStanzas.filter((stanza) => stanza.kind === 'verse').length;
  const numbered = (stanza: LyricStanza): LyricStanza => (stanza.kind === 'verse' ? { ...stanza, label: `Verse ${++verse}` } : stanza);
  if (plan.userLyrics) {
    const own = parseUserLyrics(plan.userLyrics);
    const missing = returning.filter((stanza) => !own.stanzas.some((mine) => mine.kind === stanza.kind));
    return { ...own, stanzas: [...own.stanzas.map(numbered), ...missing] };
  }
  if (derivation.lyricsSeed === null || !sourceLyrics) return sourceLyrics;
  const written = generateLyrics({ ...sourcePlan, seed: derivation.lyricsSeed }, added);
  return { ...written, stanzas: written.stanzas.map((stanza) => returning.find((own) => own.kind === stanza.kind) ?? numbered(stanza)) };
}

/** The song's words as shown and stored: the source's stanzas it keeps, then the continuation's new ones. */
export function extensionLyrics(plan: SongPlan, derivation: ExtendDerivation): LyricSheet | null {
  return combinedLyrics(extensionParts(plan, derivation));
}

function combinedLyrics({ keptStanzas, addedLyrics, sourceLyrics }: ExtensionParts): LyricSheet | null {
  if (!addedLyrics && !keptStanzas.length) return null;
  const stanzas = [...keptStanzas, ...(addedLyrics?.stanzas ?? []).filter((stanza) => !keptStanzas.includes(stanza))];
  return { source: addedLyrics?.source ?? sourceLyrics?.source ?? 'user', rhymeScheme: addedLyrics?.rhymeScheme ?? sourceLyrics?.rhymeScheme ?? '', stanzas };
}

/**
 * Source up to the cut, continuation after it: one composition. `lyrics` is the song's sheet
 * (extensionLyrics) or a moderator's rewrite of it (same stanzas, other words): each stanza's words
 * are sung where that stanza is, in the source part and in the continuation.
 */
export function composeExtension(plan: SongPlan, derivation: ExtendDerivation, lyrics: LyricSheet | null): Composition {
  const parts = extensionParts(plan, derivation);
  const written = combinedLyrics(parts)?.stanzas ?? [];
  const sung = new Map(lyrics && lyrics.stanzas.length === written.length ? written.map((stanza, index) => [stanza, lyrics.stanzas[index]]) : []);
  const withWords = (sheet: LyricSheet | null): LyricSheet | null => sheet && { ...sheet, stanzas: sheet.stanzas.map((stanza) => sung.get(stanza) ?? stanza) };
  const source = composeAnySong(parts.sourcePlan, withWords(parts.sourceLyrics));
  const continuation = arrange(parts.sourcePlan, writeScore(parts.sourcePlan, withWords(parts.addedLyrics), parts.added));
  return splice(source, continuation, continuation.sections[0].start, parts.kept.length);
}

/**
 * The source's events before `cut` (notes held over it end there; a sung line still going on at
 * the cut is left out rather than cut mid-word) followed by the continuation's.
 */
export function splice(source: Composition, continuation: Composition, cut: number, keptSections: number): Composition {
  const before = <T extends { start: number }>(items: T[]) => items.filter((item) => item.start < cut - 1e-9);
  const clip = <T extends { start: number; end: number }>(item: T): T => ({ ...item, end: Math.min(item.end, cut) });
  const roles = [...new Set([...source.tracks.map((track) => track.role), ...continuation.tracks.map((track) => track.role)])];
  const tracks = roles.map((role) => {
    const own = source.tracks.find((track) => track.role === role);
    const next = continuation.tracks.find((track) => track.role === role);
    const notes = [...before(own?.notes ?? []).map((note) => ({ ...note, duration: Math.min(note.duration, cut - note.start) })), ...(next?.notes ?? [])];
    return { ...(own ?? next)!, notes };
  });
  const vocals = source.vocals ?? continuation.vocals;
  const sungBefore = (source.vocals?.phrases ?? []).filter((phrase) => phrase.end <= cut + 1e-9);
  const backingBefore = (source.vocals?.backing ?? []).filter((phrase) => phrase.end <= cut + 1e-9);
  return {
    ...source,
    durationSeconds: continuation.durationSeconds,
    totalBars: continuation.totalBars,
    sections: [...source.sections.slice(0, keptSections).map(clip), ...continuation.sections],
    chords: [...before(source.chords).map(clip), ...continuation.chords],
    tracks,
    drums: { ...source.drums, hits: [...source.drums.hits.filter((hit) => hit.time < cut - 1e-9), ...continuation.drums.hits] },
    lyricLines: [...source.lyricLines.filter((line) => line.end <= cut + 1e-9), ...continuation.lyricLines],
    vocals: vocals ? { ...vocals, phrases: [...sungBefore, ...(continuation.vocals?.phrases ?? [])], backing: [...backingBefore, ...(continuation.vocals?.backing ?? [])] } : null,
  };
}
