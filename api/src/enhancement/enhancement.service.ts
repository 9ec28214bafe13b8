import { isDeepStrictEqual } from 'node:util';
import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { AppError, badInput, notFound } from '../common/errors.js';
import { parseInput } from '../common/validation.js';
import type { GenerationQueue } from '../generation/queue.js';
import { analyseSongContent } from '../moderation/moderation.service.js';
import { Song } from '../songs/song.entity.js';
import { announceLibraryChanged } from '../songs/library-reads.js';
import type { AppPubSub } from '../pubsub/pubsub.js';
import type { User } from '../users/user.entity.js';
import { recordAdminAction, requireAdmin } from '../admin/admin-access.js';
import { TARGET_LUFS } from '../music/master/master.js';
import { EnhancementBatch, ENHANCEMENT_OPERATIONS, type BatchStatus } from './enhancement-batch.entity.js';
import { EnhancementItem, type ItemStatus } from './enhancement-item.entity.js';
import { ENHANCEMENT_JOB } from './enhancement-jobs.js';
import { snapshotOf, type SongEnhancer } from './song-enhancer.js';

/** Songs one batch may hold (a bigger filter is refused: narrow it or run several batches). */
export const MAX_BATCH_SONGS = 500;
export const LOUDNESS_RANGE = { min: -30, max: -6 } as const;

const versionPattern = /^\d+(\.\d+){0,2}$/;
const filterSchema = z
  .object({
    engineVersionBelow: z.string().trim().regex(versionPattern, 'Engine version must look like 2.0.0').nullish(),
    withoutLyrics: z.boolean().nullish(),
    withoutAnalysis: z.boolean().nullish(),
    withoutContentAnalysis: z.boolean().nullish(),
  })
  .strict();
const createSchema = z
  .object({
    operations: z
      .array(z.enum(ENHANCEMENT_OPERATIONS, { error: `Operations must be among ${ENHANCEMENT_OPERATIONS.join(', ')}` }))
      .min(1, 'Choose at least one operation')
      .transform((ops) => [...new Set(ops)]),
    songIds: z.array(z.string().trim().min(1).max(200)).max(MAX_BATCH_SONGS, `A batch holds at most ${MAX_BATCH_SONGS} songs`).nullish(),
    filter: filterSchema.nullish(),
    targetLufs: z
      .number({ error: 'Loudness target must be a number' })
      .min(LOUDNESS_RANGE.min, `Loudness target must be between ${LOUDNESS_RANGE.min} and ${LOUDNESS_RANGE.max} LUFS`)
      .max(LOUDNESS_RANGE.max, `Loudness target must be between ${LOUDNESS_RANGE.min} and ${LOUDNESS_RANGE.max} LUFS`)
      .nullish(),
  })
  .refine((input) => (input.songIds?.length ? 1 : 0) + (input.filter && Object.values(input.filter).some((v) => v) ? 1 : 0) === 1, {
    message: 'Choose songs, or a filter, not both',
  });
const idSchema = z.coerce.number({ error: 'Invalid id' }).int('Invalid id').positive('Invalid id');

const ACTIVE_ITEM: ItemStatus[] = ['pending', 'processing'];

export interface BatchCounts {
  total: number;
  byStatus: Map<ItemStatus, number>;
}

/** The batch's state as the page shows it: 'finished' once nothing is left to run. */
export function batchState(batch: EnhancementBatch, counts: BatchCounts): BatchStatus | 'finished' {
  const active = ACTIVE_ITEM.reduce((n, s) => n + (counts.byStatus.get(s) ?? 0), 0);
  return batch.status !== 'cancelled' && active === 0 ? 'finished' : batch.status;
}

/** A.B.C compared numerically; missing parts count as 0. */
export function versionBelow(version: string | null, limit: string): boolean {
  if (!version) return true;
  const a = version.split('.').map(Number);
  const b = limit.split('.').map(Number);
  for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) < (b[i] ?? 0);
  return false;
}

/**
 * AI enhancement batches (/admin/ai-enhancement): each song of a batch is a job on the generation
 * workers; an admin pauses, resumes or cancels the batch, undoes a song (its previous version comes
 * back) and finally confirms the batch, which deletes the previous media. Every action is audited.
 */
export class EnhancementService {
  constructor(
    private readonly queue: GenerationQueue,
    private readonly enhancer: SongEnhancer,
    /** Told when an undo puts a song back. */
    private readonly pubsub: AppPubSub,
  ) {}

