import type { ApolloServerPlugin } from '@apollo/server';
import { HeaderMap } from '@apollo/server';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import { GraphQLError, getNamedType, isLeafType, parse, specifiedRules, validate, type DocumentNode, type ExecutionArgs, type GraphQLField, type GraphQLSchema, type ValidationContext, type ValidationRule } from 'graphql';
import type { SubscribePayload } from 'graphql-ws';
import { getComplexity, type ComplexityEstimator } from 'graphql-query-complexity';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { CATALOGUE_PAGE_MAX } from '../songs/catalogue.service.js';
import { MAX_UPCOMING } from '../library/queue.service.js';
import { QUEUE_HISTORY_LIMIT } from '../library/queue-store.js';
import { PLAYLIST_SONGS_MAX } from '../playlists/playlist.service.js';
import { SEARCH_LIMIT_MAX } from '../search/search.service.js';
import { HOME_ROW_SIZE } from '../home/home.service.js';
import { ARTIST_SONGS_MAX, ARTISTS_LIST_MAX } from '../artists/artist.service.js';
import { PROFILE_SONGS } from '../profile/profile.service.js';
import type { GraphQLContext } from './context.js';
import { unsafeTextError } from './request-guards.js';
import { variablesKey } from './variables-key.js';
import { CONNECTION_PAGE, GRAPHQL_LIMITS } from './public-api.js';
import { setBounded } from '../common/bounded-map.js';

export { GRAPHQL_LIMITS };

/**
 * Fields that cost more than their object: the song analysis and moderation outcome are database reads of their own, and
 * its waveform and energy curve are arrays of hundreds of numbers. Priced per item returned.
 */
const EXPENSIVE_FIELD_COSTS: Readonly<Record<string, number>> = {
  'Song.analysis': 5,
  'Song.moderationOutcome': 5,
  'SongAnalysis.waveformPeaks': 20,
  'SongAnalysis.energyCurve': 10,
};

/**
 * Lists without a `first` argument: how many items they can hold at most (their selection is
 * counted that many times). Lists inside a page (SongPage.songs, GenerationConnection.nodes) are
 * counted by the `first` (or `last`) of the field that returns the page.
 */
const LIST_SIZES: Readonly<Record<string, number>> = {
  'Queue.upcomingQueue': MAX_UPCOMING,
  'Queue.playHistory': QUEUE_HISTORY_LIMIT,
  'Query.likedSongs': CATALOGUE_PAGE_MAX,
  'GenerationStatus.active': 50,
  'GenerationStatus.completed': 50,
  // A user's playlists are not capped: counted like liked songs, so one request cannot take every playlist's songs.
  'Query.playlists': CATALOGUE_PAGE_MAX,
  // A playlist holds up to PLAYLIST_SONGS_MAX; counted at 80% of it so its page (2 per entry, song included) fits maxCost.
  'Playlist.songs': (PLAYLIST_SONGS_MAX * 4) / 5,
  // Search's groups hold at most its largest limit each (its argument is `limit`, not `first`).
  'SearchResults.songs': SEARCH_LIMIT_MAX,
  'SearchResults.playlists': SEARCH_LIMIT_MAX,
  'SearchResults.artists': SEARCH_LIMIT_MAX,
  'Home.recentlyPlayed': HOME_ROW_SIZE,
  'Home.latestCreations': HOME_ROW_SIZE,
  'Home.recentlyLiked': HOME_ROW_SIZE,
  'Home.madeForYou': HOME_ROW_SIZE,
  // The deprecated lists that connections replaced: at most their cap, or (uncapped) counted like liked songs.
  'Query.aiArtists': ARTISTS_LIST_MAX,
  'AiArtist.songs': ARTIST_SONGS_MAX,
  'Profile.songs': PROFILE_SONGS,
  'Profile.playlists': CATALOGUE_PAGE_MAX,
  'Query.managedSongs': CATALOGUE_PAGE_MAX,
};

