import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

interface SongforgeRange {
  parseRange(header: string | null, size: number): { start: number; end: number } | 'unsatisfiable' | null;
  rangeResponse(full: Response, rangeHeader: string | null): Promise<Response>;
}

// The service worker loads this plain script with importScripts; run it the same way, on a fake `self`.
function loadRangeHelpers(): SongforgeRange {
  const scope: { SongforgeRange?: SongforgeRange } = {};
  const source = readFileSync(path.resolve(__dirname, '../../public/sw-range.js'), 'utf8');
  new Function('self', source)(scope);
  if (!scope.SongforgeRange) throw new Error('sw-range.js defined nothing');
  return scope.SongforgeRange;
}

const { parseRange, rangeResponse } = loadRangeHelpers();
const BYTES = Uint8Array.from({ length: 100 }, (_, i) => i);
const full = () => new Response(BYTES, { status: 200, headers: { 'Content-Type': 'audio/mpeg' } });

describe('parseRange', () => {
  it('reads start-end, open-ended and suffix ranges, capping the end at the size', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=10-', 100)).toEqual({ start: 10, end: 99 });
    expect(parseRange('bytes=90-500', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-20', 100)).toEqual({ start: 80, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange('Bytes = 5 - 6', 100)).toEqual({ start: 5, end: 6 });
  });

  it('calls ranges outside the body unsatisfiable', () => {
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=50-40', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-', 0)).toBe('unsatisfiable');
  });

  it('gives null (answer in full) without a header, for other units and for several ranges', () => {
    expect(parseRange(null, 100)).toBeNull();
    expect(parseRange('', 100)).toBeNull();
    expect(parseRange('items=0-5', 100)).toBeNull();
    expect(parseRange('bytes=0-5, 10-20', 100)).toBeNull();
    expect(parseRange('bytes=-', 100)).toBeNull();
  });
});

describe('rangeResponse', () => {
  it('answers a range with 206, Content-Range, Content-Length and exactly those bytes', async () => {
    const response = await rangeResponse(full(), 'bytes=10-19');
    expect(response.status).toBe(206);
    expect(response.headers.get('Content-Range')).toBe('bytes 10-19/100');
    expect(response.headers.get('Content-Length')).toBe('10');
    expect(response.headers.get('Content-Type')).toBe('audio/mpeg');
    expect(response.headers.get('Accept-Ranges')).toBe('bytes');
    expect([...new Uint8Array(await response.arrayBuffer())]).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
  });

  it('answers the usual media element request bytes=0- with the whole body as 206', async () => {
    const response = await rangeResponse(full(), 'bytes=0-');
    expect(response.status).toBe(206);
    expect(response.headers.get('Content-Range')).toBe('bytes 0-99/100');
    expect((await response.arrayBuffer()).byteLength).toBe(100);
  });

  it('answers 416 with the size outside the body, and 200 with everything without a range', async () => {
    const outside = await rangeResponse(full(), 'bytes=200-300');
    expect(outside.status).toBe(416);
    expect(outside.headers.get('Content-Range')).toBe('bytes */100');

    const whole = await rangeResponse(full(), null);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('Content-Length')).toBe('100');
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(BYTES);
  });
});
