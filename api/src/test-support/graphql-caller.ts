import supertest from 'supertest';
import { expect } from 'vitest';

export interface GraphQLBody {
  data?: Record<string, any>;
  errors?: Array<{ message: string; extensions: { code: string } }>;
}

/**
 * GraphQL over HTTP to a test app as a browser sends it: `gql` answers the body, `ok` the data
 * (failing the test on any error), `codeOf` the first error's code (null when none). A null cookie
 * calls signed out. `baseUrl` is read on each call (suites start their app in beforeAll).
 */
export function graphqlCaller(baseUrl: () => string) {
  const gql = async (cookie: string | null, query: string, variables: Record<string, unknown> = {}): Promise<GraphQLBody> => {
    const request = supertest(baseUrl()).post('/graphql');
    if (cookie) request.set('cookie', cookie);
    return (await request.send({ query, variables })).body as GraphQLBody;
  };
  const ok = async (cookie: string, query: string, variables: Record<string, unknown> = {}): Promise<Record<string, any>> => {
    const body = await gql(cookie, query, variables);
    expect(body.errors).toBeUndefined();
    return body.data!;
  };
  const codeOf = async (cookie: string | null, query: string, variables: Record<string, unknown> = {}): Promise<string | null> =>
    (await gql(cookie, query, variables)).errors?.[0]?.extensions.code ?? null;
  return { gql, ok, codeOf };
}
