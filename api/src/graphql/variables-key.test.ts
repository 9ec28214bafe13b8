import { describe, expect, it } from 'vitest';
import { variablesKey } from './variables-key.js';

describe('variablesKey', () => {
  it('is the variables as JSON, empty without variables', () => {
    expect(variablesKey({ first: 10, genre: 'pop' }, 100)).toBe('{"first":10,"genre":"pop"}');
    expect(variablesKey(undefined, 100)).toBe('');
    expect(variablesKey(null, 100)).toBe('');
  });

  it('is null for variables longer than the bound, or nested deeper than JSON.stringify can write', () => {
    expect(variablesKey({ ids: ['a'.repeat(50), 'b'.repeat(50)] }, 100)).toBeNull();
    // What the JSON body parser accepts: a body of nested arrays is within its size limit.
    const deep = JSON.parse(`${'['.repeat(200_000)}${']'.repeat(200_000)}`) as unknown;
    expect(variablesKey({ v: deep }, 100)).toBeNull();
  });
});
