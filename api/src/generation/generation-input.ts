import { z } from 'zod';
import type { User } from '../users/user.entity.js';
import type { SongRequest } from '../music/types.js';
import { parseInput } from '../common/validation.js';

const DURATION_RULE = 'Duration must be between 30 and 480 seconds';
const LYRICS_RULE = 'Lyrics must be at most 10000 characters';
const MAX_TAGS = 8;

/** GenerateSongInput as the API accepts it; omitted toggles and duration come from the user's preferences. */
export const generateSongSchema = z.object(
  {
    prompt: z
      .string({ error: 'Prompt is required' })
      .trim()
      .min(1, 'Prompt is required')
      .max(1000, 'Prompt must be at most 1000 characters'),
    title: z.string().trim().max(255, 'Title must be at most 255 characters').nullish(),
    genres: z
      .array(z.string().trim().min(1, 'Genres cannot be empty').max(50, 'Genre names are at most 50 characters'), { error: 'Genres must be a list' })
      .max(MAX_TAGS, `At most ${MAX_TAGS} genres`)
      .default([]),
    moods: z
      .array(z.string().trim().min(1, 'Moods cannot be empty').max(50, 'Mood names are at most 50 characters'), { error: 'Moods must be a list' })
      .max(MAX_TAGS, `At most ${MAX_TAGS} moods`)
      .default([]),
    lyrics: z.string().trim().max(10_000, LYRICS_RULE).nullish(),
    generateLyrics: z.boolean().nullish(),
    generateAlbumArt: z.boolean().nullish(),
    durationSeconds: z
      .number({ error: DURATION_RULE })
      .int('Duration must be a whole number of seconds')
      .min(30, DURATION_RULE)
      .max(480, DURATION_RULE)
      .nullish(),
    seed: z.number().int('Seed must be a whole number').min(0, 'Seed must be between 0 and 4294967295').max(0xffffffff, 'Seed must be between 0 and 4294967295').nullish(),
    artistId: z.union([z.string(), z.number()], { error: 'artistId must be an artist id' }).nullish(),
    instrumental: z.boolean({ error: 'instrumental must be true or false' }).nullish(),
    exclude: z.string({ error: 'exclude must be text' }).trim().max(300, 'exclude must be at most 300 characters').nullish(),
  },
  { error: 'Expected a JSON object with a prompt' },
);

/**
 * The engine request for this input, with the user's stored defaults filled in, and the AI Artist
 * it names (the caller looks it up and adds its style).
 */
export function toSongRequest(user: Pick<User, 'defaultDuration' | 'generateAlbumArt' | 'generateLyrics'>, input: unknown): { request: SongRequest; artistId: unknown } {
  const parsed = parseInput(generateSongSchema, input);
  const lyrics = parsed.lyrics ? parsed.lyrics : null;
  const request: SongRequest = {
    prompt: parsed.prompt,
    title: parsed.title ? parsed.title : null,
    genres: parsed.genres,
    moods: parsed.moods,
    lyrics,
    generateLyrics: parsed.generateLyrics ?? user.generateLyrics,
    generateAlbumArt: parsed.generateAlbumArt ?? user.generateAlbumArt,
    durationSeconds: parsed.durationSeconds ?? user.defaultDuration,
    seed: parsed.seed ?? null,
    ...(parsed.instrumental ? { instrumental: true } : {}),
    ...(parsed.exclude ? { exclude: parsed.exclude } : {}),
  };
  return { request, artistId: parsed.artistId ?? null };
}

const EXTEND_RULE = 'An extension adds between 30 and 240 seconds';

/** ExtendSongInput: continue one of the user's songs from a point (seconds; default its end). */
export const extendSongSchema = z.object(
  {
    songId: z.union([z.string(), z.number()], { error: 'songId is required' }),
    fromSeconds: z.number({ error: 'fromSeconds must be a number of seconds' }).min(0, 'fromSeconds must be 0 or more').max(480, 'fromSeconds must be at most 480').nullish(),
    durationSeconds: z.number({ error: EXTEND_RULE }).int('Duration must be a whole number of seconds').min(30, EXTEND_RULE).max(240, EXTEND_RULE).nullish(),
    lyrics: generateSongSchema.shape.lyrics,
    generateLyrics: z.boolean().nullish(),
    title: generateSongSchema.shape.title,
    generateAlbumArt: z.boolean().nullish(),
  },
  { error: 'Expected a JSON object with a songId' },
);

/** CoverSongInput: one of the user's songs in other genres and/or moods, keeping its melody and words. */
export const coverSongSchema = z.object(
  {
    songId: z.union([z.string(), z.number()], { error: 'songId is required' }),
    genres: generateSongSchema.shape.genres,
    moods: generateSongSchema.shape.moods,
    title: generateSongSchema.shape.title,
    generateAlbumArt: z.boolean().nullish(),
  },
  { error: 'Expected a JSON object with a songId' },
);

/** EditSongLyricsInput: new words for one of the user's sung songs, on its melody and band (the song's lyrics' limits). */
export const editSongLyricsSchema = z.object(
  {
    songId: z.union([z.string(), z.number()], { error: 'songId is required' }),
    lyrics: z.string({ error: 'Lyrics are required' }).trim().min(1, 'Lyrics are required').max(10_000, LYRICS_RULE),
    title: generateSongSchema.shape.title,
    generateAlbumArt: z.boolean().nullish(),
  },
  { error: 'Expected a JSON object with a songId and lyrics' },
);
