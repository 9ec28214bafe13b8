/** A copy of `items` with the item at `from` moved to index `to` (both clamped into range). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const result = [...items];
  if (from < 0 || from >= result.length) return result;
  const target = Math.min(Math.max(to, 0), result.length - 1);
  const [moved] = result.splice(from, 1);
  result.splice(target, 0, moved as T);
  return result;
}

/** Stable, unique keys for queue rows: the same song may be queued more than once. */
export function queueRowIds(songIds: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return songIds.map((id) => {
    const n = seen.get(id) ?? 0;
    seen.set(id, n + 1);
    return `${id}#${n}`;
  });
}
