/**
 * What an enhancement does to one song, with the music engine: reads the stored media, makes the new
 * versions under names of their own (the previous files stay until an admin confirms the batch) and
 * answers the song fields to change. Nothing here touches the database.
 */
import type { Composition, MasteredAudio, MusicProvider, SongAnalysis, SongRequest, StereoAudio } from '../music/types.js';
import { toLrc } from '../music/index.js';
import { decodeMp3 } from '../music/quality/mp3-decode.js';
import { integratedLoudness } from '../music/master/loudness.js';
import { truePeakDbtp } from '../music/master/true-peak.js';
import { APP_VERSION } from '../config/version.js';
import { meanEnergy } from '../songs/song-energy.js';
import { mediaKey, mediaUrl, type MediaStorage } from '../storage/media-storage.js';
import { lyricsText } from '../generation/song-text.js';
import type { Song } from '../songs/song.entity.js';
import type { EnhancementOperation } from './enhancement-batch.entity.js';
import type { SongSnapshot } from './enhancement-item.entity.js';

/** The song fields an enhancement may change (and undo restores). */
export const ENHANCED_FIELDS = ['audioUrl', 'coverUrl', 'thumbnailUrl', 'lyrics', 'lrc', 'settings', 'duration', 'bpm', 'musicalKey', 'energy', 'loudness', 'analysis', 'engineVersion'] as const;
export type EnhancedField = (typeof ENHANCED_FIELDS)[number];

/** A song the operations cannot apply to: the item is failed with this message. */
export class EnhancementError extends Error {}

export interface EnhancementResult {
  /** The changed fields' new values. */
  changes: Partial<Pick<Song, EnhancedField>>;
  /** What each operation did, for the admin. */
  notes: string[];
  /** Whether the words changed or content analysis was asked for: the caller re-runs it in its transaction. */
  analyseContent: boolean;
}

export interface EnhanceOptions {
  operations: readonly EnhancementOperation[];
  targetLufs: number | null;
  /** Part of the new files' names, so a re-run after a crash rewrites the same files. */
  version: string;
  /** Checked between the engine's steps (shutdown). */
  signal?: AbortSignal;
}

export class SongEnhancer {
  constructor(
    private readonly provider: MusicProvider,
    private readonly storage: MediaStorage,
  ) {}

  async enhance(song: Song, options: EnhanceOptions): Promise<EnhancementResult> {
    const ops = new Set(options.operations);
    const request = song.settings as SongRequest | null;
    const notes: string[] = [];
    const changes: EnhancementResult['changes'] = {};
    const audioOps = ['lyrics', 'remaster', 'reanalyse'].filter((op) => ops.has(op as EnhancementOperation));
    if ((audioOps.length || ops.has('cover')) && !request?.prompt) throw new EnhancementError('The song was not made by this engine (no generation settings): only content analysis applies');
    const checkpoint = () => {
      if (options.signal?.aborted) throw options.signal.reason ?? new Error('Stopped');
    };

    if (ops.has('lyrics') && song.lyrics?.trim()) notes.push('Lyrics: the song already has lyrics, kept');
    else if (ops.has('lyrics')) {
      // Lyrics are sung: the song is made again from its own seed with words, then mastered and analysed.
      const withLyrics: SongRequest = { ...request!, lyrics: null, generateLyrics: true };
      const plan = this.provider.plan(withLyrics);
      const sheet = this.provider.writeLyrics(plan);
      if (!sheet) throw new EnhancementError('The engine wrote no lyrics for this song');
      const composition = this.provider.compose(plan, sheet);
      checkpoint();
      const rendered = await this.provider.render(composition);
      checkpoint();
      const mastered = await this.provider.master(rendered, { targetLufs: options.targetLufs ?? undefined });
      Object.assign(changes, await this.publishAudio(song, mastered, composition, options.version), {
        lyrics: lyricsText(sheet),
        lrc: composition.lyricLines.length ? toLrc(composition.lyricLines) : null,
        settings: withLyrics as unknown as Record<string, unknown>,
      });
      notes.push(`Lyrics: written and sung (${sheet.stanzas.length} stanzas), mastered to ${mastered.integratedLufs.toFixed(1)} LUFS`);
    }

    if (!changes.audioUrl && (ops.has('remaster') || ops.has('reanalyse'))) {
      const stored = await this.readAudio(song);
      const composition = this.composition(request!);
      checkpoint();
      if (ops.has('remaster')) {
        const mastered = await this.provider.master(stored, { targetLufs: options.targetLufs ?? undefined });
        Object.assign(changes, await this.publishAudio(song, mastered, composition, options.version));
        notes.push(`Re-mastered: ${song.loudness?.toFixed(1) ?? '?'} -> ${mastered.integratedLufs.toFixed(1)} LUFS`);
      } else {
        const measured: MasteredAudio = { audio: stored, integratedLufs: integratedLoudness(stored), truePeakDbtp: truePeakDbtp(stored), gainDb: 0 };
        Object.assign(changes, analysisFields(await this.provider.analyse(measured, composition)));
        notes.push(`Re-analysed: ${changes.bpm} BPM, ${changes.musicalKey}, ${changes.loudness?.toFixed(1)} LUFS`);
      }
    }

    if (ops.has('cover')) {
      const plan = this.provider.plan({ ...request!, generateAlbumArt: true });
      checkpoint();
      const cover = await this.provider.paintCover(plan);
      const base = `covers/${song.id}-e${options.version}`;
      await Promise.all([this.storage.write(`${base}.png`, cover.full), this.storage.write(`${base}-256.png`, cover.thumbnail)]);
      Object.assign(changes, { coverUrl: mediaUrl(`${base}.png`), thumbnailUrl: mediaUrl(`${base}-256.png`) });
      notes.push('Cover art: painted again');
    }

    if (ops.has('content')) notes.push('Content analysis: run again');
    return { changes, notes, analyseContent: ops.has('content') || changes.lyrics !== undefined };
  }

