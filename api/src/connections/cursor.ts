import { z } from 'zod';
import { badInput } from '../common/errors.js';
import { CONNECTION_PAGE } from '../graphql/public-api.js';

/**
 * Relay-style connections (docs/api.md, "Pagination"): forward pages of `first` items after an
 * opaque cursor. A cursor is the sort key of one item (its sort columns and id) as base64url JSON,
 * tagged with the list it belongs to, so the next page starts strictly after that key (keyset
 * pagination): rows inserted or removed meanwhile never shift a page, nothing repeats or is skipped.
 */
export const CONNECTION_FIRST_DEFAULT = CONNECTION_PAGE.default;
/** Most items per page; the cost limit counts a page's selection `first` times (docs/api.md, "Limits"). */
export const CONNECTION_FIRST_MAX = CONNECTION_PAGE.max;

export const connectionFirstSchema = z
  .number({ error: 'first must be a whole number' })
  .int('first must be a whole number')
  .min(1, `first must be between 1 and ${CONNECTION_FIRST_MAX}`)
  .max(CONNECTION_FIRST_MAX, `first must be between 1 and ${CONNECTION_FIRST_MAX}`)
  .default(CONNECTION_FIRST_DEFAULT);

/** The arguments every connection takes. */
export const connectionArgsSchema = z.object({ first: connectionFirstSchema, after: z.string().nullish() });

type KeyPart = string | number;

const INVALID_CURSOR = 'Invalid cursor: pass a cursor this list returned (endCursor or an edge cursor)';

export function encodeCursor(list: string, key: readonly KeyPart[]): string {
  return Buffer.from(JSON.stringify([list, ...key]), 'utf8').toString('base64url');
}

/** The sort key (a z.tuple) a cursor of `list` holds; anything else (another list's cursor, garbage) is BAD_USER_INPUT. */
export function decodeCursor<S extends z.ZodType>(list: string, cursor: string, key: S): z.infer<S> {
  let parsed: unknown;
  try {
    parsed = cursor.length <= 1000 && /^[A-Za-z0-9_-]+$/.test(cursor) ? JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) : null;
  } catch {
    throw badInput(INVALID_CURSOR);
  }
  if (!Array.isArray(parsed) || parsed[0] !== list) throw badInput(INVALID_CURSOR);
  const result = key.safeParse(parsed.slice(1));
  if (!result.success) throw badInput(INVALID_CURSOR);
  return result.data;
}

/** A timestamp in a cursor: PostgreSQL's own text at microsecond precision (a JS Date keeps milliseconds only). */
export const cursorTimestamp = z.string().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
/** SQL giving `column` (a timestamptz) as a cursorTimestamp. */
export const cursorTimestampSql = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export interface Edge<T> {
  cursor: string;
  node: T;
}

export interface PageInfo {
  hasNextPage: boolean;
  /** Forward pagination only: true when the page starts after a cursor. */
  hasPreviousPage: boolean;
  startCursor: string | null;
  endCursor: string | null;
}

export interface Connection<T> {
  edges: Array<Edge<T>>;
  pageInfo: PageInfo;
  /** Counted only when a client asks for it (another query). */
  totalCount: () => Promise<number>;
}

/**
 * A page from rows read with `limit first + 1` (the extra row only tells whether another page
 * follows); `cursorOf` gives a row's cursor.
 */
export function connectionFrom<R, T>(
  rows: readonly R[],
  options: { first: number; after: unknown; cursorOf: (row: R) => string; node: (row: R) => T; totalCount: () => Promise<number> },
): Connection<T> {
  const page = rows.slice(0, options.first);
  const edges = page.map((row) => ({ cursor: options.cursorOf(row), node: options.node(row) }));
  return {
    edges,
    pageInfo: {
      hasNextPage: rows.length > options.first,
      hasPreviousPage: options.after != null,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
    totalCount: options.totalCount,
  };
}

