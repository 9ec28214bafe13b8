import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareInitialDataDir } from './database.js';
import { startEmbeddedPostgres } from './embedded-postgres.js';
import { migrationsList } from './migrations/index.js';
import { LATEST_MIGRATION } from './migrations/latest.js';
import { migratorOf } from './migrator.js';
import { ormOptions } from './orm-options.js';

/** Opens the embedded database in pgdata (from `initialDataDir` if it is empty), runs `use`, closes it. */
async function withDatabase<T>(pgdata: string, initialDataDir: string, use: (orm: MikroORM) => Promise<T>): Promise<T> {
  const embedded = await startEmbeddedPostgres(pgdata, initialDataDir);
  const orm = await MikroORM.init(ormOptions({ clientUrl: embedded.url, embedded: true }));
  try {
    return await use(orm);
  } finally {
    await orm.close(true);
    await embedded.stop();
  }
}

describe('the prepared initial data folder of the embedded database', () => {
  let folder: string;
  let tarball: string;
  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'songforge-initial-pgdata-'));
    tarball = path.join(folder, 'initial-pgdata.tar.gz');
    await prepareInitialDataDir(tarball);
  }, 180_000);
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('starts an empty folder with every migration applied, and the folder keeps what is written to it', async () => {
    const pgdata = path.join(folder, 'pgdata');
    await withDatabase(pgdata, tarball, async (orm) => {
      expect(await migratorOf(orm).getPendingMigrations()).toEqual([]);
      expect((await migratorOf(orm).getExecutedMigrations()).map((m) => m.name)).toEqual(migrationsList.map((m) => m.name));
      await orm.em.getConnection().execute(`insert into users (username) values ('from-the-tarball')`);
    });
    expect(existsSync(path.join(pgdata, 'PG_VERSION'))).toBe(true);
    // An existing database is opened as it is, never replaced by the tarball.
    const usernames = await withDatabase(pgdata, tarball, (orm) => orm.em.getConnection().execute<Array<{ username: string }>>('select username from users'));
    expect(usernames.map((u) => u.username)).toEqual(['from-the-tarball']);
  }, 120_000);

  it('unpacks again after a start that stopped while unpacking, and leaves no partial folder', async () => {
    const pgdata = path.join(folder, 'pgdata-interrupted');
    mkdirSync(pgdata);
    // What a crash midway leaves: the sibling folder half written, the data folder still empty.
    mkdirSync(`${pgdata}.unpacking/base`, { recursive: true });
    writeFileSync(`${pgdata}.unpacking/PG_VERSION`, '17');
    await withDatabase(pgdata, tarball, async (orm) => {
      expect(await migratorOf(orm).getPendingMigrations()).toEqual([]);
    });
    expect(existsSync(`${pgdata}.unpacking`)).toBe(false);
    expect(existsSync(path.join(pgdata, 'PG_VERSION'))).toBe(true);
  }, 120_000);
});
