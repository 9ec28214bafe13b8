/**
 * Cover: the source's melody and words in another genre or mood. The source's score (form,
 * harmony, lead line and sung lines, in beats) is rebuilt from its stored request and arranged
 * anew by the cover's plan: its genre's instruments, groove, drums, bass style and mix, at its
 * tempo. The key stays the source's, so the melody keeps its pitches and intervals exactly; notes
 * are placed in beats, so a new tempo (and the genre's swing) retimes them.
 */
import { arrange } from '../compose/index.js';
import { TimeGrid } from '../compose/timing.js';
import { genreById } from '../plan/catalog.js';
import { MAX_DURATION_SECONDS, planSong, summarise } from '../plan/understand.js';
import { type Composition, type LyricSheet, MusicInputError, type SongPlan, type SongRequest } from '../types.js';
import { formOfAnySong, planAnySong, scoreOfAnySong, writeAnyLyrics } from './index.js';

type CoverSource = Extract<NonNullable<SongRequest['source']>, { kind: 'cover' }>;
type CoverDerivation = Extract<NonNullable<SongPlan['derivation']>, { kind: 'cover' }>;

export function planCover(request: SongRequest, source: CoverSource): SongPlan {
  if (!request.genres.length && !request.moods.length) throw new MusicInputError('A cover needs another genre or mood', 'genres');
  // A derived source (an extension, a cover, an edit) is rebuilt from its own source.
  const sourcePlan = planAnySong(source.request);
  // The cover's own reading of the source's prompt with the new genres and moods first.
  const own = planSong({ ...request, source: null, lyrics: null, generateLyrics: false, durationSeconds: source.request.durationSeconds });
  const form = formOfAnySong(sourcePlan);
  const bars = form.reduce((total, section) => total + section.bars, 0);
  const beatsPerBar = genreById(own.genre).beatsPerBar;
  // A much slower genre would stretch the song past the engine's longest: the tempo rises to fit.
  const bpm = Math.max(own.bpm, Math.ceil((bars * beatsPerBar * 60) / MAX_DURATION_SECONDS));
  const barSeconds = new TimeGrid(bpm, beatsPerBar, 0, 8).barSeconds;
  const genreLabel = genreById(own.genre).label;
  const plan: Omit<SongPlan, 'summary'> = {
    ...own,
    bpm,
    key: sourcePlan.key,
    themes: sourcePlan.themes,
    title: request.title?.trim() || `${sourcePlan.title} (${genreLabel} cover)`,
    durationSeconds: Math.round(bars * barSeconds),
    withLyrics: sourcePlan.withLyrics,
    userLyrics: sourcePlan.userLyrics,
    withCoverArt: request.generateAlbumArt,
    derivation: { kind: 'cover', source: source.request },
  };
  return { ...plan, summary: `${summarise(plan, [])} · cover of "${sourcePlan.title}"` };
}

/** The source's words, exactly: the melody carries one of their syllables per note. */
export function coverLyrics(derivation: CoverDerivation): LyricSheet | null {
  return writeAnyLyrics(planAnySong(derivation.source));
}

/** `lyrics`: the source's sheet (coverLyrics), or a moderator's rewrite of it sung on the same notes. */
export function composeCover(plan: SongPlan, derivation: CoverDerivation, lyrics: LyricSheet | null): Composition {
  return arrange(plan, scoreOfAnySong(planAnySong(derivation.source), lyrics));
}
