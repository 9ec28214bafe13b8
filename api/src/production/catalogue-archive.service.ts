import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { EntityManager } from '@mikro-orm/postgresql';
import tar from 'tar-stream';
import { z } from 'zod';
import { AppError, badInput } from '../common/errors.js';
import { parseInput } from '../common/validation.js';
import { songIdSchema } from '../songs/song-access.js';
import { User } from '../users/user.entity.js';
import { Song } from '../songs/song.entity.js';
import { DEMO_USERNAME } from '../seed/demo-catalogue.js';
import { recordAdminAction, requireAdmin } from '../admin/admin-access.js';
import { columnList } from './production-columns.js';
import type { ProductionSyncService } from './production-sync.service.js';
import type { LibraryReads } from '../songs/library-reads.js';
import type { MediaStorage } from '../storage/media-storage.js';

/** Bump when the meaning of catalogue.json changes; an installation reads only its own version. */
export const ARCHIVE_SCHEMA_VERSION = 1;
const ARCHIVE_FORMAT = 'songforge-catalogue';
const CATALOGUE_ENTRY = 'catalogue.json';
const MEDIA_PREFIX = 'media/';
/** catalogue.json is read into memory to be validated before any file is kept: bounded. */
const CATALOGUE_MAX_BYTES = 64 * 1024 * 1024;
const MAX_SONGS = 20_000;
/** The columns that point at media files, which travel in the archive beside the rows. */
const MEDIA_COLUMNS = ['audio_url', 'cover_url', 'thumbnail_url'] as const;
type MediaColumn = (typeof MEDIA_COLUMNS)[number];
/** Media paths inside the archive and storage keys: one folder level, plain file names, no way out. */
const MEDIA_PATH = /^(songs|covers)\/[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

const mediaFileSchema = z.object({
  path: z.string().regex(MEDIA_PATH, 'Archive media paths must be songs/<file> or covers/<file>'),
  sha256: z.string().regex(/^[0-9a-f]{64}$/, 'Archive checksums must be SHA-256 in hex'),
  size: z.number().int().min(0),
});
const archiveSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT, { error: 'Not a Songforge catalogue archive' }),
  schemaVersion: z.number({ error: 'The archive has no schema version' }).int(),
  exportedAt: z.string(),
  songs: z
    .array(
      z.object({
        id: songIdSchema,
        columns: z.record(z.string(), z.unknown()).refine((c) => typeof c.title === 'string' && c.title.length > 0, 'Every archived song needs a title'),
        media: z.partialRecord(z.enum(MEDIA_COLUMNS), mediaFileSchema),
      }),
    )
    .max(MAX_SONGS, `An archive holds at most ${MAX_SONGS} songs`),
});
type ArchivedCatalogue = z.infer<typeof archiveSchema>;
type MediaFile = z.infer<typeof mediaFileSchema>;

export interface ImportSummary {
  /** Songs added to this installation's library and published. */
  imported: number;
  /** Songs already here with the same content (under their id, or imported before under a new one): left as they are, published when they were not. */
  skipped: number;
  /** Songs whose id was taken here by a different song: imported under a new id. */
  renamed: Array<{ from: string; to: string }>;
  files: number;
}

/**
 * Moves the production catalogue between installations as a tar.gz (tar-stream + zlib): catalogue.json
 * (rows as JSON with a schema version and each media file's SHA-256 and size), then the media files.
 * Both directions stream: export reads each file from media storage into the response, import writes
 * each entry to a local staging folder (under DATA_DIR, never served) while hashing it, and only a fully checked archive reaches the database,
 * in one transaction (docs/admin.md, "Export and import").
 */
export class CatalogueArchiveService {
  constructor(private readonly deps: { storage: MediaStorage; stagingDir: string; productionSync: ProductionSyncService; library: LibraryReads }) {}