  /** Deletes media files this song no longer uses (a replaced version, or the new one on undo). */
  async removeMedia(song: Pick<Song, 'id'>, urls: ReadonlyArray<string | null | undefined>): Promise<void> {
    await this.storage.remove(urls.flatMap((url) => ownMediaKey(song.id, url) ?? []));
  }

  private composition(request: SongRequest): Composition {
    const plan = this.provider.plan(request);
    return this.provider.compose(plan, this.provider.writeLyrics(plan));
  }

  private async readAudio(song: Song): Promise<StereoAudio> {
    const key = ownMediaKey(song.id, song.audioUrl);
    const bytes = key && (await this.storage.read(key));
    if (!bytes) throw new EnhancementError('The song has no audio file of its own');
    const decoded = await decodeMp3(new Uint8Array(bytes));
    if (decoded.errors > 0 || decoded.channels.length === 0) throw new EnhancementError('The song\'s audio file could not be decoded');
    return { sampleRate: decoded.sampleRate, left: decoded.channels[0], right: decoded.channels[1] ?? decoded.channels[0] };
  }

  private async publishAudio(song: Song, mastered: MasteredAudio, composition: Composition, version: string): Promise<Partial<Pick<Song, EnhancedField>>> {
    const encoding = this.provider.encode(mastered.audio);
    encoding.catch(() => undefined); // awaited below; keeps an analysis error from leaving it unhandled
    const analysis = await this.provider.analyse(mastered, composition);
    const relative = `songs/${song.id}-e${version}.mp3`;
    await this.storage.write(relative, await encoding);
    return { audioUrl: mediaUrl(relative), ...analysisFields(analysis) };
  }
}

export function analysisFields(analysis: SongAnalysis): Partial<Pick<Song, EnhancedField>> {
  return {
    analysis,
    duration: analysis.durationSeconds,
    bpm: analysis.bpm,
    musicalKey: analysis.key,
    energy: meanEnergy(analysis.energyCurve),
    loudness: analysis.integratedLufs,
    engineVersion: APP_VERSION,
  };
}

/** The storage key behind a /media URL when it is one of this song's own (never shared artwork or the default cover). */
export function ownMediaKey(songId: string, url: string | null | undefined): string | null {
  const key = mediaKey(url);
  const match = key && /^(songs|covers)\/([^/]+)$/.exec(key);
  return match && match[2]!.startsWith(songId) ? key : null;
}

/** The song's current values of the enhanced fields. */
export function snapshotOf(song: Song, fields: readonly string[]): SongSnapshot {
  return Object.fromEntries(fields.map((field) => [field, song[field as EnhancedField] ?? null]));
}
