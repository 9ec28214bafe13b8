import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { AppError, notFound } from '../common/errors.js';
import { parseInput } from '../common/validation.js';
import type { GenerationQueue } from '../generation/queue.js';
import type { QueueService } from '../library/queue.service.js';
import type { LibraryReads } from '../songs/library-reads.js';
import type { PlaylistChangedEvent, PlaylistService } from '../playlists/playlist.service.js';
import { Song } from '../songs/song.entity.js';
import { User } from '../users/user.entity.js';
import { recordAdminAction, requireAdmin } from '../admin/admin-access.js';
import { offensiveWordsIn } from './content-analysis.js';
import { ContentRegenerationRequest, REGENERATION_STATUSES } from './content-regeneration-request.entity.js';
import { REGENERATION_JOB } from './regeneration-jobs.js';
import { PRESERVABLE_ELEMENTS, type SongRegenerator } from './song-regenerator.js';

const word = z.string().trim().min(1, 'A word cannot be empty').max(50, 'A word must be at most 50 characters');
/** What a moderator may say about a regeneration when requesting it; every field has a default. */
export const regenerationInputSchema = z
  .object({
    wordsToEliminate: z.array(word).max(50, 'At most 50 words to eliminate').nullish(),
    replacementWords: z
      .array(z.object({ word, replacement: word.refine((w) => offensiveWordsIn(w).length === 0, 'A replacement must not be an offensive word itself') }))
      .max(50, 'At most 50 replacements')
      .nullish(),
    preservedElements: z.array(z.enum(PRESERVABLE_ELEMENTS, { error: `Preserved elements are among ${PRESERVABLE_ELEMENTS.join(', ')}` })).nullish(),
  })
  .nullish();
export type RegenerationInput = z.infer<typeof regenerationInputSchema>;

const DECISIONS = { accept: 'accepted', reject: 'rejected' } as const;
const decideSchema = z.object({
  id: z.coerce.number({ error: 'Invalid regeneration request id' }).int('Invalid regeneration request id').positive('Invalid regeneration request id'),
  decision: z.enum(['accept', 'reject'], { error: 'Decision must be accept or reject' }),
});
const listSchema = z.object({
  status: z.enum(REGENERATION_STATUSES, { error: `Status must be one of ${REGENERATION_STATUSES.join(', ')}` }).nullish(),
  first: z.number().int().min(1, 'first must be between 1 and 100').max(100, 'first must be between 1 and 100').default(50),
});

const conflict = (message: string) => new AppError('CONFLICT', message);

/**
 * Regeneration requests (SPEC 3 content_regeneration_requests): filed by a moderator's review, run
 * as jobs of the generation queue (RegenerationJobs), then accepted (the new song takes the old
 * one's place in playlists, likes and queues) or rejected (the new song is deleted).
 */
export class RegenerationService {
  constructor(
    private readonly queue: GenerationQueue,
    private readonly regenerator: SongRegenerator,
    /** Where an accepted song takes the original's place, told once the swap commits so open players and playlists update live. */
    private readonly places: { queue: QueueService; playlists: PlaylistService; library: LibraryReads },
  ) {}

  /** Files a request in the caller's transaction; `enqueue` it once that commits. */
  file(tx: EntityManager, admin: User, song: Song, flaggedWords: readonly string[], input: RegenerationInput): ContentRegenerationRequest {
    const given = input?.replacementWords ?? [];
    const words = [...new Set([...(input?.wordsToEliminate ?? flaggedWords), ...given.map((r) => r.word)].map((w) => w.toLowerCase()))];
    if (words.length === 0) throw new AppError('BAD_USER_INPUT', 'Name the words to eliminate: the song has no flagged words');
    return tx.create(ContentRegenerationRequest, {
      originalSong: song,
      requestedBy: tx.getReference(User, admin.id),
      wordsToEliminate: words,
      replacementWords: given.length ? Object.fromEntries(given.map((r) => [r.word.toLowerCase(), r.replacement])) : null,
      preservedElements: input?.preservedElements ? [...new Set(input.preservedElements)] : [...PRESERVABLE_ELEMENTS],
    });
  }

  async enqueue(request: ContentRegenerationRequest): Promise<void> {
    await this.queue.enqueueJob(REGENERATION_JOB, request.id);
  }

  async list(em: EntityManager, asker: User | null, input: unknown): Promise<ContentRegenerationRequest[]> {
    requireAdmin(asker);
    const { status, first } = parseInput(listSchema, input);
    return em.find(ContentRegenerationRequest, status ? { status } : {}, {
      orderBy: { createdAt: 'desc', id: 'desc' },
      limit: first,
      populate: ['originalSong', 'newSong', 'requestedBy', 'decidedBy'],
    });
  }

