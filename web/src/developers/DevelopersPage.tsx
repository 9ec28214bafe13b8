import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { API_ERROR_CODES, APQ_LIMITS, CONNECTION_PAGE, GRAPHQL_LIMITS } from '../../../api/src/graphql/public-api';
import { schemaReference, searchReference, type ReferenceType } from './schemaReference';
import './DevelopersPage.css';

const number = (n: number) => n.toLocaleString('en-US');

const QUERY_EXAMPLE = `curl -H "Authorization: Bearer $SONGFORGE_TOKEN" -H 'Content-Type: application/json' \\
  -d '{"query":"query { songsConnection(first: 10) { edges { node { id title artist } } pageInfo { hasNextPage endCursor } } }"}' \\
  ORIGIN/graphql`;

const PAGINATION_EXAMPLE = `query Library($after: String) {
  songsConnection(first: 50, after: $after) {
    totalCount
    edges { cursor node { id title artist duration } }
    pageInfo { hasNextPage endCursor }
  }
}`;

const SUBSCRIPTION_EXAMPLE = `import { createClient } from 'graphql-ws';

// In a browser signed in to Songforge: the session cookie goes with the upgrade request.
const client = createClient({ url: 'WS_ORIGIN/graphql' });
client.subscribe(
  { query: 'subscription { queueChanged { version currentSong { title } } }' },
  { next: (result) => console.log(result.data), error: console.error, complete: () => {} },
);`;

const APQ_EXAMPLE = `# 1. Send only the hash; an unknown one answers PERSISTED_QUERY_NOT_FOUND
# 2. Send the query with its hash once; later calls send the hash alone (GET works for queries)
HASH=$(printf '%s' '{ me { username } }' | sha256sum | cut -d' ' -f1)
curl -G ORIGIN/graphql -H "Authorization: Bearer $SONGFORGE_TOKEN" -H 'apollo-require-preflight: 1' \\
  --data-urlencode "extensions={\\"persistedQuery\\":{\\"version\\":1,\\"sha256Hash\\":\\"$HASH\\"}}"`;

function Example({ label, code }: { label: string; code: string }) {
  const origin = window.location.origin;
  return (
    <pre className="developers__code" aria-label={label}>
      <code>{code.replaceAll('WS_ORIGIN', origin.replace(/^http/, 'ws')).replaceAll('ORIGIN', origin)}</code>
    </pre>
  );
}

