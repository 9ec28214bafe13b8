import { describe, expect, it } from 'vitest';
import { setBounded } from './bounded-map.js';

describe('setBounded', () => {
  it('keeps at most the bound, dropping the oldest first, and makes a key set again the newest', () => {
    const map = new Map<string, number>();
    for (const [key, value] of [['a', 1], ['b', 2], ['c', 3]] as const) setBounded(map, key, value, 3);
    setBounded(map, 'a', 10, 3);
    expect([...map]).toEqual([['b', 2], ['c', 3], ['a', 10]]);
    setBounded(map, 'd', 4, 3);
    expect([...map]).toEqual([['c', 3], ['a', 10], ['d', 4]]);
  });
});
