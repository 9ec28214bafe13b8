/*
 * Byte-range answers from a cached full response, for the service worker (loaded with
 * importScripts) and its unit test. Plain script: it only defines self.SongforgeRange.
 */
(function defineSongforgeRange(scope) {
  /**
   * The single byte range a Range header asks for within `size` bytes:
   * { start, end } (inclusive), 'unsatisfiable', or null when there is no usable single range
   * (no header, another unit, several ranges), in which case the full response is the answer.
   */
  function parseRange(header, size) {
    if (!header) return null;
    var match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
    if (!match) return null;
    var first = match[1];
    var last = match[2];
    if (first === '' && last === '') return null;
    var start;
    var end;
    if (first === '') {
      // Suffix range: the last N bytes.
      var suffix = Number(last);
      if (suffix === 0) return 'unsatisfiable';
      start = Math.max(0, size - suffix);
      end = size - 1;
    } else {
      start = Number(first);
      end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
    }
    if (start >= size || start > end) return 'unsatisfiable';
    return { start: start, end: end };
  }

  /**
   * The answer to `rangeHeader` from `full` (a complete 200 response): 206 with Content-Range,
   * 416 when the range lies outside the body, or the full response when no single range applies.
   */
  async function rangeResponse(full, rangeHeader) {
    var body = await full.arrayBuffer();
    var size = body.byteLength;
    var type = full.headers.get('Content-Type') || 'application/octet-stream';
    var range = parseRange(rangeHeader, size);
    if (range === null) {
      return new Response(body, {
        status: 200,
        headers: { 'Content-Type': type, 'Content-Length': String(size), 'Accept-Ranges': 'bytes' },
      });
    }
    if (range === 'unsatisfiable') {
      return new Response(null, {
        status: 416,
        statusText: 'Range Not Satisfiable',
        headers: { 'Content-Range': 'bytes */' + size },
      });
    }
    return new Response(body.slice(range.start, range.end + 1), {
      status: 206,
      statusText: 'Partial Content',
      headers: {
        'Content-Type': type,
        'Content-Length': String(range.end - range.start + 1),
        'Content-Range': 'bytes ' + range.start + '-' + range.end + '/' + size,
        'Accept-Ranges': 'bytes',
      },
    });
  }

  scope.SongforgeRange = { parseRange: parseRange, rangeResponse: rangeResponse };
})(self);
