import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditServer, type AuditResult } from 'graphql-http';
import { DATABASE_TARGETS, TEST_REDIS_URL, redisAvailable } from '../test-support/services-available.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';

/** Audit checks whose probe is an introspection query (`__type`), which the default configuration refuses. */
const INTROSPECTION_PROBES = ['28B9', 'BF61'];

const describeResults = (results: AuditResult[], status: string) => results.filter((r) => r.status === status).map((r) => `${r.id} ${r.name}${'reason' in r ? `: ${r.reason}` : ''}`);

/** graphql-http's audit of the GraphQL over HTTP specification against the running /graphql endpoint. */
describe.each(DATABASE_TARGETS)('GraphQL over HTTP audit on %s PostgreSQL', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ target, redisUrl: target === 'postgres' && redisAvailable ? TEST_REDIS_URL : null, config: { graphqlIntrospection: true } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('has no error results (warnings are listed)', async () => {
    const results = await auditServer({ url: `${t.baseUrl}/graphql` });
    const warnings = describeResults(results, 'warn');
    const counts = [...new Set(results.map((r) => r.status))].map((status) => `${results.filter((r) => r.status === status).length} ${status}`);
    console.log(`graphql-http audit: ${results.length} checks (${counts.join(', ')})\n${warnings.join('\n')}`);
    expect(describeResults(results, 'error')).toEqual([]);
  });
});

describe('GraphQL over HTTP audit with introspection off (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ target: 'embedded' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('fails only the checks whose probe is an introspection query', async () => {
    const results = await auditServer({ url: `${t.baseUrl}/graphql` });
    expect(results.filter((r) => r.status === 'error').map((r) => r.id).sort()).toEqual(INTROSPECTION_PROBES);
  });
});
