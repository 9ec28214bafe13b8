import type { IncomingMessage, ServerResponse } from 'node:http';
import { restErrorAnswer } from './errors.js';

/** Connect-style middleware run on a plain node:http request (helmet's headers, the JSON body parser). */
export type NodeMiddleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/** Writes a JSON answer on a plain node:http response (the endpoints served beside Express). */
export function sendJson(res: ServerResponse, status: number, json: string): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(json));
  res.end(json);
}

/** Answers `error` as the REST error handler does (`{ "error" }`, SPEC 8), or cuts a response already begun. */
export function sendRestError(res: ServerResponse, error: unknown, log: (e: unknown) => void): void {
  const { status, body } = restErrorAnswer(error, log);
  if (res.headersSent) return void res.destroy();
  sendJson(res, status, JSON.stringify(body));
}
