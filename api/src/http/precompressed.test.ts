import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { once } from 'node:events';
import { get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, describe, expect, it } from 'vitest';
import { precompressedAssets } from './precompressed.js';

const root = mkdtempSync(path.join(tmpdir(), 'songforge-precompressed-'));
const script = 'console.log("songforge");'.repeat(50);
mkdirSync(path.join(root, 'assets'));
writeFileSync(path.join(root, 'assets/app-1a2b.js'), script);
writeFileSync(path.join(root, 'assets/app-1a2b.js.br'), brotliCompressSync(script));
writeFileSync(path.join(root, 'assets/app-1a2b.js.gz'), gzipSync(script));
writeFileSync(path.join(root, 'plain.txt'), 'no compressed copies');
const app = express().use(precompressedAssets(root), express.static(root));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A GET with node:http, which (unlike supertest) leaves the body encoded as sent. */
async function raw(encoding: string | null, url = '/assets/app-1a2b.js') {
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  try {
    const { port } = server.address() as AddressInfo;
    const res = await new Promise<IncomingMessage>((resolve, reject) =>
      get({ host: '127.0.0.1', port, path: url, headers: encoding === null ? {} : { 'accept-encoding': encoding } }, resolve).on('error', reject),
    );
    const chunks: Buffer[] = [];
    for await (const chunk of res) chunks.push(chunk as Buffer);
    return { status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) };
  } finally {
    server.close();
  }
}

describe('precompressed web assets', () => {
  it('sends the brotli copy to a client that accepts it, typed as the original and varying on Accept-Encoding', async () => {
    const res = await raw('gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.body.equals(brotliCompressSync(script))).toBe(true);
  });

  it('sends the gzip copy when brotli is not accepted', async () => {
    const res = await raw('gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.body.equals(gzipSync(script))).toBe(true);
  });

  it('sends the file itself, still varying, when no encoding is accepted', async () => {
    const res = await raw(null);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.body.toString()).toBe(script);
  });

  it('leaves files without compressed copies and paths outside the folder alone', async () => {
    const plain = await raw('br', '/plain.txt');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe('no compressed copies');
    expect((await raw('br', '/../package.json')).status).toBe(404);
  });
});
