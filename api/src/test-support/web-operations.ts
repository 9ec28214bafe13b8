import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';
import { Kind, OperationTypeNode, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import { queryHash, type PersistedQueryManifest } from '../graphql/persisted-queries.js';

/** The web app's typed documents (codegen's output), fragments only inside the operations that spread them. */
async function webOperationDocuments(): Promise<DocumentNode[]> {
  // Imported by URL: the web workspace's sources are not part of the api's TypeScript project.
  const generated: Record<string, unknown> = await import(new URL('../../../web/src/gql/graphql.ts', import.meta.url).href);
  return Object.values(generated).filter(
    (value): value is DocumentNode => typeof value === 'object' && value !== null && (value as DocumentNode).kind === Kind.DOCUMENT && (value as DocumentNode).definitions.some((d) => d.kind === Kind.OPERATION_DEFINITION),
  );
}

const operationOf = (document: DocumentNode) => document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;

/**
 * Sends a document through Apollo Client as the web app does (its cache adds `__typename`, its link
 * prints the document) to a client built by `client`; resolves when the request was made.
 */
export async function sendAsWebApp(client: ApolloClient, document: DocumentNode, variables: Record<string, unknown> = {}): Promise<unknown> {
  const { operation } = operationOf(document);
  if (operation === OperationTypeNode.QUERY) return client.query({ query: document, variables, fetchPolicy: 'network-only', errorPolicy: 'all' }).catch((error: unknown) => error);
  if (operation === OperationTypeNode.MUTATION) return client.mutate({ mutation: document, variables, errorPolicy: 'all' }).catch((error: unknown) => error);
  return new Promise((resolve) => {
    const subscription = client.subscribe({ query: document, variables }).subscribe({
      next: (value) => {
        subscription.unsubscribe();
        resolve(value);
      },
      error: resolve,
      complete: () => resolve(null),
    });
  });
}

/** The one query the web app sends without Apollo Client: the session probe, before the app loads. */
async function sessionProbeQuery(): Promise<string> {
  const probe = (await import(new URL('../../../web/src/auth/sessionProbe.ts', import.meta.url).href)) as { SESSION_PROBE_QUERY: string };
  return probe.SESSION_PROBE_QUERY;
}

/**
 * The web app's operations as a persisted query manifest: each one exactly as Apollo Client sends it
 * (read off the request its HTTP link makes), so the safelist's hashes match the app's requests,
 * and the session probe as its fetch sends it.
 */
export async function webOperationManifest(): Promise<PersistedQueryManifest> {
  const operations: PersistedQueryManifest['operations'] = [];
  for (const document of await webOperationDocuments()) {
    let body: string | null = null;
    const client = new ApolloClient({
      cache: new InMemoryCache(),
      link: new HttpLink({
        uri: 'http://songforge.invalid/graphql',
        fetch: async (_url, init) => {
          body = (JSON.parse(String(init?.body)) as { query: string }).query;
          throw new Error('captured');
        },
      }),
    });
    await sendAsWebApp(client, document);
    client.stop();
    if (body === null) throw new Error(`Apollo Client sent no request for ${operationOf(document).name?.value}`);
    const operation = operationOf(document);
    operations.push({ id: queryHash(body), name: operation.name?.value ?? '', type: operation.operation, body });
  }
  const probe = await sessionProbeQuery();
  operations.push({ id: queryHash(probe), name: 'SessionProbe', type: 'query', body: probe });
  operations.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  return { format: 'apollo-persisted-query-manifest', version: 1, operations };
}
