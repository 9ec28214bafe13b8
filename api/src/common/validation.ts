import type { ZodType } from 'zod';
import { badInput } from './errors.js';

/** Parses input with a zod schema; the first issue becomes a BAD_USER_INPUT error (REST 400). */
export function parseInput<T>(schema: ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw badInput(issue?.message ?? 'Invalid input');
}
