import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPubSub } from '../pubsub/pubsub.js';
import { SessionStore } from '../auth/sessions.js';
import { SongCatalogueService } from '../songs/catalogue.service.js';
import { QueueService } from './queue.service.js';
import { LikesService } from './likes.service.js';
import { insertSong, insertUser } from './test-fixtures.js';
import type { Song } from '../songs/song.entity.js';
import { postgresAvailable } from '../test-support/services-available.js';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js';

interface Statement {
  sql: string;
  bindings: unknown[];
}

/**
 * The main hot reads on PostgreSQL: every statement they send is explained with sequential scans
 * priced out (the test tables are tiny, where a scan would win), so a plan that still scans a
 * table names a filter or sort without an index.
 */
describe.runIf(postgresAvailable)('hot read query plans on PostgreSQL', () => {
  let db: TestDatabase;
  const em = () => db.orm.em.fork() as EntityManager;

  beforeAll(async () => {
    db = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await db.close();
  });

  /** The statements `read` sends, as the driver received them. */
  async function statementsOf(read: () => Promise<unknown>): Promise<Statement[]> {
    const knex = db.orm.em.getConnection().getKnex();
    const statements: Statement[] = [];
    const record = (query: { sql: string; bindings?: unknown[] }) => statements.push({ sql: query.sql, bindings: query.bindings ?? [] });
    knex.on('query', record);
    try {
      await read();
    } finally {
      knex.removeListener('query', record);
    }
    return statements;
  }

  async function plan(statement: Statement): Promise<string> {
    return db.orm.em.fork().transactional(async (tx) => {
      await tx.execute('set local enable_seqscan = off');
      const rows = await tx.execute<Array<{ 'QUERY PLAN': string }>>(`explain ${statement.sql}`, statement.bindings);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
  }

  it('reads the session, queue, library pages and liked songs without scanning a table', async () => {
    const user = await insertUser(em(), 'planner');
    const songs: Song[] = [];
    for (let i = 0; i < 5; i++) songs.push(await insertSong(em(), { title: `Plan ${i}`, genre: 'jazz' }));
    const pubsub = createPubSub(null);
    const sessions = new SessionStore('plan-test-secret-0123456789', pubsub);
    const queue = new QueueService(pubsub);
    const token = await sessions.create(em(), user, {});
    await queue.playSong(em(), user, { id: songs[0].id });
    await queue.enqueueSongs(em(), user, { songIds: songs.slice(1).map((s) => s.id) });
    await queue.nextSong(em(), user);
    const catalogue = new SongCatalogueService();
    const likes = new LikesService();
    for (const song of songs.slice(2, 4)) await likes.like(em(), user, { songId: song.id });
    const likedPage = await likes.likedSongsConnection(em(), user, { first: 1 });

    const reads: Record<string, () => Promise<unknown>> = {
      session: () => sessions.resolve(em, token),
      queue: () => queue.getQueue(em(), user),
      'songs page': () => catalogue.songs(em(), user, { first: 2 }),
      'songs page of a genre after a cursor': () => catalogue.songs(em(), user, { first: 2, genre: 'jazz', after: songs[3].id }),
      'liked songs': () => likes.likedSongs(em(), user),
      'liked songs connection after a cursor, and its count': async () => (await likes.likedSongsConnection(em(), user, { first: 1, after: likedPage.pageInfo.endCursor })).totalCount(),
    };
    for (const [name, read] of Object.entries(reads)) {
      const statements = await statementsOf(read);
      expect(statements.length, name).toBeGreaterThan(0);
      for (const statement of statements) {
        const text = await plan(statement);
        expect(text, `${name}: ${statement.sql}`).not.toMatch(/Seq Scan/);
      }
    }
    await pubsub.close();
  });
});
