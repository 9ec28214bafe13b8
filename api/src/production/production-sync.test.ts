import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DATABASE_TARGETS } from '../test-support/services-available.js';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js';
import { createLogger } from '../app/logger.js';
import { insertSong, insertUser } from '../library/test-fixtures.js';
import { Song } from '../songs/song.entity.js';
import { ProductionSong } from '../songs/production-song.entity.js';
import { User } from '../users/user.entity.js';
import { AdminAuditEntry } from '../admin/admin-audit-entry.entity.js';
import { ProductionTransferRun } from './production-transfer-run.entity.js';
import { ProductionSyncService, STALE_RUN_MS } from './production-sync.service.js';
import { curatedCountsByGenre, curatedSongIds } from './curated-songs.js';

const BATCH = 3;

describe.each(DATABASE_TARGETS)('production catalogue sync on %s PostgreSQL', (target) => {
  let db: TestDatabase;
  let sync: ProductionSyncService;
  let admin: User;
  let member: User;
  const em = () => db.orm.em.fork() as EntityManager;
  const states = async () => {
    const { lists } = await sync.status(em(), admin, {});
    return Object.fromEntries(Object.entries(lists).map(([state, list]) => [state, list.songs.map((s) => s.songId).sort()]));
  };
  const auditCount = (action: string) => em().count(AdminAuditEntry, { action });
  const settled = async () => {
    await expect.poll(async () => (await sync.status(em(), admin, {})).run?.status, { timeout: 20_000 }).not.toBe('running');
    return (await sync.status(em(), admin, {})).run!;
  };

  beforeAll(async () => {
    db = await createTestDatabase(target);
    sync = new ProductionSyncService({ orm: db.orm, logger: createLogger('silent'), batchSize: BATCH });
    const setup = em();
    admin = setup.create(User, { username: 'syncadmin', userTier: 'admin', canAccessAdmin: true });
    await setup.flush();
    member = await insertUser(em(), 'syncmember');
  });
  afterAll(async () => {
    await db?.close();
  });
  beforeEach(async () => {
    await em().nativeDelete(ProductionSong, {});
    await em().nativeDelete(ProductionTransferRun, {});
    await em().nativeDelete(Song, {});
  });

  it('lists new, changed, deleted and in-sync songs; listening does not make a song stale', async () => {
    await insertSong(em(), { id: 'a-public', title: 'Public', genre: 'jazz', user: member });
    await insertSong(em(), { id: 'b-private', title: 'Private', genre: 'jazz', isPublic: false, user: member });
    await insertSong(em(), { id: 'c-hidden', title: 'Hidden', genre: 'jazz', user: member });
    await em().nativeUpdate(Song, { id: 'c-hidden' }, { moderationStatus: 'hidden' });
    await insertSong(em(), { id: 'd-edited', title: 'Before', genre: 'rock' });
    await insertSong(em(), { id: 'e-gone', title: 'Gone soon', genre: 'rock' });
    // Only what anyone may listen to is offered: private and hidden songs are not.
    expect(await states()).toEqual({ new: ['a-public', 'd-edited', 'e-gone'], changed: [], deleted: [], in_sync: [] });

    expect(await sync.transferSelected(em(), admin, ['a-public', 'd-edited', 'e-gone'])).toEqual({ added: expect.arrayContaining(['a-public', 'd-edited', 'e-gone']), updated: [] });
    expect(await states()).toEqual({ new: [], changed: [], deleted: [], in_sync: ['a-public', 'd-edited', 'e-gone'] });
    const published = await em().findOneOrFail(ProductionSong, { originalDevId: 'd-edited' }, { populate: ['transferredBy'] });
    expect(published).toMatchObject({ title: 'Before', genre: 'rock', transferredBy: { username: admin.username } });
    expect(published.transferredAt).toBeInstanceOf(Date);

    await em().nativeUpdate(Song, { id: 'a-public' }, { playCount: 12, likeCount: 3, playedAt: new Date() });
    await em().nativeUpdate(Song, { id: 'd-edited' }, { title: 'After' });
    await em().nativeDelete(Song, { id: 'e-gone' });
    expect(await states()).toEqual({ new: [], changed: ['d-edited'], deleted: ['e-gone'], in_sync: ['a-public'] });

    expect(await sync.transferSelected(em(), admin, ['d-edited'])).toEqual({ added: [], updated: ['d-edited'] });
    expect((await em().findOneOrFail(ProductionSong, { originalDevId: 'd-edited' })).title).toBe('After');
    const gone = await em().findOneOrFail(ProductionSong, { originalDevId: 'e-gone' });
    expect(await sync.unpublish(em(), admin, [gone.id])).toBe(1);
    expect(await states()).toEqual({ new: [], changed: [], deleted: [], in_sync: ['a-public', 'd-edited'] });
    const entry = await em().findOneOrFail(AdminAuditEntry, { action: 'production.unpublish', targetId: gone.id });
    expect(entry.before).toMatchObject({ songs: [{ songId: 'e-gone', title: 'Gone soon' }] });
  });

  it('a second transfer changes nothing and logs nothing', async () => {
    await insertSong(em(), { id: 'idem-1', title: 'Once', genre: 'pop' });
    await sync.transferSelected(em(), admin, ['idem-1']);
    const first = await em().findOneOrFail(ProductionSong, { originalDevId: 'idem-1' });
    const audits = await auditCount('production.transfer');
    expect(await sync.transferSelected(em(), admin, ['idem-1'])).toEqual({ added: [], updated: [] });
    const again = await em().findOneOrFail(ProductionSong, { originalDevId: 'idem-1' });
    expect(again.transferredAt).toEqual(first.transferredAt);
    expect(again.updatedAt).toEqual(first.updatedAt);
    expect(await auditCount('production.transfer')).toBe(audits);
  });

  it('refuses songs that cannot be published or do not exist, writing nothing', async () => {
    await insertSong(em(), { id: 'ok-1', title: 'Fine', genre: 'pop' });
    await insertSong(em(), { id: 'priv-1', title: 'Mine only', genre: 'pop', isPublic: false, user: member });
    await expect(sync.transferSelected(em(), admin, ['ok-1', 'priv-1'])).rejects.toMatchObject({ code: 'BAD_USER_INPUT' });
    await expect(sync.transferSelected(em(), admin, ['ok-1', 'nope'])).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(sync.transferSelected(em(), admin, [])).rejects.toMatchObject({ code: 'BAD_USER_INPUT' });
    await expect(sync.transferSelected(em(), member, ['ok-1'])).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(sync.unpublish(em(), admin, ['no-such-row'])).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await em().count(ProductionSong, {})).toBe(0);
  });

  it('transfers everything in batches; a second run finds nothing to do', async () => {
    for (let i = 1; i <= 7; i += 1) await insertSong(em(), { id: `all-${i}`, title: `All ${i}`, genre: 'lo-fi' });
    const audits = await auditCount('production.transfer');
    const run = await sync.startTransferAll(em(), admin);
    expect(run).toMatchObject({ status: 'running', total: 7 });
    expect(await settled()).toMatchObject({ status: 'completed', total: 7, transferred: 7 });
    // One audit entry per committed batch of three.
    expect(await auditCount('production.transfer')).toBe(audits + 3);
    expect((await states()).in_sync).toHaveLength(7);

    await sync.startTransferAll(em(), admin);
    expect(await settled()).toMatchObject({ status: 'completed', total: 0, transferred: 0 });
    expect(await auditCount('production.transfer')).toBe(audits + 3);
  });

  it('a run that fails in the middle leaves whole batches behind, and the rerun completes it', async () => {
    for (let i = 1; i <= 7; i += 1) await insertSong(em(), { id: `crash-${i}`, title: `Crash ${i}`, genre: 'lo-fi' });
    // The second batch (crash-4..6) dies on its fifth song, as a crash in the middle of a transaction would.
    await em().execute(`create function production_crash() returns trigger language plpgsql as $$ begin
      if new.original_dev_id = 'crash-5' then raise exception 'simulated crash'; end if; return new; end $$`);
    await em().execute(`create trigger production_crash before insert on production_songs for each row execute function production_crash()`);
    try {
      await sync.startTransferAll(em(), admin);
      expect(await settled()).toMatchObject({ status: 'failed', total: 7, transferred: 3, error: expect.stringContaining('simulated crash') });
      // Exactly the first batch is published, each row complete: nothing of the failed batch.
      expect(await states()).toEqual({ new: ['crash-4', 'crash-5', 'crash-6', 'crash-7'], changed: [], deleted: [], in_sync: ['crash-1', 'crash-2', 'crash-3'] });
    } finally {
      await em().execute('drop trigger production_crash on production_songs');
      await em().execute('drop function production_crash');
    }
    await sync.startTransferAll(em(), admin);
    expect(await settled()).toMatchObject({ status: 'completed', total: 4, transferred: 4 });
    expect((await states()).in_sync).toHaveLength(7);
  });

  it('one run at a time; a run whose process died is reported interrupted and may be replaced', async () => {
    const setup = em();
    const live = setup.create(ProductionTransferRun, { startedBy: setup.getReference(User, admin.id), total: 5 });
    await setup.flush();
    await expect(sync.startTransferAll(em(), admin)).rejects.toMatchObject({ code: 'CONFLICT' });
    await em().execute(`update production_transfer_runs set updated_at = now() - interval '${STALE_RUN_MS / 1000 + 60} seconds' where id = ?`, [live.id]);
    expect((await sync.status(em(), admin, {})).run).toMatchObject({ id: live.id, status: 'interrupted' });
    await sync.startTransferAll(em(), admin);
    await settled();
    expect((await em().findOneOrFail(ProductionTransferRun, { id: live.id })).status).toBe('interrupted');
  });

  it('genre stations play the published songs of a genre that has some, every listed song of one that has none', async () => {
    await insertSong(em(), { id: 'jazz-pub', title: 'Curated jazz', genre: 'jazz' });
    await insertSong(em(), { id: 'jazz-other', title: 'Other jazz', genre: 'jazz' });
    await insertSong(em(), { id: 'rock-1', title: 'Rock', genre: 'rock' });
    expect(await curatedSongIds(em(), 'jazz', member.id)).toBeNull();
    await sync.transferSelected(em(), admin, ['jazz-pub']);
    expect(await curatedSongIds(em(), 'jazz', member.id)).toEqual(['jazz-pub']);
    expect(await curatedSongIds(em(), 'rock', member.id)).toBeNull();
    expect(await curatedCountsByGenre(em(), ['jazz', 'rock'], member.id)).toEqual(new Map([['jazz', 1]]));
    // A published song made private since is its owner's alone: the genre falls back for everyone else.
    await em().nativeUpdate(Song, { id: 'jazz-pub' }, { isPublic: false });
    expect(await curatedSongIds(em(), 'jazz', member.id)).toBeNull();
  });
});
