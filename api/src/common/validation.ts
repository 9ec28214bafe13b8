import type { ZodType } from 'zod';
import { badInput } from './errors.js';

/** Parses input with a zod schema; the first issue becomes a BAD_USER_INPUT error (REST 400). */
export function parseInput<T>(schema: ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw badInput(issue?.message ?? 'Invalid input');
}

/** NUL, or a high surrogate without a low one after it, or a low surrogate without a high one before it. */
const UNSAFE_TEXT = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const UNSAFE_TEXT_MESSAGE = 'Text must not contain NUL characters or unpaired surrogates';

/**
 * The one normalisation rule for text from clients: no NUL (PostgreSQL cannot store it in text)
 * and no lone UTF-16 surrogate (it has no UTF-8 form). Checks strings at any depth of a JSON-like
 * value, keys included; iterative, so a deeply nested body cannot overflow the stack.
 */
export function hasUnsafeText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (UNSAFE_TEXT.test(item)) return true;
    } else if (Array.isArray(item)) {
      for (const child of item) pending.push(child);
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) pending.push(key, child);
    }
  }
  return false;
}

/** Throws BAD_USER_INPUT (REST 400) when `value` holds unsafe text (see hasUnsafeText). */
export function assertSafeText(value: unknown): void {
  if (hasUnsafeText(value)) throw badInput(UNSAFE_TEXT_MESSAGE);
}
