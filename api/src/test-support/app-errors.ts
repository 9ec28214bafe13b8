import { expect } from 'vitest';
import { AppError } from '../common/errors.js';

/** Asserts that `promise` rejects with an AppError of `code` (and, when given, a message matching `message`). */
export async function expectAppError(promise: Promise<unknown>, code: string, message?: string | RegExp): Promise<void> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
  if (message) expect((error as AppError).message).toMatch(message);
}