/**
 * A page field's `first` or `last` (its default when omitted; a connection's, which takes `last`,
 * is CONNECTION_PAGE.default): its selection is counted that many times.
 */
function pageSize(field: GraphQLField<unknown, unknown>, args: Record<string, unknown>): number | null {
  const size = args.first ?? args.last;
  if (typeof size === 'number' && Number.isFinite(size)) return Math.max(0, size);
  return field.args.some((arg) => arg.name === 'last') ? CONNECTION_PAGE.default : null;
}

/**
 * Cost of a field: 0 for a scalar, 1 for an object, plus the expensive-field price; a list's
 * items multiply their selection. With `expensiveOnly`, only the expensive-field prices count
 * (what the per-user rate limit consumes).
 */
function costEstimator(expensiveOnly: boolean): ComplexityEstimator {
  return ({ type, field, args, childComplexity }) => {
    const key = `${type.name}.${field.name}`;
    const own = (expensiveOnly || isLeafType(getNamedType(field.type)) ? 0 : 1) + (EXPENSIVE_FIELD_COSTS[key] ?? 0);
    const items = pageSize(field, args) ?? LIST_SIZES[key] ?? 1;
    return items * (own + childComplexity);
  };
}

/** Estimated cost of the operation; null when its variables do not fit (execution reports that). */
export function operationCost(schema: GraphQLSchema, document: DocumentNode, variables: Record<string, unknown> | undefined, operationName: string | null | undefined, expensiveOnly = false): number | null {
  try {
    return getComplexity({ schema, query: document, variables, operationName: operationName ?? undefined, estimators: [costEstimator(expensiveOnly)] });
  } catch (error) {
    if (error instanceof GraphQLError) return null;
    throw error;
  }
}

interface EstimatedCost {
  /** operationCost, or null when the variables do not fit. */
  cost: number | null;
  /** What the operation spends of the expensive-field budget (0 when it is refused or costs nothing). */
  expensive: number;
}

/** Variables longer than this as JSON are estimated every time rather than kept (a list of thousands of song ids). */
const COSTED_VARIABLES_MAX_CHARS = 2_000;
/** Estimates kept per document (distinct operation names and variables); the oldest go first. */
const COSTS_PER_DOCUMENT_MAX = 64;

/**
 * Cost estimates by document and variables: estimating walks the whole document with the schema's
 * types, on every request, although Apollo (and the socket path) hand over the same document object
 * for the same text. Kept per document object, so a document dropped from those caches takes its
 * estimates with it.
 */
class OperationCosts {
  private readonly byDocument = new WeakMap<DocumentNode, { schema: GraphQLSchema; costs: Map<string, EstimatedCost> }>();

  of(schema: GraphQLSchema, document: DocumentNode, variables: Record<string, unknown> | undefined, operationName: string | null | undefined): EstimatedCost {
    const variablesJson = variablesKey(variables, COSTED_VARIABLES_MAX_CHARS);
    if (variablesJson === null) return estimate(schema, document, variables, operationName);
    let kept = this.byDocument.get(document);
    if (kept?.schema !== schema) this.byDocument.set(document, (kept = { schema, costs: new Map() }));
    const key = `${operationName ?? ''}\n${variablesJson}`;
    let found = kept.costs.get(key);
    if (!found) {
      found = estimate(schema, document, variables, operationName);
      setBounded(kept.costs, key, found, COSTS_PER_DOCUMENT_MAX);
    }
    return found;
  }
}

function estimate(schema: GraphQLSchema, document: DocumentNode, variables: Record<string, unknown> | undefined, operationName: string | null | undefined): EstimatedCost {
  const cost = operationCost(schema, document, variables, operationName);
  const refused = cost === null || cost > GRAPHQL_LIMITS.maxCost;
  return { cost, expensive: refused ? 0 : (operationCost(schema, document, variables, operationName, true) ?? 0) };
}

