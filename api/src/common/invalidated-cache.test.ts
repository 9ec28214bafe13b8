import { describe, expect, it } from 'vitest';
import { InvalidatedCache } from './invalidated-cache.js';

describe('InvalidatedCache', () => {
  it('keeps nothing until enabled, and drops everything when disabled', () => {
    const cache = new InvalidatedCache<string, number>(1_000, 10);
    cache.set('a', 1, cache.invalidationCount, 0);
    expect(cache.get('a', 0)).toBeUndefined();
    cache.enable();
    cache.set('a', 1, cache.invalidationCount, 0);
    expect(cache.get('a', 0)).toBe(1);
    cache.disable();
    expect(cache.get('a', 0)).toBeUndefined();
  });

  it('answers until the time to live has passed', () => {
    const cache = new InvalidatedCache<string, number>(1_000, 10);
    cache.enable();
    cache.set('a', 1, cache.invalidationCount, 5_000);
    expect(cache.get('a', 5_999)).toBe(1);
    expect(cache.get('a', 6_000)).toBeUndefined();
  });

  it('refuses a value read before an invalidation, whichever key it dropped', () => {
    const cache = new InvalidatedCache<string, number>(1_000, 10);
    cache.enable();
    const before = cache.invalidationCount;
    cache.delete(['other']);
    expect(cache.accepts(before)).toBe(false);
    cache.set('a', 1, before, 0);
    expect(cache.get('a', 0)).toBeUndefined();
  });

  it('drops entries by key and by value', () => {
    const cache = new InvalidatedCache<string, number>(1_000, 10);
    cache.enable();
    for (const [key, value] of [['a', 1], ['b', 2], ['c', 3]] as const) cache.set(key, value, cache.invalidationCount, 0);
    cache.delete(['a']);
    cache.deleteWhere((value) => value === 3);
    expect([cache.get('a', 0), cache.get('b', 0), cache.get('c', 0)]).toEqual([undefined, 2, undefined]);
  });

  it('lets the oldest entry go past the bound, counting a refreshed entry as new', () => {
    const cache = new InvalidatedCache<string, number>(1_000, 2);
    cache.enable();
    cache.set('a', 1, cache.invalidationCount, 0);
    cache.set('b', 2, cache.invalidationCount, 0);
    cache.set('a', 10, cache.invalidationCount, 0);
    cache.set('c', 3, cache.invalidationCount, 0);
    expect([cache.get('a', 0), cache.get('b', 0), cache.get('c', 0)]).toEqual([10, undefined, 3]);
  });
});
