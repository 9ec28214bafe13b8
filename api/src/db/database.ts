import { MikroORM } from '@mikro-orm/postgresql';
import { writeFileSync } from 'node:fs';
import { embeddedDataDir, startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres.js';
import { lockDataDir, type DataDirLock } from './data-dir-lock.js';
import { ormOptions } from './orm-options.js';
import { LATEST_MIGRATION } from './migrations/latest.js';

export interface Database {
  orm: MikroORM;
  /** True when running on the in-process PGlite database. */
  embedded: boolean;
  close(): Promise<void>;
}

/**
 * Opens the database the configuration selects and brings its schema up to date.
 * databaseUrl null: embedded PGlite persisted in `<dataDir>/pgdata` (or in memory when dataDir is null);
 * the process locks dataDir first, so a second one on the same folder stops before touching the files.
 */
export async function openDatabase(params: {
  databaseUrl: string | null;
  dataDir: string | null;
  /** A lock on dataDir the caller already holds (main.ts takes it before loading the app); closing the database releases it. */
  dataDirLock?: DataDirLock | null;
  /** The embedded database, already starting (main.ts starts it while the app's modules load). */
  embeddedStarting?: Promise<EmbeddedPostgres> | null;
  debug?: boolean;
}): Promise<Database> {
  let embedded: EmbeddedPostgres | null = null;
  let lock: DataDirLock | null = null;
  let clientUrl = params.databaseUrl;
  if (!clientUrl) {
    lock = params.dataDirLock ?? (params.dataDir ? lockDataDir(params.dataDir) : null);
    try {
      embedded = await (params.embeddedStarting ?? startEmbeddedPostgres(embeddedDataDir(params.dataDir)));
    } catch (error) {
      lock?.release();
      throw error;
    }
    clientUrl = embedded.url;
  }
  try {
    const orm = await MikroORM.init(ormOptions({ clientUrl, embedded: embedded !== null, debug: params.debug }));
    await migrateToLatest(orm);
    return {
      orm,
      embedded: embedded !== null,
      async close() {
        await orm.close(true);
        await embedded?.stop();
        lock?.release();
      },
    };
  } catch (error) {
    await embedded?.stop();
    lock?.release();
    throw error;
  }
}

/**
 * Applies the migrations the database lacks. A database whose newest migration is this build's
 * latest has nothing to apply: one query answers that, and the migrator is loaded only otherwise.
 */
async function migrateToLatest(orm: MikroORM): Promise<void> {
  const newest = await orm.em
    .getConnection()
    .execute<Array<{ name: string }>>('select name from mikro_orm_migrations order by id desc limit 1')
    .catch(() => []); // no table yet: a new database
  if (newest[0]?.name === LATEST_MIGRATION) return;
  const { migratorOf } = await import('./migrator.js');
  await migratorOf(orm).up();
}

/**
 * Writes the embedded database with every migration applied, as the tarball an empty DATA_DIR
 * starts from (INITIAL_DATA_DIR_FILE; `npm run build` runs this through prepare-initial-data-dir.ts).
 */
export async function prepareInitialDataDir(file: string): Promise<void> {
  const embedded = await startEmbeddedPostgres(null);
  try {
    const orm = await MikroORM.init(ormOptions({ clientUrl: embedded.url, embedded: true }));
    await migrateToLatest(orm);
    await orm.close(true);
    writeFileSync(file, await embedded.dumpDataDir());
  } finally {
    await embedded.stop();
  }
}
