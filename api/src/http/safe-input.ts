import type { NextFunction, Request, Response } from 'express';
import { assertSafeText } from '../common/validation.js';
import { badInput } from '../common/errors.js';

/**
 * Applies the shared text rule (common/validation.ts) to everything a REST call carries: the
 * decoded path (so every path parameter), the query string and the JSON body. Runs before the
 * session lookup, so refused input costs no database work.
 */
export function rejectUnsafeInput(req: Request, _res: Response, next: NextFunction): void {
  let decodedPath: string;
  try {
    decodedPath = decodeURIComponent(req.path);
  } catch {
    throw badInput('Malformed URL');
  }
  assertSafeText([decodedPath, req.query, req.body]);
  next();
}
