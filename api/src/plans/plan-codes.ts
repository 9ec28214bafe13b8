import { createHash, randomInt } from 'node:crypto';

/** Crockford's base32: no I, L, O or U, so a code read aloud or typed is hard to get wrong. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CODE_LENGTH = 16;

/** A new code, e.g. 'K7QD-2M9X-PA4T-ZR8C' (80 random bits). */
export function newPlanCode(): string {
  const chars = Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return chars.match(/.{4}/g)!.join('-');
}

/** The code as stored: upper case, without spaces or dashes. */
export function normalizePlanCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '');
}

export function planCodeDigest(code: string): string {
  return createHash('sha256').update(normalizePlanCode(code)).digest('hex');
}
