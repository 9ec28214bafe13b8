import type { Response } from 'express';
import { AppError } from '../common/errors.js';
import { APP_VERSION } from '../config/version.js';

/** The Subsonic REST API version we speak (with the OpenSubsonic extensions). */
export const SUBSONIC_API_VERSION = '1.16.1';
export const SUBSONIC_SERVER_TYPE = 'songforge';

/** Subsonic's error codes (OpenSubsonic adds 42-44). */
export const SubsonicCode = {
  generic: 0,
  missingParameter: 10,
  wrongCredentials: 40,
  unsupportedMechanism: 42,
  conflictingMechanisms: 43,
  invalidApiKey: 44,
  notAuthorized: 50,
  notFound: 70,
} as const;

export class SubsonicError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'SubsonicError';
  }
}

export const missingParameter = (name: string) => new SubsonicError(SubsonicCode.missingParameter, `Required parameter '${name}' is missing`);
export const subsonicNotFound = (what: string) => new SubsonicError(SubsonicCode.notFound, `${what} not found`);

/** A service's domain error as the Subsonic error a client understands. */
export function toSubsonicError(error: unknown): SubsonicError | null {
  if (error instanceof SubsonicError) return error;
  if (!(error instanceof AppError)) return null;
  switch (error.code) {
    case 'NOT_FOUND':
      return new SubsonicError(SubsonicCode.notFound, error.message);
    case 'FORBIDDEN':
      return new SubsonicError(SubsonicCode.notAuthorized, error.message);
    case 'UNAUTHENTICATED':
      return new SubsonicError(SubsonicCode.wrongCredentials, error.message);
    default:
      return new SubsonicError(SubsonicCode.generic, error.message);
  }
}

/**
 * A response body in Subsonic's JSON form: objects, arrays of objects (repeated elements in XML),
 * arrays of scalars, scalars. `value` is an element's text in XML (a lyric line, a genre's name).
 */
export type SubsonicValue = string | number | boolean | null | undefined | SubsonicObject | SubsonicValue[];
export interface SubsonicObject {
  [key: string]: SubsonicValue;
}

export type SubsonicFormat = { kind: 'xml' } | { kind: 'json' } | { kind: 'jsonp'; callback: string };

export function responseFormat(f: string | undefined, callback: string | undefined): SubsonicFormat {
  if (f === 'json') return { kind: 'json' };
  if (f === 'jsonp' && callback && /^[A-Za-z_$][\w$.]{0,99}$/.test(callback)) return { kind: 'jsonp', callback };
  return { kind: 'xml' };
}

function envelope(status: 'ok' | 'failed'): SubsonicObject {
  return { status, version: SUBSONIC_API_VERSION, type: SUBSONIC_SERVER_TYPE, serverVersion: APP_VERSION, openSubsonic: true };
}

/** Writes `<subsonic-response>` (or its JSON) with the payload, or the error. */
export function sendSubsonic(res: Response, format: SubsonicFormat, payload: SubsonicObject | SubsonicError, httpStatus = 200): void {
  const body = payload instanceof SubsonicError ? { ...envelope('failed'), error: { code: payload.code, message: payload.message } } : { ...envelope('ok'), ...payload };
  res.status(httpStatus).setHeader('Cache-Control', 'no-store');
  if (format.kind === 'xml') {
    res.type('application/xml; charset=utf-8').send(`<?xml version="1.0" encoding="UTF-8"?>\n${toXml('subsonic-response', body, ' xmlns="http://subsonic.org/restapi"')}`);
    return;
  }
  const json = JSON.stringify({ 'subsonic-response': body });
  if (format.kind === 'jsonp') res.type('application/javascript; charset=utf-8').send(`${format.callback}(${json});`);
  else res.type('application/json; charset=utf-8').send(json);
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
// XML 1.0 has no way to write most control characters: they are left out.
const escapeXml = (text: string) => text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '').replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
const isScalar = (value: SubsonicValue): value is string | number | boolean => typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/**
 * Subsonic's XML form of the JSON shape (the mapping every OpenSubsonic server uses): scalar
 * properties are attributes, `value` is the text, objects are child elements and arrays repeat the
 * element (an array of scalars repeats a text-only element).
 */
export function toXml(name: string, object: SubsonicObject, extraAttributes = ''): string {
  let attributes = extraAttributes;
  let children = '';
  let text = '';
  for (const [key, value] of Object.entries(object)) {
    if (value === null || value === undefined) continue;
    if (key === 'value' && isScalar(value)) text = escapeXml(String(value));
    else if (isScalar(value)) attributes += ` ${key}="${escapeXml(String(value))}"`;
    else if (Array.isArray(value)) {
      for (const item of value) {
        if (item === null || item === undefined) continue;
        children += isScalar(item) ? `<${key}>${escapeXml(String(item))}</${key}>` : Array.isArray(item) ? '' : toXml(key, item);
      }
    } else children += toXml(key, value);
  }
  return children || text ? `<${name}${attributes}>${text}${children}</${name}>` : `<${name}${attributes}/>`;
}
