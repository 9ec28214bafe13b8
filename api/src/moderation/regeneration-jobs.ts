import { LockMode, type MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../app/logger.js';
import type { BackgroundJobSource } from '../generation/queue.js';
import { LyricRewriteError } from '../music/lyrics/rewrite.js';
import { MusicInputError } from '../music/types.js';
import { Song } from '../songs/song.entity.js';
import { announceLibraryChanged } from '../songs/library-reads.js';
import type { AppPubSub } from '../pubsub/pubsub.js';
import { analyseSongContent } from './moderation.service.js';
import { ContentRegenerationRequest } from './content-regeneration-request.entity.js';
import { RegenerationError, type SongRegenerator } from './song-regenerator.js';

export const REGENERATION_JOB = 'regenerate';

/**
 * Regeneration requests as jobs of the generation queue (like AI enhancement): the embedded queue
 * claims the oldest pending request, BullMQ delivers one job per request. A request a dead worker
 * left processing is redone from the start (the new song's files have names fixed by the request).
 * The new song, its content analysis and the request's completion commit in one transaction; the
 * new song stays hidden until a moderator accepts it.
 */
export class RegenerationJobs implements BackgroundJobSource {
  readonly name = REGENERATION_JOB;

  constructor(
    private readonly orm: MikroORM,
    private readonly regenerator: SongRegenerator,
    private readonly logger: Logger,
    /** Told of the regenerated song (hidden, but its owner's pages list it). */
    private readonly pubsub: AppPubSub,
  ) {}

  async claim(): Promise<number | null> {
    const rows = await this.orm.em.fork().getConnection().execute<Array<{ id: number }>>(
      `update content_regeneration_requests set status = 'processing'
       where id = (select id from content_regeneration_requests where status = 'pending' order by id for update skip locked limit 1)
       returning id`,
    );
    return rows[0]?.id ?? null;
  }

  async requeueUnfinished(): Promise<number[]> {
    const rows = await this.orm.em.fork().getConnection().execute<Array<{ id: number }>>(
      `update content_regeneration_requests set status = 'pending' where status = 'processing' returning id`,
    );
    return rows.map((row) => row.id);
  }

  async run(id: number, signal: AbortSignal): Promise<'done' | 'interrupted'> {
    const em = this.orm.em.fork();
    // BullMQ delivers pending requests (or one a dead worker left processing); the embedded queue claimed it already.
    const claimed = await em.nativeUpdate(ContentRegenerationRequest, { id, status: { $in: ['pending', 'processing'] } }, { status: 'processing' });
    if (claimed === 0) return 'done';
    const request = await em.findOneOrFail(ContentRegenerationRequest, { id }, { populate: ['originalSong'] });
    const original = request.originalSong;
    let result;
    try {
      result = await this.regenerator.regenerate(original, {
        id,
        wordsToEliminate: request.wordsToEliminate ?? [],
        replacementWords: request.replacementWords ?? {},
        preservedElements: request.preservedElements ?? [],
      }, signal);
    } catch (error) {
      if (signal.aborted) return 'interrupted';
      const expected = error instanceof RegenerationError || error instanceof LyricRewriteError || error instanceof MusicInputError;
      if (!expected) this.logger.error(error, `Regeneration request ${id} failed`);
      const message = error instanceof Error ? error.message : String(error);
      await em.nativeUpdate(ContentRegenerationRequest, { id, status: 'processing' }, { status: 'failed', error: message, completedAt: new Date() });
      return 'done';
    }
    const kept = await em.transactional(async (tx) => {
      const row = await tx.findOne(ContentRegenerationRequest, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (row?.status !== 'processing') return false;
      const song = (await tx.findOne(Song, { id: result.id })) ?? tx.create(Song, {
        id: result.id,
        ...result.fields,
        artist: original.artist,
        album: original.album,
        aiArtist: original.aiArtist,
        albumArt: original.albumArt,
        user: original.user,
        isPublic: original.isPublic,
        canBeShared: original.canBeShared,
        // Only its owner sees it until a moderator accepts it.
        moderationStatus: 'hidden',
      });
      const settings = result.fields.settings as { prompt?: string | null } | null;
      await analyseSongContent(tx, song, { title: song.title, prompt: settings?.prompt ?? null, lyrics: song.lyrics });
      tx.assign(row, { status: 'completed', newSong: song, replacedWords: result.replacements, error: null, completedAt: new Date() });
      return true;
    });
    if (kept) announceLibraryChanged(this.pubsub);
    else await this.regenerator.removeMedia(result.id);
    return 'done';
  }
}