  async create(em: EntityManager, asker: User | null, input: unknown): Promise<EnhancementBatch> {
    const admin = requireAdmin(asker);
    const { operations, songIds, filter, targetLufs } = parseInput(createSchema, input);
    const candidates = songIds?.length ? await this.songsByIds(em, songIds) : await this.songsByFilter(em, filter!);
    if (candidates.length === 0) throw badInput(songIds?.length ? 'None of those songs can be enhanced now (deleted, or already in a running batch)' : 'No song matches the filter');
    const selection = songIds?.length ? `${candidates.length} selected song${candidates.length === 1 ? '' : 's'}` : describeFilter(filter!);
    const batch = await em.transactional(async (tx) => {
      const row = tx.create(EnhancementBatch, {
        createdBy: admin,
        operations,
        targetLufs: operations.includes('remaster') || operations.includes('lyrics') ? (targetLufs ?? TARGET_LUFS) : null,
        selection,
      });
      for (const id of candidates) tx.create(EnhancementItem, { batch: row, song: tx.getReference(Song, id), before: null, after: null });
      await tx.flush();
      recordAdminAction(tx, admin, { action: 'enhancement.create', targetType: 'enhancement-batch', targetId: row.id, before: null, after: { operations, selection, targetLufs: row.targetLufs, songs: candidates.length } });
      return row;
    });
    await this.enqueuePending(em, batch.id);
    return batch;
  }

  async list(em: EntityManager, asker: User | null): Promise<EnhancementBatch[]> {
    requireAdmin(asker);
    return em.find(EnhancementBatch, {}, { orderBy: { id: 'desc' }, limit: 50, populate: ['createdBy'] });
  }

  async get(em: EntityManager, asker: User | null, batchId: unknown): Promise<EnhancementBatch> {
    requireAdmin(asker);
    const batch = await em.findOne(EnhancementBatch, { id: parseInput(idSchema, batchId) }, { populate: ['createdBy'] });
    if (!batch) throw notFound('Enhancement batch not found');
    return batch;
  }

  async items(em: EntityManager, batch: EnhancementBatch): Promise<EnhancementItem[]> {
    return em.find(EnhancementItem, { batch: batch.id }, { orderBy: { id: 'asc' }, populate: ['song'] });
  }

  async counts(em: EntityManager, batchIds: number[]): Promise<Map<number, BatchCounts>> {
    const rows = batchIds.length
      ? await em.getConnection().execute<Array<{ batch_id: number; status: ItemStatus; count: string }>>(
          `select batch_id, status, count(*) as count from enhancement_items where batch_id in (${batchIds.map(() => '?').join(', ')}) group by batch_id, status`,
          batchIds,
        )
      : [];
    const counts = new Map(batchIds.map((id) => [id, { total: 0, byStatus: new Map<ItemStatus, number>() }]));
    for (const row of rows) {
      const entry = counts.get(row.batch_id)!;
      entry.byStatus.set(row.status, Number(row.count));
      entry.total += Number(row.count);
    }
    return counts;
  }

  /** pause: waiting songs wait (running ones finish); resume: they run again; cancel: the waiting ones are dropped. */
  async control(em: EntityManager, asker: User | null, batchId: unknown, batchAction: unknown): Promise<EnhancementBatch> {
    const admin = requireAdmin(asker);
    const id = parseInput(idSchema, batchId);
    const action = parseInput(z.enum(['pause', 'resume', 'cancel'], { error: 'Action must be pause, resume or cancel' }), batchAction);
    const batch = await em.transactional(async (tx) => {
      const row = await tx.findOne(EnhancementBatch, { id }, { populate: ['createdBy'] });
      if (!row) throw notFound('Enhancement batch not found');
      if (row.status === 'cancelled') throw new AppError('CONFLICT', 'The batch was cancelled');
      const before = { status: row.status };
      row.status = action === 'pause' ? 'paused' : action === 'resume' ? 'running' : 'cancelled';
      if (action === 'cancel') await tx.nativeUpdate(EnhancementItem, { batch: id, status: 'pending' }, { status: 'cancelled', finishedAt: new Date() });
      recordAdminAction(tx, admin, { action: `enhancement.${action}`, targetType: 'enhancement-batch', targetId: id, before, after: { status: row.status } });
      return row;
    });
    if (action === 'resume') await this.enqueuePending(em, id);
    return batch;
  }

  /** Puts the song back as it was before this item (its new media deleted); refused when a later change followed. */
  async undo(em: EntityManager, asker: User | null, itemId: unknown): Promise<EnhancementItem> {
    const admin = requireAdmin(asker);
    const id = parseInput(idSchema, itemId);
    const { item, replaced } = await em.transactional(async (tx) => {
      const row = await tx.findOne(EnhancementItem, { id }, { populate: ['song', 'song.analysis', 'batch'] });
      if (!row) throw notFound('Enhancement result not found');
      if (row.status !== 'completed') throw new AppError('CONFLICT', row.status === 'confirmed' ? 'The batch was confirmed: its previous versions are gone' : 'Only a finished enhancement can be undone');
      const song = row.song;
      const before = row.before ?? {};
      const after = row.after ?? {};
      const fields = Object.keys(before);
      if (!isDeepStrictEqual(snapshotOf(song, fields), after)) throw new AppError('CONFLICT', 'The song changed after this enhancement: undo the later one first');
      tx.assign(song, before);
      const settings = song.settings as { title?: string | null; prompt?: string | null } | null;
      if ((row.batch.operations as string[]).some((op) => op === 'content' || op === 'lyrics')) {
        await analyseSongContent(tx, song, { title: settings?.title ?? null, prompt: settings?.prompt ?? null, lyrics: song.lyrics });
      }
      row.status = 'undone';
      recordAdminAction(tx, admin, { action: 'enhancement.undo', targetType: 'song', targetId: song.id, before: summary(after), after: summary(before) });
      return { item: row, replaced: after };
    });
    announceLibraryChanged(this.pubsub);
    await this.enhancer.removeMedia(item.song, mediaUrlsOf(replaced));
    return item;
  }

