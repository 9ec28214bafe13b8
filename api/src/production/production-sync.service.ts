import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { AppError, badInput, notFound } from '../common/errors.js';
import { parseInput } from '../common/validation.js';
import { songIdSchema } from '../songs/song-access.js';
import { ProductionSong } from '../songs/production-song.entity.js';
import { User } from '../users/user.entity.js';
import { recordAdminAction, requireAdmin } from '../admin/admin-access.js';
import type { Logger } from '../app/logger.js';
import { ProductionTransferRun } from './production-transfer-run.entity.js';
import { columnList, songColumns, type SongColumns } from './production-columns.js';

/** Songs one transaction publishes: a crash loses at most one batch's work, which the rerun redoes. */
export const TRANSFER_BATCH_SIZE = 50;
/** Songs an admin may pick at once for a selected transfer or an unpublish. */
export const MAX_SELECTED = 200;
/** A run whose heartbeat (its row's updatedAt, touched by every batch) is older than this died with its process. */
export const STALE_RUN_MS = 2 * 60_000;
const LIST_MAX = 200;

/** A song may be published when anyone may listen to it: public, not hidden by a moderator, with audio. */
export const PUBLISHABLE_SQL = (alias: string) => `(${alias}."is_public" and ${alias}."moderation_status" = 'visible' and ${alias}."audio_url" is not null)`;
const TRANSFER_LOCK = `hashtext('songforge:production-transfer')`;

export type SyncState = 'new' | 'changed' | 'deleted' | 'in_sync';

export interface SyncSong {
  /** The working library's song id (for a deleted one, the id it had). */
  songId: string;
  /** The production row, once transferred. */
  productionId: string | null;
  title: string;
  artist: string | null;
  genre: string | null;
  owner: string | null;
  changedAt: Date | null;
  transferredAt: Date | null;
  /** Whether a transfer would publish it now (a changed song made private since cannot be). */
  publishable: boolean;
}

export interface SyncList {
  total: number;
  songs: SyncSong[];
}

export interface SyncStatus {
  lists: Record<SyncState, SyncList>;
  run: ProductionTransferRun | null;
}

export interface TransferOutcome {
  /** Songs published for the first time. */
  added: string[];
  /** Published songs brought up to date. */
  updated: string[];
}

const listSchema = z.object({ first: z.number().int().min(1, `first must be between 1 and ${LIST_MAX}`).max(LIST_MAX, `first must be between 1 and ${LIST_MAX}`).default(100) });
const idsSchema = (what: string) =>
  z.array(songIdSchema, { error: `${what} must be a list of ids` }).min(1, `Choose at least one song`).max(MAX_SELECTED, `At most ${MAX_SELECTED} songs at once`);

/**
 * The production catalogue (production_songs, docs/admin.md): songs promoted from the working
 * library. Diffs the two, publishes (transfer) and unpublishes, every change audit-logged.
 */
export class ProductionSyncService {
  private columnsCache: SongColumns | null = null;

  constructor(private readonly deps: { orm: MikroORM; logger: Logger; batchSize?: number }) {}

  columns(em: EntityManager): SongColumns {
    return (this.columnsCache ??= songColumns(em));
  }

  /** New, changed, deleted and in-sync songs (counts and the first `first` of each, most recent first) and the latest run. */
  async status(em: EntityManager, asker: User | null, input: unknown): Promise<SyncStatus> {
    requireAdmin(asker);
    const { first } = parseInput(listSchema, input ?? {});
    const rows = await em.execute<Array<Record<string, unknown>>>(
      `select * from (
         select c.*, count(*) over (partition by c.state) as total,
                row_number() over (partition by c.state order by c.changed_at desc nulls last, c.song_id) as place
           from (${this.classifiedSql(em)}) c
       ) ranked where place <= ?`,
      [first],
    );
    const lists = Object.fromEntries((['new', 'changed', 'deleted', 'in_sync'] as const).map((state) => [state, { total: 0, songs: [] as SyncSong[] }])) as Record<SyncState, SyncList>;
    for (const row of rows) {
      const list = lists[row.state as SyncState];
      list.total = Number(row.total);
      list.songs.push({
        songId: String(row.song_id),
        productionId: (row.production_id as string | null) ?? null,
        title: String(row.title),
        artist: (row.artist as string | null) ?? null,
        genre: (row.genre as string | null) ?? null,
        owner: (row.owner as string | null) ?? null,
        changedAt: row.changed_at ? new Date(row.changed_at as string) : null,
        transferredAt: row.transferred_at ? new Date(row.transferred_at as string) : null,
        publishable: Boolean(row.publishable),
      });
    }
    return { lists, run: await this.latestRun(em) };
  }

