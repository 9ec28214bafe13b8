import { LockMode, type MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../app/logger.js';
import type { BackgroundJobSource } from '../generation/queue.js';
import { analyseSongContent } from '../moderation/moderation.service.js';
import { Song } from '../songs/song.entity.js';
import { announceLibraryChanged } from '../songs/library-reads.js';
import type { AppPubSub } from '../pubsub/pubsub.js';
import { EnhancementItem } from './enhancement-item.entity.js';
import { EnhancementError, snapshotOf, type SongEnhancer } from './song-enhancer.js';

export const ENHANCEMENT_JOB = 'enhance';

/**
 * Enhancement items as jobs of the generation queue: the embedded queue claims the oldest pending
 * item of a running batch, BullMQ delivers one job per item. An item is redone from the start when a
 * worker dies in it (its new media files have fixed names, so the redo overwrites them); the song
 * changes, the item's before/after and its content analysis commit in one transaction.
 */
export class EnhancementJobs implements BackgroundJobSource {
  readonly name = ENHANCEMENT_JOB;

  constructor(
    private readonly orm: MikroORM,
    private readonly enhancer: SongEnhancer,
    private readonly logger: Logger,
    /** Told of every enhanced song (its audio, cover or words changed). */
    private readonly pubsub: AppPubSub,
  ) {}

  async claim(): Promise<number | null> {
    const rows = await this.orm.em.fork().getConnection().execute<Array<{ id: number }>>(
      `update enhancement_items set status = 'processing', started_at = now(), updated_at = now()
       where id = (
         select i.id from enhancement_items i join enhancement_batches b on b.id = i.batch_id
         where i.status = 'pending' and b.status = 'running'
         order by i.id
         for update of i skip locked
         limit 1
       )
       returning id`,
    );
    return rows[0]?.id ?? null;
  }

  async requeueUnfinished(): Promise<number[]> {
    const rows = await this.orm.em.fork().getConnection().execute<Array<{ id: number }>>(
      `update enhancement_items set status = 'pending', updated_at = now() where status = 'processing' returning id`,
    );
    return rows.map((row) => row.id);
  }

  async run(id: number, signal: AbortSignal): Promise<'done' | 'interrupted'> {
    const em = this.orm.em.fork();
    // BullMQ delivers pending items (or one a dead worker left processing); the embedded queue claimed it already.
    const claimed = await em.getConnection().execute<Array<{ id: number }>>(
      `update enhancement_items i set status = 'processing', started_at = coalesce(i.started_at, now()), updated_at = now()
       from enhancement_batches b
       where i.id = ? and b.id = i.batch_id and b.status = 'running' and i.status in ('pending', 'processing')
       returning i.id`,
      [id],
    );
    if (claimed.length === 0) return 'done';
    const item = await em.findOneOrFail(EnhancementItem, { id }, { populate: ['batch', 'song', 'song.analysis'] });
    let result;
    try {
      result = await this.enhancer.enhance(item.song, { operations: item.batch.operations, targetLufs: item.batch.targetLufs, version: String(item.id), signal });
    } catch (error) {
      if (signal.aborted) return 'interrupted';
      if (!(error instanceof EnhancementError)) this.logger.error(error, `Enhancement item ${id} failed`);
      const message = error instanceof Error ? error.message : String(error);
      await em.nativeUpdate(EnhancementItem, { id, status: 'processing' }, { status: 'failed', error: message, finishedAt: new Date() });
      return 'done';
    }
    const { changes, notes, analyseContent } = result;
    const kept = await em.transactional(async (tx) => {
      const row = await tx.findOne(EnhancementItem, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (row?.status !== 'processing') return false;
      const song = await tx.findOneOrFail(Song, { id: item.song.id }, { populate: ['analysis'] });
      const fields = Object.keys(changes);
      const before = snapshotOf(song, fields);
      tx.assign(song, changes);
      if (analyseContent) {
        const settings = song.settings as { title?: string | null; prompt?: string | null } | null;
        await analyseSongContent(tx, song, { title: settings?.title ?? null, prompt: settings?.prompt ?? null, lyrics: song.lyrics });
      }
      const changed = fields.length > 0 || analyseContent;
      tx.assign(row, { status: changed ? 'completed' : 'skipped', notes, before, after: snapshotOf(song, fields), error: null, finishedAt: new Date() });
      return true;
    });
    // Cancelled or taken over meanwhile: the files made for it are nobody's.
    if (kept) announceLibraryChanged(this.pubsub);
    else await this.enhancer.removeMedia(item.song, [changes.audioUrl, changes.coverUrl, changes.thumbnailUrl]);
    return 'done';
  }
}
