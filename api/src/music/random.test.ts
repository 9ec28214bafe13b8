import { describe, expect, it } from 'vitest';
import { hashSeed, Random } from './random.js';

describe('Random', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    const a = new Random(42);
    const b = new Random(42);
    const c = new Random(43);
    const seqA = Array.from({ length: 8 }, () => a.next());
    expect(Array.from({ length: 8 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 8 }, () => c.next())).not.toEqual(seqA);
  });

  it('stays in range and is roughly uniform', () => {
    const rng = new Random(7);
    const buckets = new Array(10).fill(0);
    let min = 1;
    let max = 0;
    for (let i = 0; i < 20000; i++) {
      const x = rng.next();
      min = Math.min(min, x);
      max = Math.max(max, x);
      buckets[Math.floor(x * 10)]++;
    }
    expect(min).toBeGreaterThanOrEqual(0);
    expect(max).toBeLessThan(1);
    for (const count of buckets) expect(Math.abs(count - 2000)).toBeLessThan(200);
  });

  it('int covers both ends inclusively', () => {
    const rng = new Random(1);
    const seen = new Set<number>();
    for (let i = 0; i < 500; i++) seen.add(rng.int(3, 6));
    expect([...seen].sort()).toEqual([3, 4, 5, 6]);
  });

  it('weighted respects weights and skips zero weights', () => {
    const rng = new Random(5);
    let heavy = 0;
    for (let i = 0; i < 2000; i++) {
      const v = rng.weighted([
        ['never', 0],
        ['light', 1],
        ['heavy', 3],
      ]);
      expect(v).not.toBe('never');
      if (v === 'heavy') heavy++;
    }
    expect(heavy / 2000).toBeGreaterThan(0.7);
    expect(heavy / 2000).toBeLessThan(0.8);
  });

  it('shuffle returns a permutation without mutating the input', () => {
    const input = [1, 2, 3, 4, 5, 6];
    const out = new Random(9).shuffle(input);
    expect(input).toEqual([1, 2, 3, 4, 5, 6]);
    expect([...out].sort()).toEqual(input);
  });

  it('fork depends on seed and label only, not on draws', () => {
    const a = new Random(11);
    const b = new Random(11);
    b.next();
    b.next();
    expect(a.fork('melody').next()).toBe(b.fork('melody').next());
    expect(a.fork('melody').next()).not.toBe(a.fork('drums').next());
  });

  it('pick and weighted reject empty input', () => {
    expect(() => new Random(1).pick([])).toThrow(RangeError);
    expect(() => new Random(1).weighted([])).toThrow(RangeError);
  });
});

describe('hashSeed', () => {
  it('is stable and 32-bit unsigned', () => {
    expect(hashSeed('lofi chill')).toBe(hashSeed('lofi chill'));
    expect(hashSeed('lofi chill')).not.toBe(hashSeed('lofi chil'));
    const h = hashSeed('');
    expect(Number.isInteger(h) && h >= 0 && h < 2 ** 32).toBe(true);
  });
});
