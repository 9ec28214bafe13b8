import { notFound } from './errors.js';

/** A serial (positive integer) id from a client; anything else names no row: NOT_FOUND with `message`. */
export function toSerialId(raw: unknown, message: string): number {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (!/^[1-9]\d{0,8}$/.test(text)) throw notFound(message);
  return Number(text);
}
