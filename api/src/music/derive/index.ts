/**
 * Songs made from other songs (Extend, Cover, Edit lyrics): the plan, lyrics and composition steps for a request
 * with a `source`. Everything is rebuilt from the source's stored request, so a derived song is as
 * reproducible as any other (same request and seed, same bytes) and its stems render on demand.
 */
import { compose, type Score, writeScore } from '../compose/index.js';
import { buildForm, type FormSection } from '../compose/form.js';
import { writeLyrics } from '../lyrics/index.js';
import { planSong } from '../plan/understand.js';
import type { Composition, LyricSheet, SongPlan, SongRequest } from '../types.js';
import { composeCover, coverLyrics, planCover } from './cover.js';
import { composeExtension, extensionLyrics, planExtension } from './extend.js';
import { composeRelyric, planRelyric } from './relyric.js';

export function planAnySong(request: SongRequest): SongPlan {
  const source = request.source;
  if (!source) return planSong(request);
  switch (source.kind) {
    case 'extend':
      return planExtension(request, source);
    case 'cover':
      return planCover(request, source);
    case 'relyric':
      return planRelyric(request, source);
  }
}

export function writeAnyLyrics(plan: SongPlan): LyricSheet | null {
  const derivation = plan.derivation;
  if (!derivation) return writeLyrics(plan);
  switch (derivation.kind) {
    case 'extend':
      return extensionLyrics(plan, derivation);
    case 'cover':
      return coverLyrics(derivation);
    case 'relyric':
      // The new words, as given.
      return writeLyrics(plan);
  }
}

/** A derived song's source part is rebuilt from the source's request; `lyrics` (its sheet, or a rewrite) gives the words sung. */
export function composeAnySong(plan: SongPlan, lyrics: LyricSheet | null): Composition {
  const derivation = plan.derivation;
  if (!derivation) return compose(plan, lyrics);
  switch (derivation.kind) {
    case 'extend':
      return composeExtension(plan, derivation, lyrics);
    case 'cover':
      return composeCover(plan, derivation, lyrics);
    case 'relyric':
      return composeRelyric(plan, derivation, lyrics);
  }
}

/** The sections a song plays, in bars: a derived song's as composed (an extension's kept part and continuation). */
export function formOfAnySong(plan: SongPlan): FormSection[] {
  if (!plan.derivation) return buildForm(plan);
  return composeAnySong(plan, writeAnyLyrics(plan)).sections.map(({ kind, label, startBar, bars, energy }) => ({ kind, label, startBar, bars, energy }));
}

/**
 * The score a cover arranges: a cover's is its source's; an extension's or an edit's is written by
 * its plan (its source's seed and motifs) over its whole form with its words, so a cover of it sings
 * those words on a melody of the same family rather than note for note.
 */
export function scoreOfAnySong(plan: SongPlan, lyrics: LyricSheet | null): Score {
  if (plan.derivation?.kind === 'cover') return scoreOfAnySong(planAnySong(plan.derivation.source), lyrics);
  return writeScore(plan, lyrics, formOfAnySong(plan));
}
