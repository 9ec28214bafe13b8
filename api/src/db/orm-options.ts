import { defineConfig, type Options } from '@mikro-orm/postgresql';
import path from 'node:path';
import { entities } from './entities.js';

const migrationsDir = path.join(path.dirname(new URL(import.meta.url).pathname), 'migrations');

/**
 * One definition for the app, the tests and the migration generator. The embedded database
 * gets a single connection (see embedded-postgres.ts); a real server a normal pool. The migrator
 * and the migrations themselves are added by migratorOf (migrator.ts) when they are needed.
 */
export function ormOptions(params: { clientUrl: string; embedded: boolean; schema?: string; debug?: boolean }): Options {
  return defineConfig({
    clientUrl: params.clientUrl,
    schema: params.schema,
    entities,
    pool: params.embedded ? { min: 0, max: 1 } : { min: 0, max: 10 },
    migrations: {
      // Where `migration:create` writes new files (the source folder, also when run via tsx).
      path: migrationsDir,
      pathTs: migrationsDir,
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      emit: 'ts',
      silent: true,
    },
    debug: params.debug ?? false,
    allowGlobalContext: false,
    forceUtcTimezone: true,
    ignoreUndefinedInQuery: true,
  });
}
