/** Paging through a whole connection, forward and backward, checking its pageInfo on the way (the connection tests). */
import { expect } from 'vitest';
import type { Connection } from '../connections/cursor.js';

/** Every node of a connection, page by page from `start` (`fetch` gets one page after a cursor). */
export async function allPages<T>(fetch: (after: string | null) => Promise<Connection<T>>, start: string | null = null): Promise<T[]> {
  const nodes: T[] = [];
  let after: string | null = start;
  for (let pages = 0; pages < 100; pages += 1) {
    const page: Connection<T> = await fetch(after);
    nodes.push(...page.edges.map((edge) => edge.node));
    expect(page.pageInfo.hasPreviousPage).toBe(after !== null);
    expect(page.pageInfo.startCursor).toBe(page.edges[0]?.cursor ?? null);
    if (!page.pageInfo.hasNextPage) return nodes;
    after = page.pageInfo.endCursor;
  }
  throw new Error('more than 100 pages');
}

/**
 * Every node of a connection read backward with last/before, page by page from the end (`fetch`
 * gets one page before a cursor), in list order.
 */
export async function allPagesBackward<T>(fetch: (before: string | null) => Promise<Connection<T>>): Promise<T[]> {
  const pages: T[][] = [];
  let before: string | null = null;
  for (let count = 0; count < 100; count += 1) {
    const page: Connection<T> = await fetch(before);
    pages.unshift(page.edges.map((edge) => edge.node));
    expect(page.pageInfo.hasNextPage).toBe(before !== null);
    expect(page.pageInfo.endCursor).toBe(page.edges.at(-1)?.cursor ?? null);
    if (!page.pageInfo.hasPreviousPage) return pages.flat();
    before = page.pageInfo.startCursor;
  }
  throw new Error('more than 100 pages');
}

/** Forward and backward paging at several page sizes give the same list, in the same order. */
export async function expectSameBothWays<T>(fetch: (page: { first?: number; after?: string | null; last?: number; before?: string | null }) => Promise<Connection<T>>, idOf: (node: T) => unknown) {
  const forward = (await allPages((after) => fetch({ first: 100, after }))).map(idOf);
  for (const size of [1, 2, 3, 100]) {
    expect((await allPages((after) => fetch({ first: size, after }))).map(idOf)).toEqual(forward);
    expect((await allPagesBackward((before) => fetch({ last: size, before }))).map(idOf)).toEqual(forward);
  }
  return forward;
}
