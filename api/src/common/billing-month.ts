/** The zone used when a user has none (or an unknown one) in user_time_preferences.timezone. */
export const DEFAULT_TIMEZONE = 'UTC';

export function isValidTimezone(zone: string | null | undefined): zone is string {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock fields of `instant` in `zone`. */
function wallClock(instant: Date, zone: string): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(instant);
  const field = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return { year: field('year'), month: field('month'), day: field('day'), hour: field('hour'), minute: field('minute'), second: field('second') };
}

/** How far `zone` is ahead of UTC at `instant`, in milliseconds. */
function offsetMs(instant: Date, zone: string): number {
  const w = wallClock(instant, zone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant the wall-clock time year-month-01 00:00 happens in `zone`. */
function startOfMonthIn(year: number, month: number, zone: string): Date {
  const asUtc = Date.UTC(year, month - 1, 1);
  // The zone's offset at the guess, then again at the corrected instant (a DST change near midnight).
  const first = asUtc - offsetMs(new Date(asUtc), zone);
  return new Date(asUtc - offsetMs(new Date(first), zone));
}

/** The month `label` ('YYYY-MM') in `zone`, as [start, end) instants. */
export function monthRange(label: string, zone: string | null | undefined): { start: Date; end: Date } {
  const tz = isValidTimezone(zone) ? zone : DEFAULT_TIMEZONE;
  const [year, month] = label.split('-').map(Number);
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  return { start: startOfMonthIn(year, month, tz), end: startOfMonthIn(next.year, next.month, tz) };
}

/** The calendar month containing `now` in the user's zone, as [start, end) instants and its 'YYYY-MM' label. */
export function billingMonth(now: Date, zone: string | null | undefined): { start: Date; end: Date; label: string } {
  const label = monthLabel(now, zone);
  return { ...monthRange(label, zone), label };
}

/** 'YYYY-MM' of `instant` in `zone`. */
export function monthLabel(instant: Date, zone: string | null | undefined): string {
  return dayLabel(instant, zone).slice(0, 7);
}

/** 'YYYY-MM-DD' of `instant` in `zone`. */
export function dayLabel(instant: Date, zone: string | null | undefined): string {
  const { year, month, day } = wallClock(instant, isValidTimezone(zone) ? zone : DEFAULT_TIMEZONE);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
