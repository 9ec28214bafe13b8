import type { LibraryReads } from '../songs/library-reads.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { notFound } from '../common/errors.js';
import { parseInput } from '../common/validation.js';
import { findVisibleSong, songIdSchema } from '../songs/song-access.js';
import { Song } from '../songs/song.entity.js';
import { isAdmin } from '../users/permissions.js';
import { User } from '../users/user.entity.js';
import { recordAdminAction, requireAdmin } from '../admin/admin-access.js';
import { analyseSongText, type ContentAnalysis, type SongText } from './content-analysis.js';
import { SongContentAnalysis } from './song-content-analysis.entity.js';
import { ContentModerationItem } from './content-moderation-item.entity.js';
import type { ContentRegenerationRequest } from './content-regeneration-request.entity.js';
import { regenerationInputSchema, type RegenerationService } from './regeneration.service.js';

export const MODERATION_STATUSES = ['pending', 'approved', 'hidden', 'regeneration'] as const;
export const MODERATION_DECISIONS = ['approve', 'hide', 'regenerate'] as const;
const STATUS_OF_DECISION = { approve: 'approved', hide: 'hidden', regenerate: 'regeneration' } as const;

const itemIdSchema = z.coerce.number({ error: 'Invalid moderation item id' }).int('Invalid moderation item id').positive('Invalid moderation item id');
const reviewSchema = z.object({
  decision: z.enum(MODERATION_DECISIONS, { error: `Decision must be one of ${MODERATION_DECISIONS.join(', ')}` }),
  notes: z.string().trim().max(2000, 'Notes must be at most 2000 characters').nullish(),
  regeneration: regenerationInputSchema,
});
const reportSchema = z.object({
  songId: songIdSchema,
  reason: z.string().trim().min(1, 'Say what is wrong with the song').max(500, 'The reason must be at most 500 characters'),
});
const listSchema = z.object({
  status: z.enum(MODERATION_STATUSES, { error: `Status must be one of ${MODERATION_STATUSES.join(', ')}` }).nullish(),
  first: z.number().int().min(1, 'first must be between 1 and 100').max(100, 'first must be between 1 and 100').default(50),
});

/**
 * Analyses a song's words and keeps one analysis row per song; a song with offensive words goes to
 * the moderation queue (once while an item is pending). Runs in the caller's transaction, so the
 * song's change and its analysis commit together.
 */
export async function analyseSongContent(tx: EntityManager, song: Song, text: SongText): Promise<{ analysis: SongContentAnalysis; result: ContentAnalysis }> {
  const result = await analyseSongText(text);
  return { analysis: await recordSongContent(tx, song, result), result };
}

/**
 * Stores an analysis made beforehand (`analyseSongText`) and queues the song for review when it is
 * offensive: for callers that analyse before their transaction, so the analysis (libraries loaded on
 * first use, then the text scanned) does not hold the transaction's connection.
 */
export async function recordSongContent(tx: EntityManager, song: Song, result: ContentAnalysis): Promise<SongContentAnalysis> {
  const { flaggedWords, ...fields } = result;
  const existing = await tx.findOne(SongContentAnalysis, { song: song.id });
  const analysis = existing ?? tx.create(SongContentAnalysis, { song, ...fields });
  if (existing) tx.assign(existing, fields);
  if (result.offensiveContent) {
    const pending = await tx.findOne(ContentModerationItem, { song: song.id, status: 'pending' });
    if (pending) tx.assign(pending, { analysis, flaggedFor: [...new Set([...pending.flaggedFor, 'offensive language'])], flaggedWords });
    else tx.create(ContentModerationItem, { song, analysis, flaggedFor: ['offensive language'], flaggedWords });
  }
  await tx.flush();
  return analysis;
}

/** Moderation: reports, the review queue (admins) and the outcome an owner sees on their song. */
export class ModerationService {
  constructor(
    readonly regenerations: RegenerationService,
    /** The library pages kept in memory: a song approved or hidden changes what others' pages list. */
    private readonly library: LibraryReads,
  ) {}

  /** Any signed-in user may report a song they can see; it joins the queue (or the pending item's reasons). */
  async report(em: EntityManager, user: User, input: unknown): Promise<ContentModerationItem> {
    const { songId, reason } = parseInput(reportSchema, input);
    const song = await findVisibleSong(em, user, songId);
    const flag = `reported by ${user.username}: ${reason}`;
    return em.transactional(async (tx) => {
      const pending = await tx.findOne(ContentModerationItem, { song: song.id, status: 'pending' });
      if (pending) {
        pending.flaggedFor = [...pending.flaggedFor, flag];
        return pending;
      }
      const analysis = await tx.findOne(SongContentAnalysis, { song: song.id });
      return tx.create(ContentModerationItem, { song: tx.getReference(Song, song.id), analysis, flaggedFor: [flag], flaggedWords: analysis?.offensiveWords ?? null });
    });
  }

  async list(em: EntityManager, asker: User | null, input: unknown): Promise<ContentModerationItem[]> {
    requireAdmin(asker);
    const { status, first } = parseInput(listSchema, input);
    return em.find(ContentModerationItem, status ? { status } : {}, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: first, populate: ['song', 'analysis', 'reviewedBy'] });
  }

  /**
   * approve: the song stays (or becomes again) visible; hide: only its owner sees it; regenerate:
   * hidden too, and a regeneration request is filed (by default: the flagged words to eliminate, with
   * chosen replacements, everything else preserved) and queued once this commits.
   */
  async review(em: EntityManager, asker: User | null, itemId: unknown, input: unknown): Promise<ContentModerationItem> {
    const admin = requireAdmin(asker);
    const id = parseInput(itemIdSchema, itemId);
    const { decision, notes, regeneration } = parseInput(reviewSchema, input);
    let filed: ContentRegenerationRequest | null = null;
    const reviewed = await em.transactional(async (tx) => {
      const item = await tx.findOne(ContentModerationItem, { id }, { populate: ['song', 'analysis'] });
      if (!item) throw notFound('Moderation item not found');
      const before = { status: item.status, songModerationStatus: item.song.moderationStatus };
      const status = STATUS_OF_DECISION[decision];
      tx.assign(item, { status, moderatorNotes: notes ?? null, reviewedBy: tx.getReference(User, admin.id), reviewedAt: new Date() });
      item.song.moderationStatus = decision === 'approve' ? 'visible' : 'hidden';
      if (decision === 'regenerate') {
        filed = this.regenerations.file(tx, admin, item.song, item.analysis?.offensiveWords ?? item.flaggedWords ?? [], regeneration);
      }
      recordAdminAction(tx, admin, {
        action: `moderation.${decision}`,
        targetType: 'song',
        targetId: item.song.id,
        before,
        after: { status, songModerationStatus: item.song.moderationStatus, notes: notes ?? null },
      });
      return item;
    });
    await this.library.changed();
    if (filed) await this.regenerations.enqueue(filed);
    return reviewed;
  }

  /** The latest reviewed decision on a song, for its owner and admins; null for anyone else or when none. */
  async outcomeFor(em: EntityManager, asker: User, songId: string): Promise<ContentModerationItem | null> {
    const song = isAdmin(asker) ? { id: songId } : { id: songId, user: asker.id };
    return em.findOne(ContentModerationItem, { song, reviewedAt: { $ne: null } }, { orderBy: { reviewedAt: 'desc', id: 'desc' } });
  }
}