/** Options for graphql-js's parser: it stops counting, and parsing, past the token limit. */
const PARSE_OPTIONS = { maxTokens: GRAPHQL_LIMITS.maxTokens } as const;

const LIMIT_ERROR_CODE = 'QUERY_TOO_COMPLEX';

/** graphql-armor: depth, alias and directive limits as validation rules, and no field suggestions. */
const armor = (() => {
  // Reported to the validation context (a 400 response) rather than thrown (which Apollo turns into
  // a 500); the error keeps its code through Apollo's validation error (graphql/errors.ts).
  const reject = (ctx: ValidationContext | null, error: GraphQLError) => ctx?.reportError(new GraphQLError(error.message, { extensions: { code: LIMIT_ERROR_CODE } }));
  const report = { propagateOnRejection: false, onReject: [reject] };
  return new ApolloArmor({
    maxDepth: { n: GRAPHQL_LIMITS.maxDepth, flattenFragments: true, ...report },
    maxAliases: { n: GRAPHQL_LIMITS.maxAliases, ...report },
    maxDirectives: { n: GRAPHQL_LIMITS.maxDirectives, ...report },
    // Tokens are limited by graphql-js's own parse option (PARSE_OPTIONS); cost by operationCost,
    // which multiplies lists by their size (armor's cost limit has no list multipliers).
    maxTokens: { enabled: false },
    costLimit: { enabled: false },
    blockFieldSuggestion: { enabled: true },
  }).protect();
})();

/** Validation rules for any transport (HTTP and graphql-ws). */
const LIMIT_VALIDATION_RULES: ValidationRule[] = armor.validationRules;

const tooComplex = (cost: number) =>
  new GraphQLError(`Query is too complex: its estimated cost is ${cost}, the limit is ${GRAPHQL_LIMITS.maxCost}`, {
    extensions: { code: LIMIT_ERROR_CODE, http: { status: 400 } },
  });

/** Per user (or per IP when signed out): the expensive fields' cost in a sliding window. */
export class ExpensiveFieldLimiter {
  private readonly limiter: RateLimiterAbstract;

  constructor(redis: Redis | null) {
    const options = { points: GRAPHQL_LIMITS.expensivePointsPerWindow, duration: GRAPHQL_LIMITS.expensiveWindowSeconds, keyPrefix: 'graphql-expensive' };
    this.limiter = redis ? new RateLimiterRedis({ ...options, storeClient: redis }) : new RateLimiterMemory(options);
  }

  /** Consumes `points`; resolves with the seconds to wait when the budget is spent, else 0. */
  async consume(key: string, points: number): Promise<number> {
    try {
      await this.limiter.consume(key, points);
      return 0;
    } catch (rejection) {
      // Over the budget: the rejection is the expected outcome, anything else is a real error.
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
    }
  }
}

const tooManyExpensive = (retryAfter: number) =>
  new GraphQLError(`Too many expensive requests; try again in ${retryAfter} seconds`, {
    extensions: { code: 'TOO_MANY_REQUESTS', http: { status: 429, headers: new HeaderMap([['retry-after', String(retryAfter)]]) } },
  });

/** Whose budget an operation spends: the signed-in user's, else the client address's. */
export const askerKey = (userId: number | string | null | undefined, ip: string | null | undefined) => (userId != null ? `user:${userId}` : `ip:${ip ?? 'unknown'}`);

/** graphql-ws sends an error as it is: the HTTP status meant for Apollo has no meaning there. */
function withoutHttpStatus(error: GraphQLError): GraphQLError {
  const { http: _http, ...extensions } = error.extensions;
  return new GraphQLError(error.message, { nodes: error.nodes, extensions });
}

/** Distinct socket documents kept parsed and validated, and the longest text kept (the web app's are a few KB). */
const CHECKED_DOCUMENTS_MAX = 500;
const CHECKED_DOCUMENT_MAX_CHARS = 20_000;

