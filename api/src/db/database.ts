import { MikroORM } from '@mikro-orm/postgresql';
import { writeFileSync } from 'node:fs';
import { embeddedDataDir, startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres.js';
import { lockDataDir, type DataDirLock } from './data-dir-lock.js';
import { ormOptions } from './orm-options.js';

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
    await orm.getMigrator().up();
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
 * Writes the embedded database with every migration applied, as the tarball an empty DATA_DIR
 * starts from (INITIAL_DATA_DIR_FILE; `npm run build` runs this through prepare-initial-data-dir.ts).
 */
export async function prepareInitialDataDir(file: string): Promise<void> {
  const embedded = await startEmbeddedPostgres(null);
  try {
    const orm = await MikroORM.init(ormOptions({ clientUrl: embedded.url, embedded: true }));
    await orm.getMigrator().up();
    await orm.close(true);
    writeFileSync(file, await embedded.dumpDataDir());
  } finally {
    await embedded.stop();
  }
}
