import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ErrorsAreMissesCache, InMemoryLRUCache, type KeyValueCache, type KeyValueCacheSetOptions } from '@apollo/utils.keyvaluecache';
import { GraphQLError } from 'graphql';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { APQ_LIMITS } from './public-api.js';

/**
 * Automatic persisted queries (APQ) and the safelist (docs/api.md, "Persisted queries").
 * A client sends the SHA-256 of its query; the server answers from the query it cached under that
 * hash, or PERSISTED_QUERY_NOT_FOUND, and the client sends the query once with its hash.
 */
export { APQ_LIMITS };

/** Apollo's KeyValueCache over the app's ioredis client (keyv's Redis adapter would bring a second Redis client). */
class RedisKeyValueCache implements KeyValueCache<string> {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async get(key: string): Promise<string | undefined> {
    return (await this.redis.get(this.prefix + key)) ?? undefined;
  }

  async set(key: string, value: string, options?: KeyValueCacheSetOptions): Promise<void> {
    if (options?.ttl) await this.redis.set(this.prefix + key, value, 'EX', options.ttl);
    else await this.redis.set(this.prefix + key, value);
  }

  async delete(key: string): Promise<boolean> {
    return (await this.redis.del(this.prefix + key)) > 0;
  }
}

/**
 * The APQ cache: shared by every API process in Redis (each entry expires), else bounded in
 * memory. A Redis failure is a cache miss (the client then sends its query), never a failed request.
 * In safelist mode the safelist itself: its operations are known by hash without registration.
 */
export function persistedQueryCache(redis: Redis | null, safelist: Safelist | null): KeyValueCache<string> {
  if (safelist) return safelist;
  return redis ? new ErrorsAreMissesCache(new RedisKeyValueCache(redis, 'graphql-apq:')) : new InMemoryLRUCache<string>({ maxSize: APQ_LIMITS.memoryBytes });
}

export const queryHash = (query: string) => createHash('sha256').update(query).digest('hex');

/** The web app's operations (`npm run codegen` writes it from web/src): api/graphql-safelist.json, beside src and dist alike. */
export const WEB_SAFELIST_FILE = fileURLToPath(new URL('../../graphql-safelist.json', import.meta.url));

/** Apollo's persisted query manifest format (what @apollo/generate-persisted-query-manifest writes). */
const manifestSchema = z.object({
  format: z.literal('apollo-persisted-query-manifest'),
  version: z.literal(1),
  operations: z.array(z.object({ id: z.string(), name: z.string(), type: z.enum(['query', 'mutation', 'subscription']), body: z.string() })),
});
export type PersistedQueryManifest = z.infer<typeof manifestSchema>;

const NOT_IN_SAFELIST = 'This server runs only the operations in its safelist; ask its operator to add yours (docs/api.md, "Safelist")';

/**
 * The operations a server in safelist mode runs, by the SHA-256 of their exact text. It is also
 * Apollo's APQ cache then (read-only): a safelisted hash needs no registration.
 */
export class Safelist implements KeyValueCache<string> {
  private readonly bodies = new Map<string, string>();

  constructor(manifests: readonly PersistedQueryManifest[]) {
    for (const { operations } of manifests) for (const { body } of operations) this.bodies.set(queryHash(body), body);
  }

  /** Reads manifests; a file that is missing or not a manifest stops the start (a safelist that silently allows less is worse). */
  static load(files: readonly string[]): Safelist {
    return new Safelist(
      files.map((file) => {
        const parsed = manifestSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
        if (!parsed.success) throw new Error(`${file} is not a persisted query manifest (format apollo-persisted-query-manifest, version 1)`);
        return parsed.data;
      }),
    );
  }

  get size(): number {
    return this.bodies.size;
  }

  /** A socket operation's refusal, or null when its text is safelisted. */
  socketError(query: string): GraphQLError | null {
    // graphql-ws sends errors as they are: no HTTP status.
    return this.bodies.has(queryHash(query)) ? null : new GraphQLError(NOT_IN_SAFELIST, { extensions: { code: 'OPERATION_NOT_IN_SAFELIST' } });
  }

  has(hash: string): boolean {
    return this.bodies.has(hash);
  }

  /** As Apollo's APQ cache: its key is the hash behind Apollo's own prefix. */
  async get(key: string): Promise<string | undefined> {
    return this.bodies.get(key.slice(key.lastIndexOf(':') + 1));
  }

  async set(): Promise<void> {}

  async delete(): Promise<boolean> {
    return false;
  }
}

const refusal = (code: string, message: string) => ({ errors: [{ message, extensions: { code } }] });

/**
 * Before Apollo and before the session lookup, on the request's parameters (a POST's JSON body, a
 * GET's query string): a hash that does not match the query sent with it is refused as 400
 * BAD_REQUEST (Apollo's own error had no code and came out as an internal error), and with a
 * safelist a query or hash not in it as 400 OPERATION_NOT_IN_SAFELIST, never parsed. Null: go on.
 */
export function persistedQueryRefusal(safelist: Safelist | null, params: unknown): ReturnType<typeof refusal> | null {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return null;
  const { query, extensions } = params as { query?: unknown; extensions?: unknown };
  let hash: unknown;
  try {
    hash = ((typeof extensions === 'string' ? JSON.parse(extensions) : extensions) as { persistedQuery?: { sha256Hash?: unknown } } | undefined)?.persistedQuery?.sha256Hash;
  } catch {
    return null; // Apollo answers malformed extensions itself.
  }
  if (typeof hash === 'string' && typeof query === 'string' && queryHash(query) !== hash) {
    return refusal('BAD_REQUEST', 'The persisted query hash does not match the query (it must be the SHA-256 of the query text, in hex)');
  }
  if (safelist) {
    const named = typeof query === 'string' ? queryHash(query) : typeof hash === 'string' ? hash : null;
    if (named !== null && !safelist.has(named)) return refusal('OPERATION_NOT_IN_SAFELIST', NOT_IN_SAFELIST);
  }
  return null;
}
