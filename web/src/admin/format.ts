/** 1536 -> '1.5 KB' (binary units, as file managers show sizes). */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

/** Seconds since a time, as '12 s ago'. */
export function secondsAgo(iso: string, now = Date.now()): string {
  return `${Math.max(0, Math.round((now - new Date(iso).getTime()) / 1000))} s ago`;
}
