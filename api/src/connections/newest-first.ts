import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { connectionFrom, cursorTimestamp, cursorTimestampSql, decodeCursor, encodeCursor, keyset, type Connection, type PageRequest } from './cursor.js';

/**
 * A list sorted newest first by a timestamp column, ties broken by a unique id column (both
 * descending), as SQL: the rows `from ... where ...` a viewer may see, without the cursor.
 */
export interface NewestFirstList {
  /** The cursor's tag: another list's cursor is refused. */
  list: string;
  /** The timestamptz sort column and the unique id column, e.g. `s.created_at` and `s.id`. */
  at: string;
  id: string;
  /** The id column's values as a cursor holds them. */
  idSchema: z.ZodString | z.ZodNumber;
  /** `from` and `join`s; then the conditions and their bindings. */
  from: string;
  where: readonly string[];
  params: readonly unknown[];
}

type KeyColumns = { cursorAt: string; cursorId: string | number };

/**
 * One page of a NewestFirstList as a connection: `columns` are selected with the sort key (their
 * `?`s take `columnParams`), and `nodes` turns the page's rows into its nodes, in the same order
 * (one batch, e.g. the entities of a page of ids).
 */
export async function newestFirstConnection<R extends object, T>(
  em: EntityManager,
  source: NewestFirstList,
  page: PageRequest,
  select: { columns: string; columnParams?: readonly unknown[]; nodes: (rows: R[]) => Promise<T[]> | T[] },
): Promise<Connection<T>> {
  const { past, order } = keyset(page);
  const where = [...source.where];
  const params = [...source.params];
  if (page.cursor) {
    where.push(`(${source.at}, ${source.id}) ${past} (?::timestamptz, ?)`);
    params.push(...decodeCursor(source.list, page.cursor, z.tuple([cursorTimestamp, source.idSchema])));
  }
  const rows = await em.execute<Array<R & KeyColumns>>(
    `select ${select.columns}, ${cursorTimestampSql(source.at)} as "cursorAt", ${source.id} as "cursorId"
     ${source.from} where ${where.join(' and ')} order by ${source.at} ${order}, ${source.id} ${order} limit ?`,
    [...(select.columnParams ?? []), ...params, page.size + 1],
  );
  const read = rows.slice(0, page.size);
  const nodes = await select.nodes(read);
  const nodeOf = new Map(read.map((row, index) => [row, nodes[index]!]));
  return connectionFrom(rows, {
    page,
    cursorOf: (row) => encodeCursor(source.list, [row.cursorAt, row.cursorId]),
    node: (row) => nodeOf.get(row)!,
    totalCount: async () => {
      const [row] = await em.execute<Array<{ n: number }>>(`select count(*)::int as n ${source.from} where ${source.where.join(' and ')}`, [...source.params]);
      return row!.n;
    },
  });
}
