import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database.js';
import { startEmbeddedPostgres } from './embedded-postgres.js';
import { migrationsList } from './migrations/index.js';
import { LATEST_MIGRATION } from './migrations/latest.js';
import { migratorOf } from './migrator.js';

describe('opening a database brings it to the latest migration', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'songforge-database-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('knows the latest migration without loading them (latest.ts names the last of index.ts)', () => {
    expect(LATEST_MIGRATION).toBe(migrationsList.at(-1)!.name);
  });

  it('applies what an existing database lacks when the build has a newer migration', async () => {
    const first = await openDatabase({ databaseUrl: null, dataDir });
    // What a database made by the previous build looks like: everything but the latest migration.
    await migratorOf(first.orm).down();
    expect((await migratorOf(first.orm).getPendingMigrations()).map((m) => m.name)).toEqual([LATEST_MIGRATION]);
    await first.close();

    const reopened = await openDatabase({ databaseUrl: null, dataDir });
    try {
      const executed = await reopened.orm.em.getConnection().execute<Array<{ name: string }>>('select name from mikro_orm_migrations order by id');
      expect(executed.map((m) => m.name)).toEqual(migrationsList.map((m) => m.name));
    } finally {
      await reopened.close();
    }
  }, 120_000);
});

describe('the embedded database thread', () => {
  it('reports a database that cannot start to the caller (the thread fails, the process goes on)', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'songforge-database-'));
    try {
      const notAFolder = path.join(folder, 'file');
      writeFileSync(notAFolder, '');
      await expect(startEmbeddedPostgres(path.join(notAFolder, 'pgdata'))).rejects.toThrow(/ENOTDIR/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