/**
 * The limits of one API process, for HTTP (Apollo) and graphql-ws alike; both transports spend
 * the same expensive-field budget.
 */
export class GraphQLLimits {
  private readonly budget: ExpensiveFieldLimiter;
  private readonly costs = new OperationCosts();
  private readonly checkedDocuments = new Map<string, { schema: GraphQLSchema; result: DocumentNode | GraphQLError[] }>();

  constructor(redis: Redis | null) {
    this.budget = new ExpensiveFieldLimiter(redis);
  }

  /**
   * An operation over the cost limit (400, QUERY_TOO_COMPLEX) or whose expensive fields exceed
   * the asker's budget (429, TOO_MANY_REQUESTS); null when it may run. `asker` is called only
   * for operations with expensive fields.
   */
  async costError(schema: GraphQLSchema, document: DocumentNode, variables: Record<string, unknown> | null | undefined, operationName: string | null | undefined, asker: () => Promise<string>): Promise<GraphQLError | null> {
    const { cost, expensive } = this.costs.of(schema, document, variables ?? undefined, operationName);
    if (cost === null) return null;
    if (cost > GRAPHQL_LIMITS.maxCost) return tooComplex(cost);
    if (expensive === 0) return null;
    const retryAfter = await this.budget.consume(await asker(), expensive);
    return retryAfter > 0 ? tooManyExpensive(retryAfter) : null;
  }

  /** Apollo's options: the parse limit, the validation rules and the cost check before execution. */
  apolloOptions() {
    const costLimit: ApolloServerPlugin<GraphQLContext> = {
      requestDidStart: async () => ({
        didResolveOperation: async ({ schema, document, request, operationName, contextValue }) => {
          const error = await this.costError(schema, document, request.variables, operationName, async () => askerKey(contextValue.user?.id, contextValue.http?.ip));
          if (error) throw error;
        },
      }),
    };
    return {
      parseOptions: PARSE_OPTIONS,
      validationRules: LIMIT_VALIDATION_RULES,
      plugins: [...armor.plugins, costLimit] as ApolloServerPlugin<GraphQLContext>[],
    };
  }

  /**
   * graphql-ws runs operations without Apollo (its onSubscribe): the same parse limit, validation
   * rules, cost limit, budget and text rule, before anything executes. A subscription spends its
   * estimate once, when it starts; the pushes that follow are the server's work.
   */
  async prepareSocketOperation(schema: GraphQLSchema, payload: SubscribePayload, asker: () => Promise<string>): Promise<ExecutionArgs | GraphQLError[]> {
    const checked = this.checkedDocument(schema, payload.query);
    if (Array.isArray(checked)) return checked;
    const document = checked;
    const refusal = unsafeTextError(document, [payload.variables, payload.operationName]) ?? (await this.costError(schema, document, payload.variables, payload.operationName, asker));
    if (refusal) return [withoutHttpStatus(refusal)];
    return { schema, document, variableValues: payload.variables, operationName: payload.operationName };
  }

  /**
   * The document parsed and validated, or its errors, once per distinct text: thousands of sockets
   * subscribe with the same few documents. Variables are checked per operation (above).
   */
  private checkedDocument(schema: GraphQLSchema, query: string): DocumentNode | GraphQLError[] {
    const cached = this.checkedDocuments.get(query);
    if (cached && cached.schema === schema) return cached.result;
    let result: DocumentNode | GraphQLError[];
    try {
      const document = parse(query, PARSE_OPTIONS);
      const invalid = validate(schema, document, [...specifiedRules, ...LIMIT_VALIDATION_RULES]);
      result = invalid.length ? [...invalid] : document;
    } catch (error) {
      if (!(error instanceof GraphQLError)) throw error;
      result = [error];
    }
    if (query.length <= CHECKED_DOCUMENT_MAX_CHARS) {
      setBounded(this.checkedDocuments, query, { schema, result }, CHECKED_DOCUMENTS_MAX);
    }
    return result;
  }
}
