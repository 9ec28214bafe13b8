/**
 * Sets `key` as the newest entry of `map`, first dropping the oldest entries (a Map keeps insertion
 * order) so that it holds at most `maxEntries`: the bound of the process-wide memos and caches.
 */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, maxEntries: number): void {
  map.delete(key);
  for (const oldest of map.keys()) {
    if (map.size < maxEntries) break;
    map.delete(oldest);
  }
  map.set(key, value);
}
