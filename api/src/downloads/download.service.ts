import type { Writable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/postgresql';
import { loadZipArchive } from '../common/lazy.js';
import { z } from 'zod';
import { AppError, forbidden, notFound } from '../common/errors.js';
import { parseInput } from '../common/validation.js';
import type { Composition, MusicProvider, SongRequest } from '../music/types.js';
import { renderStems, STEM_NAMES, stemIsEmpty, type StemName } from '../music/stems/stems.js';
import { encodeWav } from '../music/stems/wav.js';
import { TARGET_LUFS } from '../music/master/master.js';
import { findVisibleSong, songIdSchema } from '../songs/song-access.js';
import type { Song } from '../songs/song.entity.js';
import { mediaKey, type MediaStorage } from '../storage/media-storage.js';
import type { User } from '../users/user.entity.js';

/** The files a song offers (docs/downloads.md): the MP3 as published, the song as WAV, each stem as WAV, all of them as one zip. */
export const DOWNLOAD_FILES = ['song.mp3', 'song.wav', ...STEM_NAMES.map((s) => `${s}.wav` as const), 'stems.zip'] as const;
export type DownloadFile = (typeof DOWNLOAD_FILES)[number];

const fileSchema = z.enum(DOWNLOAD_FILES, { error: `File must be one of ${DOWNLOAD_FILES.join(', ')}` });

export const OWNER_ONLY = "Only the song's owner can download its WAV and stems";
export const NO_RECIPE = 'This song was not made by the engine (it has no generation settings): only its MP3 can be downloaded';

/** A re-mastered song (an admin's enhancement) keeps its own loudness in the WAV. */
const REMASTER_TOLERANCE_LU = 0.5;

export interface StemLink {
  stem: StemName;
  url: string;
}

/** What the viewer may download of a song; WAV, stems and zip are null/empty for anyone but the owner. */
export interface SongDownloads {
  songId: string;
  mp3Url: string | null;
  wavUrl: string | null;
  zipUrl: string | null;
  stems: StemLink[];
  /** Why there is no WAV or stems (not the owner, not made by the engine), or null. */
  unavailableReason: string | null;
}

/** A download ready to be sent: a stored object (the MP3, served with Range), or rendered while it is written. */
export type PreparedDownload = { fileName: string; contentType: string } & ({ key: string } | { write(out: Writable): Promise<void> });

export const downloadUrl = (songId: string, file: DownloadFile): string => `/api/songs/${encodeURIComponent(songId)}/download/${file}`;

/** A file name from a song title: letters, digits, spaces and dashes. */
function baseName(title: string): string {
  return title.replace(/[^\p{L}\p{N} -]+/gu, '').replace(/\s+/g, ' ').trim().slice(0, 80) || 'song';
}

/**
 * Song downloads: the MP3 for anyone who may see the song; the song as WAV and its stems (vocals,
 * drums, bass, music) for its owner, rendered on demand from the song's stored request and seed
 * (the engine is deterministic). One render at a time per process: a 3-minute song's render holds
 * about 200 MB, and a queue of them would not be faster on the shared engine workers anyway.
 */
export class DownloadService {
  private renderQueue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly provider: MusicProvider,
    private readonly storage: MediaStorage,
  ) {}

  async links(em: EntityManager, user: User, songId: unknown): Promise<SongDownloads> {
    const song = await findVisibleSong(em, user, parseInput(songIdSchema, songId));
    const mp3Url = (await this.mp3Key(song)) ? downloadUrl(song.id, 'song.mp3') : null;
    const reason = this.renderRefusal(user, song);
    if (reason) return { songId: song.id, mp3Url, wavUrl: null, zipUrl: null, stems: [], unavailableReason: reason };
    const composition = this.composition(song);
    const stems = STEM_NAMES.filter((stem) => !stemIsEmpty(composition, stem)).map((stem) => ({ stem, url: downloadUrl(song.id, `${stem}.wav`) }));
    return { songId: song.id, mp3Url, wavUrl: downloadUrl(song.id, 'song.wav'), zipUrl: downloadUrl(song.id, 'stems.zip'), stems, unavailableReason: null };
  }

  /** Checks access and prepares the file; rendering starts only when `write` is called. */
  async prepare(em: EntityManager, user: User, songId: unknown, file: unknown): Promise<PreparedDownload> {
    const song = await findVisibleSong(em, user, parseInput(songIdSchema, songId));
    const wanted = parseInput(fileSchema, file);
    const name = baseName(song.title);
    if (wanted === 'song.mp3') {
      const key = await this.mp3Key(song);
      if (!key) throw notFound('This song has no audio file');
      return { fileName: `${name}.mp3`, contentType: 'audio/mpeg', key };
    }
    const reason = this.renderRefusal(user, song);
    if (reason) throw reason === OWNER_ONLY ? forbidden(reason) : new AppError('CONFLICT', reason);
    const composition = this.composition(song);
    const targetLufs = song.loudness !== null && Math.abs(song.loudness - TARGET_LUFS) > REMASTER_TOLERANCE_LU ? song.loudness : undefined;
    if (wanted === 'song.wav') {
      return {
        fileName: `${name}.wav`,
        contentType: 'audio/wav',
        write: (out) => this.serialised(() => renderStems(composition, { stems: [], withSong: true, targetLufs }, async (_, audio) => writeAll(out, encodeWav(audio)))),
      };
    }
    if (wanted === 'stems.zip') {
      return { fileName: `${name}.zip`, contentType: 'application/zip', write: (out) => this.serialised(() => this.writeZip(song, name, composition, targetLufs, out)) };
    }
    const stem = wanted.replace('.wav', '') as StemName;
    if (stemIsEmpty(composition, stem)) throw notFound(`This song has no ${stem}`);
    return {
      fileName: `${name} (${stem}).wav`,
      contentType: 'audio/wav',
      write: (out) => this.serialised(() => renderStems(composition, { stems: [stem], withSong: false }, async (_, audio) => writeAll(out, encodeWav(audio)))),
    };
  }

  /** The zip, streamed as its entries are rendered: the MP3, the song as WAV, the stems, the lyrics. */
  private async writeZip(song: Song, name: string, composition: Composition, targetLufs: number | undefined, out: Writable): Promise<void> {
    // Audio does not deflate enough to be worth the CPU: entries are stored.
    const archive = new (await loadZipArchive())({ store: true });
    const finished = new Promise<void>((resolve, reject) => {
      archive.on('error', reject);
      out.on('close', resolve);
      out.on('finish', resolve);
    });
    archive.pipe(out);
    const mp3Key = await this.mp3Key(song);
    const mp3 = mp3Key && (await this.storage.open(mp3Key));
    if (mp3) archive.append(mp3.body, { name: `${name}/${name}.mp3` });
    if (song.lyrics) archive.append(song.lyrics, { name: `${name}/lyrics.txt` });
    if (song.lrc) archive.append(song.lrc, { name: `${name}/${name}.lrc` });
    const stems = STEM_NAMES.filter((stem) => !stemIsEmpty(composition, stem));
    await renderStems(composition, { stems, withSong: true, targetLufs }, async (part, audio) => {
      const entry = part === 'song' ? `${name}/${name}.wav` : `${name}/stems/${part}.wav`;
      // One entry at a time: the next stem renders once this one has gone out.
      await new Promise<void>((resolve, reject) => {
        archive.once('entry', () => resolve());
        archive.once('error', reject);
        archive.append(Buffer.from(encodeWav(audio).buffer), { name: entry });
      });
    });
    await archive.finalize();
    await finished;
  }

  /** Runs renders one after another (see the class comment). */
  private serialised<T>(render: () => Promise<T>): Promise<T> {
    const run = this.renderQueue.then(render, render);
    this.renderQueue = run.catch(() => undefined);
    return run;
  }

  /** Why the user may not have the WAV and stems of the song, or null when they may. */
  private renderRefusal(user: User, song: Song): string | null {
    if (song.user?.id !== user.id) return OWNER_ONLY;
    const request = song.settings as SongRequest | null;
    if (!request?.prompt || typeof request.seed !== 'number') return NO_RECIPE;
    return null;
  }

  /** The song's composition, made again from its stored request (same seed, same notes). */
  private composition(song: Song): Composition {
    const request = song.settings as unknown as SongRequest;
    const plan = this.provider.plan(request);
    return this.provider.compose(plan, this.provider.writeLyrics(plan));
  }

  /** The storage key of the song's MP3 when it is there. */
  private async mp3Key(song: Song): Promise<string | null> {
    const key = mediaKey(song.audioUrl);
    return key && (await this.storage.stat(key)) ? key : null;
  }
}

function writeAll(out: Writable, bytes: Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    out.end(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), () => resolve());
    out.once('error', reject);
  });
}
