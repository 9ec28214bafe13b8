import type { NextFunction, Request, Response } from 'express';
import { AppError } from '../common/errors.js';

/** REST error bodies are `{ "error": message }` with the status of SPEC 8 / the domain error. */
export function restErrorHandler(log: (e: unknown) => void) {
  return (error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    if (error instanceof AppError) {
      res.status(error.httpStatus).json({ error: error.message });
      return;
    }
    const status = (error as { status?: number; type?: string }).status;
    if ((error as { type?: string }).type === 'entity.parse.failed') {
      res.status(400).json({ error: 'Malformed JSON body' });
      return;
    }
    if ((error as { type?: string }).type === 'entity.too.large') {
      res.status(413).json({ error: 'Request body is too large' });
      return;
    }
    if (typeof status === 'number' && status >= 400 && status < 500) {
      res.status(status).json({ error: (error as Error).message });
      return;
    }
    log(error);
    res.status(500).json({ error: 'Internal server error' });
  };
}
