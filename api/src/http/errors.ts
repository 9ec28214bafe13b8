import type { NextFunction, Request, Response } from 'express';
import { AppError } from '../common/errors.js';

export interface RestErrorAnswer {
  status: number;
  body: { error: string };
}

/**
 * REST error bodies are `{ "error": message }` with the status of SPEC 8 / the domain error; body
 * parser failures are the client's (400, 413); anything else is logged and a 500.
 */
export function restErrorAnswer(error: unknown, log: (e: unknown) => void): RestErrorAnswer {
  if (error instanceof AppError) return { status: error.httpStatus, body: { error: error.message } };
  const { status, type } = error as { status?: number; type?: string };
  if (type === 'entity.parse.failed') return { status: 400, body: { error: 'Malformed JSON body' } };
  if (type === 'entity.too.large') return { status: 413, body: { error: 'Request body is too large' } };
  if (typeof status === 'number' && status >= 400 && status < 500) return { status, body: { error: (error as Error).message } };
  log(error);
  return { status: 500, body: { error: 'Internal server error' } };
}

export function restErrorHandler(log: (e: unknown) => void) {
  return (error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const { status, body } = restErrorAnswer(error, log);
    res.status(status).json(body);
  };
}
