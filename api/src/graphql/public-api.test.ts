import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { API_ERROR_CODES } from './public-api.js';

const srcDir = path.resolve(import.meta.dirname, '..');
const apiDoc = readFileSync(path.resolve(srcDir, '../../docs/api.md'), 'utf8');

/** Error codes the API's own code gives errors (`code: 'X'`, `AppError('X'`), tests left out. */
function codesInSource(): Set<string> {
  const codes = new Set<string>();
  for (const file of readdirSync(srcDir, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts') || file.includes('test-support') || file.startsWith('subsonic')) continue;
    const text = readFileSync(path.join(srcDir, file), 'utf8');
    for (const match of text.matchAll(/(?:\bcode: |AppError\()'([A-Z][A-Z_]+)'/g)) codes.add(match[1]!);
  }
  return codes;
}

describe('the stable error codes', () => {
  it('lists every code the API gives an error, and Apollo answers with (parse, validation, operation name, persisted queries)', () => {
    const listed = new Set(API_ERROR_CODES.map(({ code }) => code));
    expect([...codesInSource()].filter((code) => !listed.has(code))).toEqual([]);
    for (const apolloCode of ['GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'OPERATION_RESOLUTION_FAILURE', 'PERSISTED_QUERY_NOT_FOUND', 'BAD_REQUEST']) expect(listed).toContain(apolloCode);
  });

  it('are each in docs/api.md\'s table', () => {
    expect(API_ERROR_CODES.filter(({ code }) => !apiDoc.includes(`| \`${code}\` |`)).map(({ code }) => code)).toEqual([]);
  });
});
