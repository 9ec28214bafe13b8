/**
 * Seeded pseudo-random numbers for the music engine. Every random choice in the pipeline goes
 * through a Random so the same request + seed gives byte-identical output.
 *
 * Generator: sfc32 (Chris Doty-Humphrey's Small Fast Chaotic PRNG), 128-bit state, passes
 * PractRand; seeded from a 32-bit seed through splitmix32 so nearby seeds give unrelated streams.
 */

/** Stable 32-bit FNV-1a hash of a string (UTF-16 code units), finalised with a murmur3 mix. */
export function hashSeed(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

function splitmix32(state: number): () => number {
  let s = state >>> 0;
  return () => {
    s = (s + 0x9e3779b9) | 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  /** The seed this stream was created from (forks derive theirs from it). */
  readonly seed: number;

  constructor(seed: number) {
    if (!Number.isFinite(seed)) throw new RangeError(`Random seed must be a finite number, got ${seed}`);
    this.seed = Math.trunc(seed) >>> 0;
    const init = splitmix32(this.seed);
    this.a = init();
    this.b = init();
    this.c = init();
    this.d = init();
    // Discard the first outputs: sfc32 mixes its state over the first few rounds.
    for (let i = 0; i < 12; i++) this.nextUint32();
  }

  private nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** Uniform integer in [min, maxInclusive]. */
  int(min: number, maxInclusive: number): number {
    const lo = Math.ceil(Math.min(min, maxInclusive));
    const hi = Math.floor(Math.max(min, maxInclusive));
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  /** Uniform float in [min, max). */
  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  /** True with probability p (0..1). */
  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('Random.pick needs at least one item');
    return items[Math.floor(this.next() * items.length)];
  }

  /** Picks an item with probability proportional to its (non-negative) weight. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, weight] of items) total += Math.max(0, weight);
    if (items.length === 0 || total <= 0) throw new RangeError('Random.weighted needs a positive total weight');
    let target = this.next() * total;
    for (const [item, weight] of items) {
      target -= Math.max(0, weight);
      if (target < 0) return item;
    }
    // Floating-point rounding can leave target at ~0: return the last positively weighted item.
    for (let i = items.length - 1; i >= 0; i--) if (items[i][1] > 0) return items[i][0];
    return items[items.length - 1][0];
  }

  /** A shuffled copy (Fisher-Yates); the input is left untouched. */
  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const tmp = out[i];
      out[i] = out[j];
      out[j] = tmp;
    }
    return out;
  }

  /**
   * An independent deterministic sub-stream named by label. It depends only on this stream's
   * seed and the label, not on how many numbers were drawn, so adding a random choice in one
   * part of the pipeline does not change the others.
   */
  fork(label: string): Random {
    return new Random(hashSeed(`${this.seed}:${label}`));
  }
}
