import { Migrator } from '@mikro-orm/migrations';
import type { MikroORM } from '@mikro-orm/postgresql';
import { migrationsList } from './migrations/index.js';

/**
 * The ORM's migrator over every migration of migrations/index.ts. Kept out of ormOptions so that a
 * start on a database already at LATEST_MIGRATION never loads @mikro-orm/migrations, umzug and
 * their dependencies (about 0.8 MB of code; issue 20, start-up). Registered on first use.
 */
export function migratorOf(orm: MikroORM): Migrator {
  if (!orm.config.getExtension('@mikro-orm/migrator')) {
    orm.config.set('migrations', { ...orm.config.get('migrations'), migrationsList });
    Migrator.register(orm);
  }
  return orm.getMigrator() as Migrator;
}
