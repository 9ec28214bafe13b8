import type { Request, Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { contentTypeOf, type ByteRange, type MediaStorage, type StoredObject } from './media-storage.js';

export interface MediaDeliveryOptions {
  /** The Cache-Control header: `private` for what not everyone may see. */
  cacheControl: string;
  /** Another type than the key's extension says. */
  contentType?: string;
  /** Sent as an attachment under this name. */
  downloadName?: string;
}

/**
 * Sends one stored object after the caller's access check: streamed from the store with Range
 * (one range; several are answered with the whole object), If-Range, ETag / If-None-Match and
 * Last-Modified, or with MEDIA_URLS=presigned a redirect to a short-lived presigned URL.
 * Answers false, having sent nothing, when there is no such object.
 */
export class MediaDelivery {
  constructor(
    readonly storage: MediaStorage,
    private readonly urls: { mode: 'proxy' | 'presigned'; ttlSeconds: number },
  ) {}

  async send(req: Request, res: Response, key: string, options: MediaDeliveryOptions): Promise<boolean> {
    const type = options.contentType ?? contentTypeOf(key);
    if (this.urls.mode === 'presigned') {
      if (!(await this.storage.stat(key))) return false;
      const url = await this.storage.presignedUrl(key, { expiresInSeconds: this.urls.ttlSeconds, contentType: type, downloadName: options.downloadName });
      if (url) {
        // The address expires: no cache may keep the redirect.
        res.setHeader('Cache-Control', 'no-store');
        res.redirect(302, url);
        return true;
      }
    }
    const info = await this.storage.stat(key);
    if (!info) return false;
    res.setHeader('Content-Type', type);
    res.setHeader('Accept-Ranges', 'bytes');
    res.setHeader('ETag', info.etag);
    res.setHeader('Last-Modified', info.lastModified.toUTCString());
    res.setHeader('Cache-Control', options.cacheControl);
    if (options.downloadName) res.attachment(options.downloadName);
    if (req.fresh) {
      res.status(304).end();
      return true;
    }
    const range = requestedRange(req, info);
    if (range === 'unsatisfiable') {
      res.setHeader('Content-Range', `bytes */${info.size}`);
      res.status(416).end();
      return true;
    }
    if (range) {
      res.status(206);
      res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${info.size}`);
    }
    res.setHeader('Content-Length', String(range ? range.end - range.start + 1 : info.size));
    if (req.method === 'HEAD' || info.size === 0) {
      res.end();
      return true;
    }
    const opened = await this.storage.open(key, range ?? undefined);
    if (!opened) {
      // Removed between the two looks.
      res.removeHeader('Content-Range');
      res.removeHeader('Content-Length');
      return false;
    }
    try {
      await pipeline(opened.body, res);
    } catch (error) {
      // A listener who skips ahead closes the connection mid-file: nothing went wrong here.
      if (!res.destroyed && !res.writableEnded) throw error;
    }
    return true;
  }
}

/** The one byte range to send, null for the whole object (no Range, a stale If-Range, several or malformed ranges). */
function requestedRange(req: Request, info: StoredObject): ByteRange | 'unsatisfiable' | null {
  if (!req.headers.range || info.size === 0) return null;
  // If-Range holds the tag or the date of the copy the client has part of: another copy is sent whole.
  const ifRange = req.get('if-range');
  if (ifRange) {
    const sameCopy = /^(W\/)?"/.test(ifRange) ? ifRange === info.etag : Date.parse(ifRange) >= Math.floor(info.lastModified.getTime() / 1000) * 1000;
    if (!sameCopy) return null;
  }
  const ranges = req.range(info.size, { combine: true });
  if (ranges === -1) return 'unsatisfiable';
  if (ranges === -2 || ranges === undefined || ranges.type !== 'bytes' || ranges.length !== 1) return null;
  return { start: ranges[0]!.start, end: ranges[0]!.end };
}
