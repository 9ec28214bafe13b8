import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { Readable } from 'node:stream';
import supertest from 'supertest';
import tar from 'tar-stream';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DATABASE_TARGETS } from '../test-support/services-available.js';
import { libraryPage, signUp, startTestApp, type TestApp } from '../test-support/test-app.js';
import { insertSong } from '../library/test-fixtures.js';
import { Song } from '../songs/song.entity.js';
import { ProductionSong } from '../songs/production-song.entity.js';
import { User } from '../users/user.entity.js';
import { AdminAuditEntry } from '../admin/admin-audit-entry.entity.js';
import { columnList } from './production-columns.js';

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** The published catalogue as comparable values: every portable column, media columns replaced by their files' checksums. */
async function publishedCatalogue(t: TestApp): Promise<Array<Record<string, unknown>>> {
  const em = t.app.database.orm.em.fork() as EntityManager;
  const { portable } = t.app.services.productionSync.columns(em);
  const rows = await em.execute<Array<Record<string, unknown>>>(`select ${columnList(portable)} from "production_songs" order by "title"`);
  for (const row of rows) {
    for (const column of ['audio_url', 'cover_url', 'thumbnail_url']) {
      const url = row[column] as string | null;
      if (url?.startsWith('/media/')) row[column] = sha(await readFile(path.join(t.config.mediaDir, url.slice('/media/'.length))));
    }
  }
  return rows;
}

/** Every file under MEDIA_DIR, staging folders included. */
async function mediaFiles(t: TestApp): Promise<string[]> {
  const entries = await readdir(t.config.mediaDir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name)).sort();
}

/** Unpacks an archive and packs it again, letting `edit` change an entry's bytes. */
async function rewrite(archive: Buffer, edit: (name: string, data: Buffer) => Buffer): Promise<Buffer> {
  const extract = tar.extract();
  Readable.from([gunzipSync(archive)]).pipe(extract);
  const pack = tar.pack();
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    pack.entry({ name: entry.header.name }, edit(entry.header.name, Buffer.concat(chunks)));
  }
  pack.finalize();
  const out: Buffer[] = [];
  for await (const chunk of pack) out.push(chunk as Buffer);
  return gzipSync(Buffer.concat(out));
}

