import type { EntityManager } from '@mikro-orm/postgresql';
import { ReferenceKind } from '@mikro-orm/core';
import { ProductionSong } from '../songs/production-song.entity.js';

/** Columns only production rows have, and their own key and timestamps: never copied from a song. */
const PRODUCTION_ONLY = new Set(['id', 'originalDevId', 'transferredAt', 'transferredBy', 'createdAt', 'updatedAt']);
/** What listening changes on a song: a play or a like does not make the published version stale. */
const LISTENING_STATE = new Set(['playCount', 'likeCount', 'playedAt', 'playingAt', 'playStateSerial', 'playState', 'processingStatus']);
/** What only means something on the installation that made the song (its owner account, its artwork row). */
const INSTALLATION_LOCAL = new Set(['user', 'albumArt']);

export interface SongColumns {
  /** Every column songs and production_songs share (SPEC 3: "the songs fields plus ..."), copied on transfer. */
  copied: string[];
  /** The copied columns whose difference means the song changed since its transfer (listening state aside). */
  compared: string[];
  /** What a catalogue archive carries: the compared columns but the installation's own (owner, artwork row). */
  portable: string[];
}

/**
 * Read from the entity metadata rather than listed by hand, so a column added to SongFields is
 * copied, compared and exported without anyone remembering to add it here.
 */
export function songColumns(em: EntityManager): SongColumns {
  const meta = em.getMetadata().get(ProductionSong.name);
  const props = Object.values(meta.properties).filter(
    (p) => !PRODUCTION_ONLY.has(p.name) && (p.kind === ReferenceKind.SCALAR || p.kind === ReferenceKind.MANY_TO_ONE) && p.persist !== false,
  );
  const column = (name: string) => meta.properties[name as keyof typeof meta.properties].fieldNames[0];
  const copied = props.map((p) => p.name);
  const compared = copied.filter((name) => !LISTENING_STATE.has(name));
  return { copied: copied.map(column), compared: compared.map(column), portable: compared.filter((name) => !INSTALLATION_LOCAL.has(name)).map(column) };
}

/** `"a", "b"` or `s."a", s."b"`: a column list for hand-written SQL. */
export function columnList(columns: readonly string[], alias?: string): string {
  return columns.map((c) => (alias ? `${alias}."${c}"` : `"${c}"`)).join(', ');
}