function TypeEntry({ type }: { type: ReferenceType }) {
  return (
    <article className="developers__type" aria-labelledby={`type-${type.name}`}>
      <h3 id={`type-${type.name}`}>
        {type.name} <span className="developers__kind">{type.kind}</span>
      </h3>
      {type.description && <p className="developers__description">{type.description}</p>}
      {type.fields.length > 0 && (
        <ul className="developers__fields">
          {type.fields.map((field) => (
            <li key={field.name}>
              <code>
                {field.name}
                {field.args.length > 0 && `(${field.args.map((arg) => `${arg.name}: ${arg.type}${arg.defaultValue !== null ? ` = ${arg.defaultValue}` : ''}`).join(', ')})`}
                {field.type && `: ${field.type}`}
              </code>
              {field.deprecationReason && <span className="developers__deprecated"> Deprecated: {field.deprecationReason}</span>}
              {field.description && <span className="developers__description"> {field.description}</span>}
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

/** /developers: the public GraphQL API for third-party clients (docs/api.md), open signed in or out. */
export function DevelopersPage() {
  const types = useMemo(() => schemaReference(), []);
  const [search, setSearch] = useState('');
  const shown = useMemo(() => searchReference(types, search), [types, search]);
  return (
    <div className="developers">
      <h1>Songforge API for developers</h1>
      <p>
        One GraphQL endpoint, <code>{window.location.origin}/graphql</code>: queries and mutations over HTTP (POST, or GET for queries), subscriptions over WebSocket with the{' '}
        <a href="https://github.com/enisdenjo/graphql-ws">graphql-ws</a> protocol on the same path. Music apps use the Subsonic API under <code>/rest</code> instead.
      </p>

      <section aria-labelledby="developers-auth">
        <h2 id="developers-auth">Authentication</h2>
        <ul>
          <li>
            <strong>The web app</strong> uses its session cookie, on HTTP and on the WebSocket upgrade.
          </li>
          <li>
            <strong>Scripts and third-party clients</strong> use a personal access token, created (shown once) and revoked in <Link to="/account">Account settings</Link>, sent as{' '}
            <code>Authorization: Bearer sfpat_…</code>. It acts as you; a revoked token is refused by the very next request. Tokens are not accepted on WebSocket, and a request made with a token
            cannot create more tokens.
          </li>
        </ul>
        <Example label="Query example" code={QUERY_EXAMPLE} />
      </section>

      <section aria-labelledby="developers-subscriptions">
        <h2 id="developers-subscriptions">Subscriptions</h2>
        <p>Live changes (the play queue, playlists, generation progress) are pushed over graphql-ws; a subscription sent over HTTP is refused.</p>
        <Example label="Subscription example" code={SUBSCRIPTION_EXAMPLE} />
      </section>

      <section aria-labelledby="developers-pagination">
        <h2 id="developers-pagination">Pagination</h2>
        <p>
          Lists that grow are Relay cursor connections (<code>songsConnection</code>, <code>playlistsConnection</code>, <code>Playlist.songsConnection</code>, <code>playHistory</code>,{' '}
          <code>generations</code>, <code>searchSongs</code>, <code>searchPlaylists</code>, <code>searchArtists</code>): ask for <code>first</code> items (1–{CONNECTION_PAGE.max}, default {CONNECTION_PAGE.default}) and pass{' '}
          <code>pageInfo.endCursor</code> as <code>after</code> for the next page until <code>hasNextPage</code> is false; or page backward with <code>last</code> and{' '}
          <code>before</code> (<code>pageInfo.startCursor</code>) until <code>hasPreviousPage</code> is false. Cursors are opaque and stable: items added or removed meanwhile never make a
          page repeat or skip one. A cursor from elsewhere is <code>BAD_USER_INPUT</code>. <code>totalCount</code> is counted only when you select it.
        </p>
        <Example label="Pagination example" code={PAGINATION_EXAMPLE} />
      </section>

      <section aria-labelledby="developers-limits">
        <h2 id="developers-limits">Limits</h2>
        <table className="developers__table">
          <thead>
            <tr>
              <th scope="col">Limit</th>
              <th scope="col">Value</th>
            </tr>
          </thead>
          <tbody>
            <tr><td>Request body</td><td>{number(GRAPHQL_LIMITS.maxBodyBytes / 1024)} KB</td></tr>
            <tr><td>Tokens in a document</td><td>{number(GRAPHQL_LIMITS.maxTokens)}</td></tr>
            <tr><td>Depth (fragments add no level)</td><td>{number(GRAPHQL_LIMITS.maxDepth)}</td></tr>
            <tr><td>Aliases per operation</td><td>{number(GRAPHQL_LIMITS.maxAliases)}</td></tr>
            <tr><td>Directives per operation</td><td>{number(GRAPHQL_LIMITS.maxDirectives)}</td></tr>
            <tr><td>Estimated cost per operation</td><td>{number(GRAPHQL_LIMITS.maxCost)}</td></tr>
            <tr><td>Expensive-field cost per user</td><td>{number(GRAPHQL_LIMITS.expensivePointsPerWindow)} per {GRAPHQL_LIMITS.expensiveWindowSeconds} s</td></tr>
            <tr><td>Items per connection page (first)</td><td>{number(CONNECTION_PAGE.max)}</td></tr>
          </tbody>
        </table>
        <p>
          Cost: an object field costs 1, a scalar 0; a field with <code>first</code> counts its selection <code>first</code> times, other lists as many times as they can hold. Waveforms and analyses
          cost extra and spend a per-user budget; over it the answer is HTTP 429 with <code>Retry-After</code>.
        </p>
      </section>

      <section aria-labelledby="developers-apq">
        <h2 id="developers-apq">Persisted queries</h2>
        <p>
          Automatic persisted queries (Apollo's protocol) are on: send the SHA-256 of your query as <code>extensions.persistedQuery.sha256Hash</code>; the server keeps registered queries for{' '}
          {APQ_LIMITS.ttlSeconds / 3600} hours. A server in safelist mode runs only the operations in its manifests: send your operations in Apollo's persisted query manifest format to its operator.
        </p>
        <Example label="Persisted query example" code={APQ_EXAMPLE} />
      </section>

      <section aria-labelledby="developers-errors">
        <h2 id="developers-errors">Error codes</h2>
        <p>Every error carries a stable <code>extensions.code</code>:</p>
        <table className="developers__table">
          <thead>
            <tr>
              <th scope="col">Code</th>
              <th scope="col">HTTP</th>
              <th scope="col">Meaning</th>
            </tr>
          </thead>
          <tbody>
            {API_ERROR_CODES.map(({ code, http, meaning }) => (
              <tr key={code}>
                <td><code>{code}</code></td>
                <td>{http}</td>
                <td>{meaning}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>The schema only grows: a replaced field is marked deprecated (with its successor) and keeps working for at least a release.</p>
      </section>

      <section aria-labelledby="developers-reference">
        <h2 id="developers-reference">Schema reference</h2>
        <label className="developers__search">
          Search types and fields
          <input type="search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder="e.g. Song, playlist, cursor" />
        </label>
        <p role="status">{shown.length === types.length ? `${types.length} types` : `${shown.length} of ${types.length} types`}</p>
        {shown.map((type) => (
          <TypeEntry key={type.name} type={type} />
        ))}
      </section>
    </div>
  );
}
