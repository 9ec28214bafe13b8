import type { EntityManager } from '@mikro-orm/postgresql';

export interface Reference {
  table: string;
  column: string;
  /** The referenced table's key column. */
  targetColumn: string;
}

/**
 * Single-column foreign keys that point at `table`, read from the database catalogue rather than
 * listed by hand, so a table another feature adds later is exported and checked too.
 */
export async function referencesTo(em: EntityManager, table: string): Promise<Reference[]> {
  return em.getConnection().execute<Reference[]>(
    `select child.relname as "table", child_column.attname as "column", parent_column.attname as "targetColumn"
       from pg_constraint c
       join pg_class child on child.oid = c.conrelid
       join pg_attribute child_column on child_column.attrelid = c.conrelid and child_column.attnum = c.conkey[1]
       join pg_attribute parent_column on parent_column.attrelid = c.confrelid and parent_column.attnum = c.confkey[1]
      where c.contype = 'f' and c.confrelid = ?::regclass and cardinality(c.conkey) = 1
      order by 1, 2`,
    [`"${table}"`],
  );
}

const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

/**
 * Child tables that hang from two of a user's tables, and the one that owns their rows: an entry of
 * my song in someone else's playlist is theirs, not mine.
 */
const OWNING_PARENT: Record<string, string> = { playlist_songs: 'playlists' };

/**
 * Every row about a user: their users row, each row of a table with a foreign key to users naming
 * them, and (one level further) the rows of tables without such a key that hang from those rows
 * (a playlist's songs, a request's lyrics), from their owning parent only. Keyed by table name.
 */
export async function rowsAbout(em: EntityManager, userId: number): Promise<Record<string, Array<Record<string, unknown>>>> {
  const connection = em.getConnection();
  const result: Record<string, Array<Record<string, unknown>>> = {
    users: await connection.execute('select * from "users" where "id" = ?', [userId]),
  };
  // A row reached twice (a playlist entry of my song in my playlist) is listed once.
  const seen = new Set<string>();
  const add = (table: string, rows: Array<Record<string, unknown>>) => {
    const fresh = rows.filter((row) => {
      const key = `${table}\n${JSON.stringify(row)}`;
      return !seen.has(key) && seen.add(key);
    });
    result[table] = [...(result[table] ?? []), ...fresh];
  };
  const direct = await referencesTo(em, 'users');
  const userTables = new Set(direct.map((r) => r.table));
  for (const { table, column } of direct) {
    add(table, await connection.execute(`select * from ${quote(table)} where ${quote(column)} = ? order by 1`, [userId]));
  }
  for (const parent of new Set(direct.map((r) => r.table))) {
    const parentColumns = direct.filter((r) => r.table === parent).map((r) => r.column);
    for (const child of await referencesTo(em, parent)) {
      if (userTables.has(child.table) || child.table === 'users' || (OWNING_PARENT[child.table] ?? parent) !== parent) continue;
      const owned = parentColumns.map((c) => `${quote(c)} = ?`).join(' or ');
      add(
        child.table,
        await connection.execute(
          `select * from ${quote(child.table)} where ${quote(child.column)} in (select ${quote(child.targetColumn)} from ${quote(parent)} where ${owned}) order by 1`,
          parentColumns.map(() => userId),
        ),
      );
    }
  }
  return result;
}
