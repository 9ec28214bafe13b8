import { z } from 'zod';
import { badInput } from '../common/errors.js';
import { CONNECTION_PAGE } from '../graphql/public-api.js';

/**
 * Relay-style connections (docs/api.md, "Pagination"): pages of `first` items after an opaque
 * cursor, or of `last` items before one. A cursor is the sort key of one item (its sort columns
 * and id) as base64url JSON, tagged with the list it belongs to, so the next page starts strictly
 * past that key (keyset pagination): rows inserted or removed meanwhile never shift a page,
 * nothing repeats or is skipped.
 */
export const CONNECTION_FIRST_DEFAULT = CONNECTION_PAGE.default;
/** Most items per page; the cost limit counts a page's selection `first` (or `last`) times (docs/api.md, "Limits"). */
export const CONNECTION_FIRST_MAX = CONNECTION_PAGE.max;

const pageSizeSchema = (name: 'first' | 'last') =>
  z
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be between 1 and ${CONNECTION_FIRST_MAX}`)
    .max(CONNECTION_FIRST_MAX, `${name} must be between 1 and ${CONNECTION_FIRST_MAX}`);

/** The arguments every connection takes: first/after pages forward, last/before backward. */
export const connectionArgsSchema = z.object({
  first: pageSizeSchema('first').nullish(),
  after: z.string().nullish(),
  last: pageSizeSchema('last').nullish(),
  before: z.string().nullish(),
});

/**
 * One page asked of a list: `size` items read forward after `cursor` (first/after), or backward
 * before it (last/before: the list's last items when there is no cursor).
 */
export interface PageRequest {
  size: number;
  backward: boolean;
  cursor: string | null;
}

/** The page connection arguments ask for; mixing directions (first with last or before, last with after) is BAD_USER_INPUT. */
export function pageRequest(args: z.infer<typeof connectionArgsSchema>): PageRequest {
  const backward = args.last != null || args.before != null;
  if (backward && (args.first != null || args.after != null)) throw badInput('Page with first/after (forward) or last/before (backward), not both');
  return backward
    ? { size: args.last ?? CONNECTION_FIRST_DEFAULT, backward, cursor: args.before ?? null }
    : { size: args.first ?? CONNECTION_FIRST_DEFAULT, backward, cursor: args.after ?? null };
}

/**
 * SQL for reading a page of a list sorted descending by its key: rows past the cursor have a key
 * `past` it (`<` forward, `>` backward) and are read in `order` (backward reads ascending, from
 * the cursor towards the list's start; connectionFrom puts them back in list order).
 */
export function keyset(page: PageRequest): { past: '<' | '>'; order: 'desc' | 'asc' } {
  return page.backward ? { past: '>', order: 'asc' } : { past: '<', order: 'desc' };
}

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
  /** Forward pages: whether items follow. Backward pages: true when the page ends before a cursor. */
  hasNextPage: boolean;
  /** Forward pages: true when the page starts after a cursor. Backward pages: whether items precede it. */
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
 * A page from rows read in the page's reading order (keyset's `order`) with `limit size + 1`: the
 * extra row only tells whether more items lie that way. `cursorOf` gives a row's cursor.
 */
export function connectionFrom<R, T>(
  rows: readonly R[],
  options: { page: PageRequest; cursorOf: (row: R) => string; node: (row: R) => T; totalCount: () => Promise<number> },
): Connection<T> {
  const { page } = options;
  const read = rows.slice(0, page.size);
  const inListOrder = page.backward ? read.reverse() : read;
  const edges = inListOrder.map((row) => ({ cursor: options.cursorOf(row), node: options.node(row) }));
  const more = rows.length > page.size;
  return {
    edges,
    pageInfo: {
      hasNextPage: page.backward ? page.cursor != null : more,
      hasPreviousPage: page.backward ? more : page.cursor != null,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
    totalCount: options.totalCount,
  };
}

/** The connection with each node turned into another (e.g. an entity into the view its viewer gets). */
export function mapConnection<T, U>(connection: Connection<T>, view: (node: T) => U): Connection<U> {
  return { ...connection, edges: connection.edges.map((edge) => ({ cursor: edge.cursor, node: view(edge.node) })) };
}
