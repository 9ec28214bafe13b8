/**
 * Songs made from other songs (Extend, Cover): the plan, lyrics and composition steps for a request
 * with a `source`. Everything is rebuilt from the source's stored request, so a derived song is as
 * reproducible as any other (same request and seed, same bytes) and its stems render on demand.
 */
import { compose } from '../compose/index.js';
import { writeLyrics } from '../lyrics/index.js';
import { planSong } from '../plan/understand.js';
import type { Composition, LyricSheet, SongPlan, SongRequest } from '../types.js';
import { composeCover, coverLyrics, planCover } from './cover.js';
import { composeExtension, extensionLyrics, planExtension } from './extend.js';

export function planAnySong(request: SongRequest): SongPlan {
  const source = request.source;
  if (!source) return planSong(request);
  return source.kind === 'extend' ? planExtension(request, source) : planCover(request, source);
}

export function writeAnyLyrics(plan: SongPlan): LyricSheet | null {
  const derivation = plan.derivation;
  if (!derivation) return writeLyrics(plan);
  return derivation.kind === 'extend' ? extensionLyrics(plan, derivation) : coverLyrics(derivation);
}

/** A derived song's source part is rebuilt from the source's request; `lyrics` (its sheet, or a rewrite) gives the words sung. */
export function composeAnySong(plan: SongPlan, lyrics: LyricSheet | null): Composition {
  const derivation = plan.derivation;
  if (!derivation) return compose(plan, lyrics);
  return derivation.kind === 'extend' ? composeExtension(plan, derivation, lyrics) : composeCover(plan, derivation, lyrics);
}