  /** The latest request for a song (its owner's outcome). */
  latestFor(em: EntityManager, songId: string): Promise<ContentRegenerationRequest | null> {
    return em.findOne(ContentRegenerationRequest, { originalSong: songId }, { orderBy: { id: 'desc' }, populate: ['newSong'] });
  }

  /**
   * accept: in one transaction the new song becomes visible and takes the original's place in every
   * playlist, like and play queue (the original stays hidden, its owner keeps it); reject: the new
   * song and its files are deleted. Only a completed request not yet decided can be decided.
   */
  async decide(em: EntityManager, asker: User | null, input: unknown): Promise<ContentRegenerationRequest> {
    const admin = requireAdmin(asker);
    const { id, decision } = parseInput(decideSchema, input);
    const rejected: string[] = [];
    let queueOwners: number[] = [];
    let playlistChanges: PlaylistChangedEvent[] = [];
    const request = await em.transactional(async (tx) => {
      const row = await tx.findOne(ContentRegenerationRequest, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!row) throw notFound('Regeneration request not found');
      if (row.status !== 'completed' || !row.newSong) throw conflict(`Only a completed regeneration can be accepted or rejected (this one is ${row.status})`);
      if (row.decision) throw conflict(`This regeneration was already ${row.decision}`);
      const oldId = row.originalSong.id;
      const newId = row.newSong.id;
      if (decision === 'accept') {
        playlistChanges = await this.places.playlists.lockPlaylistsHolding(tx, [oldId]);
        queueOwners = await this.places.queue.touchQueuesHolding(tx, [oldId]);
      }
      const swapped = decision === 'accept' ? await swapSong(tx, oldId, newId) : null;
      if (decision === 'reject') {
        await tx.nativeDelete(Song, { id: newId });
        rejected.push(newId);
      }
      tx.assign(row, { decision: DECISIONS[decision], decidedBy: tx.getReference(User, admin.id), decidedAt: new Date(), ...(decision === 'reject' ? { newSong: null } : {}) });
      recordAdminAction(tx, admin, {
        action: `moderation.regeneration.${decision}`,
        targetType: 'song',
        targetId: oldId,
        before: { regenerationId: id, status: row.status, newSongId: newId },
        after: { decision: DECISIONS[decision], ...(swapped ?? {}) },
      });
      return row;
    });
    await this.places.library.changed();
    for (const songId of rejected) await this.regenerator.removeMedia(songId);
    this.places.playlists.publishChanges(playlistChanges);
    await this.places.queue.pushQueues(em.fork(), queueOwners);
    return em.populate(request, ['originalSong', 'newSong', 'requestedBy', 'decidedBy']);
  }
}

/**
 * Puts the new song wherever the old one was: playlist entries and likes move (where the new song is
 * already there, the old entry goes), play queues and their current song follow; like counts are
 * recounted; the new song becomes visible. Answers how many of each moved.
 */
async function swapSong(tx: EntityManager, oldId: string, newId: string): Promise<Record<string, number>> {
  // tx.execute runs in the transaction (the connection's own execute would not).
  const sql = (query: string, params: unknown[]) => tx.execute<Array<Record<string, unknown>>>(query, params);
  const move = async (table: string, column: string, owner: string): Promise<number> => {
    const moved = await sql(
      `update ${table} t set ${column} = ? where t.${column} = ? and not exists (select 1 from ${table} o where o.${owner} = t.${owner} and o.${column} = ?) returning t.id`,
      [newId, oldId, newId],
    );
    await sql(`delete from ${table} where ${column} = ?`, [oldId]);
    return moved.length;
  };
  const playlistEntries = await move('playlist_songs', 'music_id', 'playlist_id');
  const likes = await move('liked_songs', 'music_id', 'user_id');
  const queueEntries = (await sql('update play_queue_entries set song_id = ? where song_id = ? returning id', [newId, oldId])).length;
  const currentSongs = (await sql('update play_queues set current_song_id = ? where current_song_id = ? returning user_id', [newId, oldId])).length;
  await sql('update songs s set like_count = (select count(*) from liked_songs l where l.music_id = s.id) where s.id in (?, ?)', [oldId, newId]);
  await sql(`update songs set moderation_status = 'visible' where id = ?`, [newId]);
  return { playlistEntries, likes, queueEntries, currentSongs };
}
