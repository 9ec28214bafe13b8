/**
 * `npm run migration:create -w api`: diffs the entities against a scratch database that has
 * every checked-in migration applied, and writes the difference as a new migration file.
 */
import { openDatabase } from './database.js';

const db = await openDatabase({ databaseUrl: null, dataDir: null });
try {
  const migration = await db.orm.getMigrator().createMigration(undefined, false, process.argv.length <= 2 && (await isFirstMigration()));
  console.log(migration.fileName ? `Created ${migration.fileName}` : 'Schema is up to date: no migration needed.');
} finally {
  await db.close();
}

async function isFirstMigration(): Promise<boolean> {
  return (await db.orm.getMigrator().getExecutedMigrations()).length === 0;
}
