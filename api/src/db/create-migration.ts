/**
 * `npm run migration:create -w api`: diffs the entities against a scratch database that has
 * every checked-in migration applied, writes the difference as a new migration file and
 * registers it in migrations/index.ts and latest.ts.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from './database.js';
import { migratorOf } from './migrator.js';

const db = await openDatabase({ databaseUrl: null, dataDir: null });
try {
  const migration = await migratorOf(db.orm).createMigration();
  if (!migration.fileName) {
    console.log('Schema is up to date: no migration needed.');
  } else {
    const name = path.basename(migration.fileName, '.ts');
    const index = path.join(path.dirname(new URL(import.meta.url).pathname), 'migrations', 'index.ts');
    const source = readFileSync(index, 'utf8')
      .replace(/\n\n\/\*\*/, `\nimport { ${name} } from './${name}.js';\n\n/**`)
      .replace(/\];\s*$/, `, { name: '${name}', class: ${name} }];\n`);
    writeFileSync(index, source);
    const latest = path.join(path.dirname(index), 'latest.ts');
    writeFileSync(latest, readFileSync(latest, 'utf8').replace(/'Migration\d+'/, `'${name}'`));
    console.log(`Created ${migration.fileName} and registered it in migrations/index.ts and latest.ts`);
  }
} finally {
  await db.close();
}