  /** Keeps every finished result of the batch: the previous media versions are deleted and undo is no longer possible. */
  async confirm(em: EntityManager, asker: User | null, batchId: unknown): Promise<EnhancementBatch> {
    const admin = requireAdmin(asker);
    const id = parseInput(idSchema, batchId);
    const { batch, items } = await em.transactional(async (tx) => {
      const row = await tx.findOne(EnhancementBatch, { id }, { populate: ['createdBy'] });
      if (!row) throw notFound('Enhancement batch not found');
      if (await tx.count(EnhancementItem, { batch: id, status: { $in: ACTIVE_ITEM } })) throw new AppError('CONFLICT', 'Songs of the batch are still waiting or running: pause or cancel it first, or wait');
      const done = await tx.find(EnhancementItem, { batch: id, status: 'completed' }, { populate: ['song'] });
      for (const item of done) item.status = 'confirmed';
      row.confirmedAt = new Date();
      recordAdminAction(tx, admin, { action: 'enhancement.confirm', targetType: 'enhancement-batch', targetId: id, before: null, after: { confirmed: done.length } });
      return { batch: row, items: done };
    });
    for (const item of items) await this.enhancer.removeMedia(item.song, unusedMedia(item));
    return batch;
  }

  private async enqueuePending(em: EntityManager, batchId: number): Promise<void> {
    const pending = await em.find(EnhancementItem, { batch: batchId, status: 'pending' }, { fields: ['id'], orderBy: { id: 'asc' } });
    for (const item of pending) await this.queue.enqueueJob(ENHANCEMENT_JOB, item.id);
  }

  private async songsByIds(em: EntityManager, ids: string[]): Promise<string[]> {
    const rows = await em.getConnection().execute<Array<{ id: string }>>(
      `select s.id from songs s where s.id in (${ids.map(() => '?').join(', ')}) and ${NOT_IN_ACTIVE_BATCH} order by s.created_at, s.id`,
      ids,
    );
    return rows.map((row) => row.id);
  }

  private async songsByFilter(em: EntityManager, filter: z.infer<typeof filterSchema>): Promise<string[]> {
    const conditions = [NOT_IN_ACTIVE_BATCH];
    if (filter.withoutLyrics) conditions.push(`(s.lyrics is null or btrim(s.lyrics) = '')`);
    if (filter.withoutAnalysis) conditions.push('s.analysis is null');
    if (filter.withoutContentAnalysis) conditions.push('not exists (select 1 from song_content_analysis a where a.song_id = s.id)');
    const rows = await em.getConnection().execute<Array<{ id: string; engine_version: string | null }>>(
      `select s.id, s.engine_version from songs s where ${conditions.join(' and ')} order by s.created_at, s.id`,
    );
    const limit = filter.engineVersionBelow;
    const matching = limit ? rows.filter((row) => versionBelow(row.engine_version, limit)) : rows;
    if (matching.length > MAX_BATCH_SONGS) throw badInput(`The filter matches ${matching.length} songs; a batch holds at most ${MAX_BATCH_SONGS}: narrow it`);
    return matching.map((row) => row.id);
  }
}

const NOT_IN_ACTIVE_BATCH = `not exists (select 1 from enhancement_items i where i.song_id = s.id and i.status in ('pending', 'processing'))`;

function describeFilter(filter: z.infer<typeof filterSchema>): string {
  const parts = [
    filter.engineVersionBelow && `made before engine ${filter.engineVersionBelow}`,
    filter.withoutLyrics && 'without lyrics',
    filter.withoutAnalysis && 'without audio analysis',
    filter.withoutContentAnalysis && 'without content analysis',
  ].filter(Boolean);
  return `songs ${parts.join(', ')}`;
}

const mediaUrlsOf = (snapshot: Record<string, unknown>) => [snapshot.audioUrl, snapshot.coverUrl, snapshot.thumbnailUrl].filter((url): url is string => typeof url === 'string');

/** The previous version's files the song no longer points at. */
function unusedMedia(item: EnhancementItem): string[] {
  const now = new Set(mediaUrlsOf(item.after ?? {}));
  return mediaUrlsOf(item.before ?? {}).filter((url) => !now.has(url));
}

/** The audit entry's view of a snapshot: the analysis blob left out. */
function summary(snapshot: Record<string, unknown>): Record<string, unknown> {
  const { analysis: _analysis, ...rest } = snapshot;
  return rest;
}
