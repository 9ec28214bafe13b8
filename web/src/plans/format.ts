const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** 1536 -> '1.5 KB' (powers of 1024, like the tier table's storage). */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(value < 10 ? 1 : 0)} ${UNITS[unit]}`;
}

export const formatPrice = (cents: number | null): string => (cents === null ? 'Not for sale' : cents === 0 ? 'Free' : `$${(cents / 100).toFixed(2)} / month`);

export const formatLimit = (value: number | null, unit = ''): string => (value === null ? 'Unlimited' : `${value}${unit}`);

export const formatDate = (iso: string): string => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
