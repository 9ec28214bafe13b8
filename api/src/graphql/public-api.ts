/**
 * What third-party clients rely on (docs/api.md): the limits, page sizes and error codes. No
 * imports, so the web app's /developers page shows these very values.
 */

/** What one GraphQL request may ask for (docs/api.md, "Limits"). */
export const GRAPHQL_LIMITS = {
  /** Request body (query, variables and all): lyrics of 10,000 characters fit several times over. */
  maxBodyBytes: 100 * 1024,
  /** Lexical tokens in the document, checked while parsing (graphql-js aborts the parse). */
  maxTokens: 2000,
  /** Nested selections (fragments do not add a level). */
  maxDepth: 8,
  /** Aliased fields in one operation. */
  maxAliases: 15,
  /** Directives in one operation. */
  maxDirectives: 10,
  /** Estimated cost of one operation (see operationCost). */
  maxCost: 10_000,
  /** Cost of expensive fields (EXPENSIVE_FIELD_COSTS) one user may request per window. */
  expensivePointsPerWindow: 250_000,
  expensiveWindowSeconds: 60,
} as const;

/** Cursor connections' `first` (docs/api.md, "Pagination"). */
export const CONNECTION_PAGE = { default: 20, max: 100 } as const;

/** Automatic persisted queries (docs/api.md, "Persisted queries"). */
export const APQ_LIMITS = {
  /** How long a registered query stays (seconds, renewed by each registration). */
  ttlSeconds: 24 * 60 * 60,
  /** Without Redis: the in-process cache's size (least recently used first out). */
  memoryBytes: 8 * 1024 * 1024,
} as const;

/** Every `extensions.code` the GraphQL API answers with, its HTTP status and meaning (docs/api.md, "Error codes"). */
export const API_ERROR_CODES: ReadonlyArray<{ code: string; http: string; meaning: string }> = [
  { code: 'BAD_USER_INPUT', http: '400 before execution, else 200', meaning: 'Input refused (the text rule, a bad cursor, or a service\'s validation); the message says which.' },
  { code: 'BAD_REQUEST', http: '400', meaning: 'Not a GraphQL request this endpoint serves (e.g. a subscription over HTTP, a persisted query hash that does not match its query).' },
  { code: 'GRAPHQL_PARSE_FAILED', http: '400', meaning: 'Syntax error, or over the token limit.' },
  { code: 'GRAPHQL_VALIDATION_FAILED', http: '400', meaning: 'Not valid against the schema.' },
  { code: 'OPERATION_RESOLUTION_FAILURE', http: '400', meaning: 'The operationName names no operation of the document.' },
  { code: 'QUERY_TOO_COMPLEX', http: '400', meaning: 'Over the depth, alias, directive or cost limit.' },
  { code: 'PERSISTED_QUERY_NOT_FOUND', http: '200', meaning: 'The server does not know this hash (yet): send the query with its hash once.' },
  { code: 'OPERATION_NOT_IN_SAFELIST', http: '400', meaning: 'Safelist mode: the operation (or hash) is not in the server\'s safelist.' },
  { code: 'TOO_MANY_REQUESTS', http: '429 (HTTP operations), 200 in a result', meaning: 'Expensive-field budget spent, a generation quota, or login throttling.' },
  { code: 'UNAUTHENTICATED', http: '200', meaning: 'No session or valid token where a user is needed.' },
  { code: 'FORBIDDEN', http: '200', meaning: 'Signed in, not allowed (a role, a plan, or a token asking for credentials).' },
  { code: 'NOT_FOUND', http: '200', meaning: 'No such object, or not yours (its existence is not revealed).' },
  { code: 'CONFLICT', http: '200', meaning: 'The change clashes with the current state (e.g. a user name taken).' },
  { code: 'INTERNAL_SERVER_ERROR', http: '500', meaning: 'A defect: the message is masked and the error logged.' },
];
