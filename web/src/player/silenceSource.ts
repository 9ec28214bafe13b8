/**
 * Silence ranges per song: the server's stored analysis when the song has one, otherwise an
 * analysis of the decoded audio (fetch + decodeAudioData). Results are cached per song id;
 * a failed decode yields no ranges (the song simply plays without silence removal).
 */
import { detectSilence, type DecodedAudio } from './silenceDetection';
import type { PlayableSong, SilenceRange } from './types';

export type AudioDecoder = (url: string) => Promise<DecodedAudio>;

export function browserAudioDecoder(context: { decodeAudioData(data: ArrayBuffer): Promise<DecodedAudio> }): AudioDecoder {
  return async (url) => {
    const response = await fetch(url, { credentials: 'same-origin' });
    if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
    return context.decodeAudioData(await response.arrayBuffer());
  };
}

export class SilenceSource {
  private readonly cache = new Map<string, Promise<readonly SilenceRange[]>>();
  private readonly known = new Map<string, readonly SilenceRange[]>();

  constructor(
    private readonly decode: AudioDecoder,
    private readonly onFailure: (songId: string, error: unknown) => void,
  ) {}

  /** Ranges already known for the song (stored, or analysed earlier); undefined while pending. */
  peek(song: PlayableSong): readonly SilenceRange[] | undefined {
    return song.analysis ? song.analysis.silenceRanges : this.known.get(song.id);
  }

  rangesFor(song: PlayableSong): Promise<readonly SilenceRange[]> {
    if (song.analysis) return Promise.resolve(song.analysis.silenceRanges);
    const cached = this.cache.get(song.id);
    if (cached) return cached;
    const url = song.audioUrl;
    const pending = (url ? this.decode(url) : Promise.reject(new Error('Song has no audio URL')))
      .then((audio) => detectSilence(audio) ?? [])
      .catch((error: unknown) => {
        this.onFailure(song.id, error);
        return [] as SilenceRange[];
      })
      .then((ranges) => {
        this.known.set(song.id, ranges);
        return ranges;
      });
    this.cache.set(song.id, pending);
    return pending;
  }
}
