import { describe, expect, it } from 'vitest';
import { billingMonth, dayLabel, monthRange } from './billing-month.js';

describe('billing month', () => {
  it('starts each month at local midnight of the 1st in the given zone', () => {
    const now = new Date('2026-02-10T12:00:00Z');
    expect(billingMonth(now, 'UTC')).toEqual({ start: new Date('2026-02-01T00:00:00Z'), end: new Date('2026-03-01T00:00:00Z'), label: '2026-02' });
    expect(billingMonth(now, 'Asia/Tokyo')).toEqual({ start: new Date('2026-01-31T15:00:00Z'), end: new Date('2026-02-28T15:00:00Z'), label: '2026-02' });
    expect(billingMonth(now, 'America/New_York')).toEqual({ start: new Date('2026-02-01T05:00:00Z'), end: new Date('2026-03-01T05:00:00Z'), label: '2026-02' });
  });

  it('puts one instant in different months in different zones', () => {
    const instant = new Date('2026-03-01T02:00:00Z');
    expect(billingMonth(instant, 'UTC').label).toBe('2026-03');
    expect(billingMonth(instant, 'America/Los_Angeles').label).toBe('2026-02');
    expect(billingMonth(instant, 'Pacific/Auckland').label).toBe('2026-03');
  });

  it('follows daylight saving time: New York is UTC-4 in April and UTC-5 at the start of November', () => {
    expect(monthRange('2026-04', 'America/New_York')).toEqual({ start: new Date('2026-04-01T04:00:00Z'), end: new Date('2026-05-01T04:00:00Z') });
    expect(monthRange('2026-11', 'America/New_York').start).toEqual(new Date('2026-11-01T04:00:00Z'));
    expect(monthRange('2026-12', 'America/New_York')).toEqual({ start: new Date('2026-12-01T05:00:00Z'), end: new Date('2027-01-01T05:00:00Z') });
  });

  it('falls back to UTC for a missing or unknown zone', () => {
    const now = new Date('2026-07-31T23:30:00Z');
    expect(billingMonth(now, null).label).toBe('2026-07');
    expect(billingMonth(now, 'Mars/Olympus_Mons')).toEqual(billingMonth(now, 'UTC'));
    expect(dayLabel(now, 'Europe/Berlin')).toBe('2026-08-01');
  });
});