  /**
   * Checks every file before the first byte is sent (so a missing file is a clean error, not a
   * broken download), then streams the archive into `out`.
   */
  async exportTo(em: EntityManager, asker: User | null, out: Writable, onReady: () => void): Promise<void> {
    const admin = requireAdmin(asker);
    const { portable } = this.deps.productionSync.columns(em);
    const rows = await em.execute<Array<Record<string, unknown>>>(
      `select "original_dev_id" as "__id", ${columnList(portable)} from "production_songs" where "original_dev_id" is not null order by "transferred_at", "id"`,
    );
    const files = new Map<string, MediaFile>();
    const songs: ArchivedCatalogue['songs'] = [];
    for (const { __id, ...columns } of rows) {
      const media: Partial<Record<MediaColumn, MediaFile>> = {};
      for (const column of MEDIA_COLUMNS) {
        const relative = mediaPathOf(columns[column]);
        if (!relative) continue;
        const file = files.get(relative) ?? (await this.describe(relative, String(columns.title)));
        files.set(relative, file);
        media[column] = file;
      }
      songs.push({ id: String(__id), columns, media });
    }
    await em.transactional(async (tx) => void recordAdminAction(tx, admin, { action: 'production.export', targetType: 'production_songs', targetId: `${songs.length} songs`, after: { songs: songs.length, files: files.size } }));
    onReady();
    const pack = tar.pack();
    const sent = pipeline(pack, createGzip(), out);
    const catalogue: ArchivedCatalogue = { format: ARCHIVE_FORMAT, schemaVersion: ARCHIVE_SCHEMA_VERSION, exportedAt: new Date().toISOString(), songs };
    pack.entry({ name: CATALOGUE_ENTRY }, JSON.stringify(catalogue));
    for (const file of files.values()) {
      const entry = pack.entry({ name: MEDIA_PREFIX + file.path, size: file.size });
      const stored = await this.deps.storage.open(file.path);
      if (!stored) throw new AppError('CONFLICT', `The file ${file.path} disappeared during the export`);
      await pipeline(stored.body, entry);
    }
    pack.finalize();
    await sent;
  }

