import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/database.js';
import { TEST_POSTGRES_URL } from './services-available.js';

export interface TestDatabase extends Database {
  /** Connection URL (for a second app instance on the same database). */
  url: string | null;
}

/**
 * A fresh, migrated database: in-memory PGlite, or a new database on the local PostgreSQL
 * server that is dropped again on close.
 */
export async function createTestDatabase(target: 'embedded' | 'postgres'): Promise<TestDatabase> {
  if (target === 'embedded') {
    return { ...(await openDatabase({ databaseUrl: null, dataDir: null })), url: null };
  }
  const name = `songforge_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: null });
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
}