describe.each(DATABASE_TARGETS)('catalogue export and import between two installations on %s PostgreSQL', (target) => {
  let source: TestApp;
  let destination: TestApp;
  let sourceAdmin: string;
  let destinationAdmin: string;
  let archive: Buffer;
  const em = (t: TestApp) => t.app.database.orm.em.fork() as EntityManager;
  const exportFrom = (t: TestApp, cookie: string) => supertest(t.baseUrl).get('/api/admin/production/export').set('cookie', cookie).responseType('blob');
  const importInto = (t: TestApp, cookie: string, body: Buffer) =>
    supertest(t.baseUrl).post('/api/admin/production/import').set('cookie', cookie).set('origin', t.baseUrl).set('content-type', 'application/gzip').send(body);
  /** What an import must not change when it fails. */
  const snapshot = async (t: TestApp) => ({
    songs: await em(t).count(Song, {}),
    production: await em(t).count(ProductionSong, {}),
    imports: await em(t).count(AdminAuditEntry, { action: 'production.import' }),
    files: await mediaFiles(t),
  });

  beforeAll(async () => {
    [source, destination] = await Promise.all([startTestApp({ target }), startTestApp({ target })]);
    // The first account of each installation is its admin.
    sourceAdmin = await signUp(source, 'sourceadmin');
    destinationAdmin = await signUp(destination, 'destadmin');
    const admin = await em(source).findOneOrFail(User, { username: 'sourceadmin' });
    const media = source.config.mediaDir;
    await mkdir(path.join(media, 'songs'), { recursive: true });
    await mkdir(path.join(media, 'covers'), { recursive: true });
    for (const [id, title, genre] of [['song-a', 'Archive A', 'jazz'], ['song-b', 'Archive B', 'rock']]) {
      await insertSong(em(source), { id, title, genre, user: admin });
      await writeFile(path.join(media, 'songs', `${id}.mp3`), randomBytes(50_000 + title.length));
    }
    await writeFile(path.join(media, 'covers', 'song-a.png'), randomBytes(3_000));
    await em(source).nativeUpdate(Song, { id: 'song-a' }, { coverUrl: '/media/covers/song-a.png', lyrics: 'la la\nlo', bpm: 92.5, musicalKey: 'D minor', settings: { seed: 7, genres: ['jazz'] }, engineVersion: '2.0.0' });
    await source.app.services.productionSync.transferSelected(em(source), admin, ['song-a', 'song-b']);
    // The destination already has a different song under song-b's id: the import must not overwrite it.
    await insertSong(em(destination), { id: 'song-b', title: 'A local song', genre: 'pop' });
  });
  afterAll(async () => {
    await Promise.all([source?.close(), destination?.close()]);
  });

  it('exports the published catalogue as a tar.gz and imports it into another installation, equal', async () => {
    const res = await exportFrom(source, sourceAdmin);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    archive = res.body as Buffer;

    const titlesListed = async () => (await libraryPage(destination, destinationAdmin)).map((song) => song.title);
    expect(await titlesListed()).not.toContain('Archive B');
    const imported = await importInto(destination, destinationAdmin, archive);
    expect(imported.status).toBe(200);
    // Listed at once on pages kept in memory before the import.
    expect(await titlesListed()).toContain('Archive B');
    expect(imported.body).toMatchObject({ imported: 2, skipped: 0, files: 3 });
    expect(imported.body.renamed).toEqual([{ from: 'song-b', to: expect.any(String) }]);
    expect(await publishedCatalogue(destination)).toEqual(await publishedCatalogue(source));
    // The local song keeps its id and title; the imported ones belong to the installation's catalogue account.
    expect((await em(destination).findOneOrFail(Song, { id: 'song-b' })).title).toBe('A local song');
    const renamed = await em(destination).findOneOrFail(Song, { id: imported.body.renamed[0].to }, { populate: ['user'] });
    expect(renamed).toMatchObject({ title: 'Archive B', user: { isSystem: true } });
    const audio = await supertest(destination.baseUrl).get(renamed.audioUrl!);
    expect(audio.status).toBe(200);
    expect(await em(destination).count(AdminAuditEntry, { action: 'production.import' })).toBe(1);
    expect(await em(source).count(AdminAuditEntry, { action: 'production.export' })).toBe(1);
  });

  it('importing the same archive again changes nothing', async () => {
    const before = await snapshot(destination);
    const again = await importInto(destination, destinationAdmin, archive);
    expect(again.status).toBe(200);
    // Both are found: song-a under its id, song-b under the id it was given the first time.
    expect(again.body).toEqual({ imported: 0, skipped: 2, renamed: [], files: 0 });
    expect(await snapshot(destination)).toEqual({ ...before, imports: before.imports + 1 });
    expect(await publishedCatalogue(destination)).toEqual(await publishedCatalogue(source));
  });

  it('refuses a damaged archive, a file that fails its checksum and an unknown schema version, changing nothing', async () => {
    const before = await snapshot(destination);
    const damaged = Buffer.from(archive);
    damaged[Math.floor(damaged.length / 2)] ^= 0xff;
    const tampered = await rewrite(archive, (name, data) => (name.endsWith('song-a.mp3') ? Buffer.concat([data.subarray(0, 100), Buffer.from([data[100] ^ 1]), data.subarray(101)]) : data));
    const future = await rewrite(archive, (name, data) => (name === 'catalogue.json' ? Buffer.from(JSON.stringify({ ...JSON.parse(data.toString()), schemaVersion: 99 })) : data));
    for (const [body, message] of [
      [damaged, /damaged|checksum/],
      [tampered, /song-a\.mp3 does not match its checksum/],
      [future, /schema version 99/],
      [Buffer.from('not an archive'), /not a \.tar\.gz/],
    ] as const) {
      const res = await importInto(destination, destinationAdmin, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(message);
    }
    expect(await snapshot(destination)).toEqual(before);
  });

  it('an export with a published file missing is refused before anything is sent', async () => {
    const file = path.join(source.config.mediaDir, 'covers', 'song-a.png');
    const kept = await readFile(file);
    await rm(file);
    try {
      const res = await supertest(source.baseUrl).get('/api/admin/production/export').set('cookie', sourceAdmin);
      expect(res.status).toBe(409);
      expect(res.body.error).toMatch(/covers\/song-a\.png of "Archive A" is missing/);
    } finally {
      await writeFile(file, kept);
    }
  });
});
