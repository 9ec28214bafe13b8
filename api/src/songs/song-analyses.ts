import DataLoader from 'dataloader';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { SongAnalysis } from '../music/types.js';

/** One loader per operation: each operation has an identity map (EntityManager) of its own. */
const loaders = new WeakMap<EntityManager, DataLoader<string, SongAnalysis | null>>();

/** Songs' stored analyses (null when a song has none or is gone), batched per tick into one query. */
export function songAnalyses(em: EntityManager): DataLoader<string, SongAnalysis | null> {
  let loader = loaders.get(em);
  if (!loader) {
    loader = new DataLoader(async (ids) => {
      const rows = await em.execute<Array<{ id: string; analysis: SongAnalysis | null }>>('select id, analysis from songs where id = any(?)', [`{${ids.map(quoteArrayElement).join(',')}}`]);
      const byId = new Map(rows.map((row) => [row.id, row.analysis]));
      return ids.map((id) => byId.get(id) ?? null);
    });
    loaders.set(em, loader);
  }
  return loader;
}

/** An element of a PostgreSQL array literal (song ids are text chosen by nobody but us, but quote anyway). */
function quoteArrayElement(value: string): string {
  return `"${value.replace(/["\\]/g, (c) => `\\${c}`)}"`;
}
