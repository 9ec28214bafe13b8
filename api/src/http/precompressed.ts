import { existsSync } from 'node:fs';
import path from 'node:path';
import type { NextFunction, Request, Response } from 'express';

/** Encodings the web build writes beside each text asset (vite-plugin-compression2), best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/**
 * Serves the build's precompressed copy of a file (`app.js.br`, `app.js.gz`) when the client accepts
 * it: the request is pointed at that file with its Content-Encoding and the original's Content-Type,
 * and the static middleware after this one sends it (ranges and ETags included). Every file that has
 * compressed copies answers `Vary: Accept-Encoding`, so caches keep the encodings apart.
 * The build folder does not change while the process runs, so which copies exist is looked up once.
 */
export function precompressedAssets(root: string) {
  const copies = new Map<string, Array<(typeof ENCODINGS)[number]>>();
  const copiesOf = (file: string) => {
    let found = copies.get(file);
    if (!found) {
      found = ENCODINGS.filter((encoding) => existsSync(file + encoding.suffix));
      copies.set(file, found);
    }
    return found;
  };
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let file: string;
    try {
      file = path.join(root, decodeURIComponent(req.path));
    } catch {
      return next();
    }
    if (!file.startsWith(root + path.sep)) return next();
    const available = copiesOf(file);
    if (available.length === 0) return next();
    res.vary('Accept-Encoding');
    // Ours first: browsers list gzip before br at equal quality, and br is smaller.
    const chosen = available.find((encoding) => req.acceptsEncodings(encoding.name) === encoding.name);
    if (!chosen) return next();
    res.type(path.extname(file));
    res.setHeader('Content-Encoding', chosen.name);
    req.url = req.path + chosen.suffix + req.url.slice(req.path.length);
    next();
  };
}

/** The file a precompressed copy was made from (`app.js.br` -> `app.js`). */
export function withoutEncodingSuffix(filePath: string): string {
  const suffix = ENCODINGS.find((encoding) => filePath.endsWith(encoding.suffix))?.suffix;
  return suffix ? filePath.slice(0, -suffix.length) : filePath;
}