  /**
   * Reads an archive from `input`. Nothing is kept unless all of it checks out: the schema version,
   * every row, every file's size and SHA-256 against catalogue.json, no file missing or unexpected,
   * and gzip's own CRC at the end. Files wait in a staging folder, are moved into place inside the
   * rows' transaction and removed again when it fails. A song already here with the same content is
   * skipped, so importing an archive twice changes nothing; one whose id is taken by a different song
   * gets a new id.
   */
  async importFrom(em: EntityManager, asker: User | null, input: Readable): Promise<ImportSummary> {
    const admin = requireAdmin(asker);
    const staging = path.join(this.deps.stagingDir, randomUUID());
    const moved: string[] = [];
    try {
      const { catalogue, staged } = await this.receive(input, staging);
      const summary = await em.transactional(async (tx) => {
        const result = await this.store(tx, admin, catalogue, staged, moved);
        recordAdminAction(tx, admin, {
          action: 'production.import',
          targetType: 'production_songs',
          targetId: `${catalogue.songs.length} songs`,
          after: { exportedAt: catalogue.exportedAt, imported: result.imported, skipped: result.skipped, renamed: result.renamed },
        });
        return result;
      });
      await this.deps.library.changed();
      return summary;
    } catch (error) {
      await this.deps.storage.remove(moved);
      throw error;
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  }

  /** The file's size and SHA-256, read as a stream; CONFLICT when a published song's file is gone. */
  private async describe(relative: string, title: string): Promise<MediaFile> {
    const stored = await this.deps.storage.open(relative);
    if (!stored) throw new AppError('CONFLICT', `The file ${relative} of "${title}" is missing: unpublish the song or restore the file`);
    const hash = createHash('sha256');
    await pipeline(stored.body, hash);
    return { path: relative, size: stored.size, sha256: hash.digest('hex') };
  }

  /** Unpacks into `staging`, checking each entry as it streams past; answers the catalogue and the staged files by archive path. */
  private async receive(input: Readable, staging: string): Promise<{ catalogue: ArchivedCatalogue; staged: Map<string, string> }> {
    const extract = tar.extract();
    const unpacked = pipeline(input, createGunzip(), extract);
    // The pipeline's error (a corrupt gzip stream) is what the loop below reports; not an unhandled rejection.
    unpacked.catch(() => {});
    let catalogue: ArchivedCatalogue | null = null;
    let expected = new Map<string, MediaFile>();
    const staged = new Map<string, string>();
    try {
      for await (const entry of extract) {
        const name = entry.header.name;
        if (!catalogue) {
          if (name !== CATALOGUE_ENTRY) throw badInput(`The archive must start with ${CATALOGUE_ENTRY}`);
          catalogue = parseCatalogue(await readBounded(entry, CATALOGUE_MAX_BYTES));
          expected = new Map(catalogue.songs.flatMap((song) => Object.values(song.media)).map((file) => [file.path, file]));
          continue;
        }
        const file = name.startsWith(MEDIA_PREFIX) ? expected.get(name.slice(MEDIA_PREFIX.length)) : undefined;
        if (!file || staged.has(file.path)) throw badInput(`The archive holds a file its catalogue does not list: ${name}`);
        const target = path.join(staging, file.path);
        await mkdir(path.dirname(target), { recursive: true });
        const hash = createHash('sha256');
        let size = 0;
        const hashing = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            hash.update(chunk);
            size += chunk.length;
            done(null, chunk);
          },
        });
        await pipeline(entry, hashing, createWriteStream(target));
        if (size !== file.size || hash.digest('hex') !== file.sha256) throw badInput(`The archive's ${file.path} does not match its checksum: the archive is damaged`);
        staged.set(file.path, target);
      }
      await unpacked;
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw badInput(`The archive could not be read (${error instanceof Error ? error.message : String(error)}): it is damaged or not a .tar.gz`);
    }
    if (!catalogue) throw badInput('The archive is empty');
    const absent = [...expected.keys()].find((file) => !staged.has(file));
    if (absent) throw badInput(`The archive lacks the file ${absent} its catalogue lists`);
    return { catalogue, staged };
  }

  /** Inside the import's transaction: the songs (owned by the installation's catalogue account), their files moved into place, then published. */
  private async store(tx: EntityManager, admin: User, catalogue: ArchivedCatalogue, staged: Map<string, string>, moved: string[]): Promise<ImportSummary> {
    const { portable } = this.deps.productionSync.columns(tx);
    const known = new Set(portable);
    const owner = (await tx.findOne(User, { username: DEMO_USERNAME })) ?? tx.create(User, { username: DEMO_USERNAME, password: null, isSystem: true });
    await tx.flush();
    const compared = portable.filter((c) => !(MEDIA_COLUMNS as readonly string[]).includes(c));
    const summary: ImportSummary = { imported: 0, skipped: 0, renamed: [], files: 0 };
    const publish: string[] = [];
    for (const song of catalogue.songs) {
      const unknown = Object.keys(song.columns).find((column) => !known.has(column));
      if (unknown) throw badInput(`The archive's column ${unknown} is unknown to this installation`);
      const values = JSON.stringify(song.columns);
      // The same song already here: under its own id, or imported before under a new one (the catalogue account's).
      const [identical] = await tx.execute<Array<{ id: string }>>(
        `select s."id" from "songs" s, jsonb_populate_record(null::"songs", ?::jsonb) r
          where (s."id" = ?::text or s."user_id" = ?::int) and (${columnList(compared, 's')}) is not distinct from (${columnList(compared, 'r')})
          order by s."id" = ?::text desc limit 1`,
        [values, song.id, owner.id, song.id],
      );
      if (identical) {
        summary.skipped += 1;
        publish.push(identical.id);
        continue;
      }
      const taken = (await tx.count(Song, { id: song.id })) > 0;
      const id = taken ? randomUUID() : song.id;
      if (taken) summary.renamed.push({ from: song.id, to: id });
      const columns: Record<string, unknown> = { ...song.columns };
      for (const [column, file] of Object.entries(song.media) as Array<[MediaColumn, MediaFile]>) {
        columns[column] = `/media/${await this.place(staged.get(file.path)!, file, id, moved)}`;
        summary.files += 1;
      }
      const names = Object.keys(columns);
      await tx.execute(
        `insert into "songs" ("id", "user_id", ${columnList(names)}) select ?::text, ?::int, ${columnList(names, 'r')} from jsonb_populate_record(null::"songs", ?::jsonb) r`,
        [id, owner.id, JSON.stringify(columns)],
      );
      summary.imported += 1;
      publish.push(id);
    }
    for (let start = 0; start < publish.length; start += 500) await this.deps.productionSync.transferBatch(tx, admin, publish.slice(start, start + 500), null);
    return summary;
  }

  /**
   * Moves a staged file to `<folder>/<songId>-i<first 12 hex of its SHA-256><ext>`: named after the
   * song and its content, so an import never overwrites another song's file, and a file already
   * there under that name holds the same bytes. Answers its storage key.
   */
  private async place(stagedFile: string, file: MediaFile, songId: string, moved: string[]): Promise<string> {
    const [folder] = file.path.split('/');
    const relative = `${folder}/${songId}-i${file.sha256.slice(0, 12)}${path.extname(file.path)}`;
    if (!(await this.deps.storage.stat(relative))) {
      await this.deps.storage.write(relative, createReadStream(stagedFile));
      moved.push(relative);
    }
    return relative;
  }
}

/** The storage key of a `/media/...` URL, or null for anything else (e.g. the shared default cover). */
function mediaPathOf(url: unknown): string | null {
  if (typeof url !== 'string' || !url.startsWith('/media/')) return null;
  const relative = url.slice('/media/'.length);
  return MEDIA_PATH.test(relative) ? relative : null;
}

function parseCatalogue(text: string): ArchivedCatalogue {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw badInput(`The archive's ${CATALOGUE_ENTRY} is not valid JSON`);
  }
  const catalogue = parseInput(archiveSchema, json);
  if (catalogue.schemaVersion !== ARCHIVE_SCHEMA_VERSION) {
    throw badInput(`The archive's schema version ${catalogue.schemaVersion} is not one this installation reads (${ARCHIVE_SCHEMA_VERSION})`);
  }
  return catalogue;
}

async function readBounded(entry: AsyncIterable<unknown>, maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const data of entry) {
    const chunk = data as Buffer;
    size += chunk.length;
    if (size > maxBytes) throw badInput(`The archive's ${CATALOGUE_ENTRY} is larger than ${maxBytes / 1024 / 1024} MB`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
