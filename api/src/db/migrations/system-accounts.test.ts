import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database.js';
import { User } from '../../users/user.entity.js';
import { migratorOf } from '../migrator.js';

describe('migration adding users.is_system on an installation made before it', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('embedded');
  });
  afterAll(async () => {
    await db.close();
  });

  it('marks the demo owner as a system account and makes the first person, left without admin, the admin', async () => {
    const migrator = migratorOf(db.orm);
    await migrator.down({ to: 'Migration20261123012025' });
    const connection = db.orm.em.getConnection();
    // As the old rule left it: the demo owner took the first id, the first person got a free account.
    await connection.execute(`insert into users (username, password, created_at, updated_at) values ('Songforge Radio', null, now(), now()), ('firstperson', 'hash', now(), now()), ('second', 'hash', now(), now())`);
    await migrator.up();
    const users = await db.orm.em.fork().find(User, {}, { orderBy: { id: 'asc' } });
    expect(users.map((u) => [u.username, u.isSystem, u.userTier, u.canAccessAdmin])).toEqual([
      ['Songforge Radio', true, 'free', false],
      ['firstperson', false, 'admin', true],
      ['second', false, 'free', false],
    ]);
  });
});
