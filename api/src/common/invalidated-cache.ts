import { setBounded } from './bounded-map.js';
/**
 * A bounded in-memory cache whose entries expire after a time and are dropped when something announces
 * they changed. It caches only while its owner listens for those announcements (`enable`), and a
 * read that began before an invalidation must not fill it (`set` with the count read before).
 */
export class InvalidatedCache<K, V> {
  private readonly entries = new Map<K, { value: V; cachedUntil: number }>();
  private caching = false;
  private invalidations = 0;

  constructor(
    /** How long an entry answers. */
    private readonly ttlMs: number,
    /** At most this many entries; the oldest go first. */
    private readonly maxEntries: number,
  ) {}

  /** Grows with every invalidation: a value read before an older count may be stale. */
  get invalidationCount(): number {
    return this.invalidations;
  }

  get(key: K, now = Date.now()): V | undefined {
    const entry = this.entries.get(key);
    return entry && entry.cachedUntil > now ? entry.value : undefined;
  }

  /** Whether a value read when the count was `invalidationsBefore` may be kept: caching is on and nothing was invalidated since. */
  accepts(invalidationsBefore: number): boolean {
    return this.caching && this.invalidations === invalidationsBefore;
  }

  /** Keeps `value` if `accepts(invalidationsBefore)`. */
  set(key: K, value: V, invalidationsBefore: number, now = Date.now()): void {
    if (!this.accepts(invalidationsBefore)) return;
    setBounded(this.entries, key, { value, cachedUntil: now + this.ttlMs }, this.maxEntries);
  }

  delete(keys: Iterable<K>): void {
    this.invalidations++;
    for (const key of keys) this.entries.delete(key);
  }

  deleteWhere(matches: (value: V) => boolean): void {
    this.invalidations++;
    for (const [key, entry] of this.entries) if (matches(entry.value)) this.entries.delete(key);
  }

  /** Caching on: the owner now hears every invalidation. */
  enable(): void {
    this.caching = true;
  }

  /** Caching off and everything dropped: the owner no longer hears invalidations. */
  disable(): void {
    this.caching = false;
    this.entries.clear();
  }
}