  /** Publishes the chosen songs now, in one transaction: new ones are added, changed ones updated, identical ones left alone. */
  async transferSelected(em: EntityManager, asker: User | null, songIds: unknown): Promise<TransferOutcome> {
    const admin = requireAdmin(asker);
    const ids = [...new Set(parseInput(idsSchema('songIds'), songIds))];
    return em.transactional(async (tx) => {
      const found = await tx.execute<Array<{ id: string; title: string; publishable: boolean }>>(
        `select s."id", s."title", ${PUBLISHABLE_SQL('s')} as publishable from "songs" s where s."id" in (select jsonb_array_elements_text(?::jsonb))`,
        [JSON.stringify(ids)],
      );
      const missing = ids.find((id) => !found.some((row) => row.id === id));
      if (missing) throw notFound(`Song ${missing} not found`);
      const unpublishable = found.find((row) => !row.publishable);
      if (unpublishable) throw badInput(`"${unpublishable.title}" cannot be published: only public songs with audio that no moderator has hidden can`);
      return this.transferBatch(tx, admin, ids, null);
    });
  }

  /**
   * Starts publishing every new and changed song in the background, in batches of one transaction
   * each. Refused while another run is alive; a run left 'running' by a dead process is marked
   * interrupted, and this run picks up whatever is still to do (a transfer is idempotent).
   */
  async startTransferAll(em: EntityManager, asker: User | null): Promise<ProductionTransferRun> {
    const admin = requireAdmin(asker);
    const run = await em.transactional(async (tx) => {
      await tx.execute(`select pg_advisory_xact_lock(${TRANSFER_LOCK})`);
      const alive = await tx.findOne(ProductionTransferRun, { status: 'running', updatedAt: { $gt: new Date(Date.now() - STALE_RUN_MS) } });
      if (alive) throw new AppError('CONFLICT', 'A transfer is already running');
      await tx.nativeUpdate(ProductionTransferRun, { status: 'running' }, { status: 'interrupted', finishedAt: new Date() });
      const [{ pending }] = await tx.execute<Array<{ pending: string }>>(`select count(*) as pending from (${this.pendingSql(tx)}) p`);
      const row = tx.create(ProductionTransferRun, { startedBy: tx.getReference(User, admin.id), total: Number(pending) });
      await tx.flush();
      recordAdminAction(tx, admin, { action: 'production.transfer_all', targetType: 'production_run', targetId: row.id, after: { pending: row.total } });
      return row;
    });
    void this.runTransferAll(run.id, admin).catch((error) => this.deps.logger.error(error, 'Production transfer failed'));
    return run;
  }

  /** Takes songs off the production catalogue (the working library keeps them). */
  async unpublish(em: EntityManager, asker: User | null, productionIds: unknown): Promise<number> {
    const admin = requireAdmin(asker);
    const ids = [...new Set(parseInput(idsSchema('productionIds'), productionIds))];
    return em.transactional(async (tx) => {
      const rows = await tx.find(ProductionSong, { id: { $in: ids } }, { fields: ['id', 'originalDevId', 'title', 'transferredAt'] });
      const missing = ids.find((id) => !rows.some((row) => row.id === id));
      if (missing) throw notFound(`Production song ${missing} not found`);
      await tx.nativeDelete(ProductionSong, { id: { $in: ids } });
      recordAdminAction(tx, admin, {
        action: 'production.unpublish',
        targetType: 'production_songs',
        targetId: ids.length === 1 ? ids[0] : `${ids.length} songs`,
        before: { songs: rows.map((r) => ({ productionId: r.id, songId: r.originalDevId, title: r.title, transferredAt: r.transferredAt })) },
        after: null,
      });
      return rows.length;
    });
  }

