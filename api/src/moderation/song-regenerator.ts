/**
 * A regeneration's engine work (SPEC 3 content_regeneration_requests): the song made again from its
 * own settings and seed with the flagged words of its lyrics (and title) replaced. With the melody
 * kept, each replacement keeps its word's syllable count, so the composer gives every line the same
 * notes. Writes the new song's media and answers its fields; nothing here touches the database.
 */
import { createHash } from 'node:crypto';
import { writeSongMedia } from '../generation/song-media.js';
import { lyricsText } from '../generation/song-text.js';
import { DEFAULT_COVER_URL } from '../generation/generated-music.entity.js';
import { analysisFields } from '../enhancement/song-enhancer.js';
import { toLrc } from '../music/index.js';
import { generateTitle } from '../music/lyrics/title.js';
import { normaliseWord } from '../music/lyrics/pronounce.js';
import { rewriteLyrics, rewriteText, type RewriteRules, type WordReplacement } from '../music/lyrics/rewrite.js';
import { hashSeed } from '../music/random.js';
import type { MusicProvider, SongRequest } from '../music/types.js';
import type { Song } from '../songs/song.entity.js';
import type { MediaStorage } from '../storage/media-storage.js';
import { offensiveWordsIn } from './content-analysis.js';

/** What a regeneration may keep of the song (SPEC 3 preservedElements). */
export const PRESERVABLE_ELEMENTS = ['melody', 'arrangement', 'title'] as const;
export type PreservableElement = (typeof PRESERVABLE_ELEMENTS)[number];

/** The request cannot be carried out as asked (the request fails with this message). */
export class RegenerationError extends Error {}

export interface RegenerationOrder {
  id: number;
  wordsToEliminate: readonly string[];
  replacementWords: Readonly<Record<string, string>>;
  preservedElements: readonly string[];
}

export interface RegeneratedSong {
  id: string;
  fields: Pick<Song, 'title' | 'lyrics' | 'lrc' | 'settings' | 'audioUrl' | 'coverUrl' | 'thumbnailUrl' | 'genre' | 'mood'> & ReturnType<typeof analysisFields>;
  replacements: WordReplacement[];
}

/** The new song's id, fixed by the request: a redo after a crash rewrites the same files. */
export function regeneratedSongId(requestId: number): string {
  const hex = createHash('sha256').update(`content-regeneration:${requestId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The moderation rules as the rewriter reads them: a word goes when it, or the profanity behind it, is listed. */
export function rewriteRules(order: RegenerationOrder, keepSyllables: boolean): RewriteRules {
  const eliminated = new Set(order.wordsToEliminate.map((word) => normaliseWord(word)));
  const given = Object.fromEntries(Object.entries(order.replacementWords).map(([word, replacement]) => [normaliseWord(word), replacement]));
  return {
    isEliminated: (word) => eliminated.has(normaliseWord(word)) || offensiveWordsIn(word).some((found) => eliminated.has(found)),
    canonical: (word) => offensiveWordsIn(word)[0] ?? normaliseWord(word),
    given,
    acceptable: (word) => offensiveWordsIn(word).length === 0,
    keepSyllables,
  };
}

export class SongRegenerator {
  constructor(
    private readonly provider: MusicProvider,
    private readonly storage: MediaStorage,
  ) {}

  async regenerate(song: Song, order: RegenerationOrder, signal?: AbortSignal): Promise<RegeneratedSong> {
    const request = song.settings as SongRequest | null;
    if (!request?.prompt) throw new RegenerationError('The song was not made by this engine (no generation settings): it cannot be regenerated');
    const preserved = new Set(order.preservedElements);
    const keepMelody = preserved.has('melody');
    const original = this.provider.plan(request);
    // Melody and arrangement come from the seed: kept, it is the song's; otherwise a new one for this request.
    const seed = keepMelody || preserved.has('arrangement') ? original.seed : hashSeed(`${original.seed}:regeneration:${order.id}`);
    const plan = this.provider.plan({ ...request, seed });
    const rules = rewriteRules(order, keepMelody);
    const sheet = this.provider.writeLyrics(plan);
    const rewritten = sheet ? rewriteLyrics(sheet, rules) : null;
    const titleSource = preserved.has('title') ? song.title : generateTitle({ themes: plan.themes, mood: plan.mood, seed });
    const title = rewriteText(titleSource, rules);
    const replacements = [...(rewritten?.replacements ?? []), ...title.replacements];
    if (replacements.length === 0 && title.text === song.title) throw new RegenerationError('None of the words to eliminate is in the song\'s lyrics or title');

    const composition = this.provider.compose(plan, rewritten?.sheet ?? null);
    const checkpoint = () => {
      if (signal?.aborted) throw signal.reason ?? new Error('Stopped');
    };
    checkpoint();
    const rendered = await this.provider.render(composition);
    checkpoint();
    const mastered = await this.provider.master(rendered);
    const encoding = this.provider.encode(mastered.audio);
    encoding.catch(() => undefined); // awaited below; keeps an analysis error from leaving it unhandled
    const analysis = await this.provider.analyse(mastered, composition);
    const cover = plan.withCoverArt ? await this.provider.paintCover(plan) : null;
    const id = regeneratedSongId(order.id);
    const media = await writeSongMedia(this.storage, id, { mp3: await encoding, cover });
    const lyrics = rewritten ? lyricsText(rewritten.sheet) : null;
    // The settings that make this song again: its seed, the rewritten words as the song's lyrics.
    const settings: SongRequest = { ...request, seed, title: title.text, ...(lyrics !== null ? { lyrics } : {}) };
    return {
      id,
      replacements,
      fields: {
        title: title.text,
        lyrics,
        lrc: rewritten && composition.lyricLines.length ? toLrc(composition.lyricLines) : null,
        settings: settings as unknown as Record<string, unknown>,
        audioUrl: media.audioUrl,
        coverUrl: media.coverUrl ?? song.coverUrl ?? DEFAULT_COVER_URL,
        thumbnailUrl: media.thumbnailUrl ?? song.thumbnailUrl ?? DEFAULT_COVER_URL,
        genre: plan.genre,
        mood: plan.mood,
        ...analysisFields(analysis),
      },
    };
  }

  /** Deletes a regenerated song's files (a rejected song, or one made for a request taken over meanwhile). */
  async removeMedia(songId: string): Promise<void> {
    await this.storage.remove([`songs/${songId}.mp3`, `covers/${songId}.png`, `covers/${songId}-256.png`]);
  }
}