  /**
   * Publishes `songIds` inside the caller's transaction: one statement inserts the new ones and
   * updates those whose content differs from their published copy; identical ones are not touched,
   * so running it twice changes nothing the second time. Audit-logged when anything changed.
   */
  async transferBatch(tx: EntityManager, admin: User, songIds: readonly string[], runId: number | null): Promise<TransferOutcome> {
    const { copied, compared } = this.columns(tx);
    const rows = await tx.execute<Array<{ id: string; inserted: boolean }>>(
      `insert into "production_songs" ("id", ${columnList(copied)}, "created_at", "updated_at", "original_dev_id", "transferred_at", "transferred_by")
       select gen_random_uuid()::text, ${columnList(copied, 's')}, s."created_at", now(), s."id", now(), ?
         from "songs" s where s."id" in (select jsonb_array_elements_text(?::jsonb)) and ${PUBLISHABLE_SQL('s')}
       on conflict ("original_dev_id") do update set ${copied.map((c) => `"${c}" = excluded."${c}"`).join(', ')},
         "updated_at" = now(), "transferred_at" = now(), "transferred_by" = excluded."transferred_by"
         where (${columnList(compared, '"production_songs"')}) is distinct from (${columnList(compared, 'excluded')})
       returning "original_dev_id" as id, (xmax = 0) as inserted`,
      [admin.id, JSON.stringify(songIds)],
    );
    const outcome = { added: rows.filter((r) => r.inserted).map((r) => r.id), updated: rows.filter((r) => !r.inserted).map((r) => r.id) };
    if (rows.length) {
      recordAdminAction(tx, admin, {
        action: 'production.transfer',
        targetType: runId ? 'production_run' : 'songs',
        targetId: runId ?? (rows.length === 1 ? rows[0].id : `${rows.length} songs`),
        before: { published: outcome.updated },
        after: { added: outcome.added, updated: outcome.updated },
      });
    }
    return outcome;
  }

  /** The newest run, with a run whose process died reported as interrupted. */
  private async latestRun(em: EntityManager): Promise<ProductionTransferRun | null> {
    const run = await em.findOne(ProductionTransferRun, { id: { $gt: 0 } }, { orderBy: { id: 'desc' }, populate: ['startedBy'] });
    if (run?.status === 'running' && run.updatedAt.getTime() < Date.now() - STALE_RUN_MS) run.status = 'interrupted';
    return run;
  }

  private async runTransferAll(runId: number, admin: User): Promise<void> {
    const batchSize = this.deps.batchSize ?? TRANSFER_BATCH_SIZE;
    try {
      for (;;) {
        const em = this.deps.orm.em.fork();
        const done = await em.transactional(async (tx) => {
          const ids = (await tx.execute<Array<{ id: string }>>(`select id from (${this.pendingSql(tx)}) p order by id limit ?`, [batchSize])).map((r) => r.id);
          const outcome = ids.length ? await this.transferBatch(tx, admin, ids, runId) : { added: [], updated: [] };
          const count = outcome.added.length + outcome.updated.length;
          await tx.execute(`update "production_transfer_runs" set "transferred" = "transferred" + ?, "updated_at" = now() where "id" = ?`, [count, runId]);
          // Nothing published from a non-empty batch would only repeat: stop rather than spin.
          return count === 0;
        });
        if (done) break;
      }
      await this.finish(runId, 'completed', null);
    } catch (error) {
      await this.finish(runId, 'failed', error instanceof Error ? error.message : String(error)).catch(() => {});
      throw error;
    }
  }

  private async finish(runId: number, status: 'completed' | 'failed', error: string | null): Promise<void> {
    await this.deps.orm.em.fork().nativeUpdate(ProductionTransferRun, { id: runId }, { status, error, finishedAt: new Date() });
  }

  /** Ids of the songs a transfer would publish now: publishable, and new or changed since their transfer. */
  private pendingSql(em: EntityManager): string {
    const { compared } = this.columns(em);
    return `select s."id" from "songs" s left join "production_songs" p on p."original_dev_id" = s."id"
             where ${PUBLISHABLE_SQL('s')} and (p."id" is null or (${columnList(compared, 'p')}) is distinct from (${columnList(compared, 's')}))`;
  }

  /** Every song of either catalogue with its state: new, changed, deleted (from the library) or in sync. */
  private classifiedSql(em: EntityManager): string {
    const { compared } = this.columns(em);
    return `
      select 'new' as state, s."id" as song_id, null::text as production_id, s."title", s."artist", s."genre", u."username" as owner,
             s."updated_at" as changed_at, null::timestamptz as transferred_at, true as publishable
        from "songs" s left join "users" u on u."id" = s."user_id"
       where ${PUBLISHABLE_SQL('s')} and not exists (select 1 from "production_songs" p where p."original_dev_id" = s."id")
      union all
      select case when (${columnList(compared, 'p')}) is distinct from (${columnList(compared, 's')}) then 'changed' else 'in_sync' end,
             s."id", p."id", s."title", s."artist", s."genre", u."username", s."updated_at", p."transferred_at", ${PUBLISHABLE_SQL('s')}
        from "production_songs" p join "songs" s on s."id" = p."original_dev_id" left join "users" u on u."id" = s."user_id"
      union all
      select 'deleted', p."original_dev_id", p."id", p."title", p."artist", p."genre", u."username", p."transferred_at", p."transferred_at", false
        from "production_songs" p left join "users" u on u."id" = p."user_id"
       where not exists (select 1 from "songs" s where s."id" = p."original_dev_id")`;
  }
}
