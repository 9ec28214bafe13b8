import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import { DateTimeISOResolver } from 'graphql-scalars';
import { planAnySong } from '../music/derive/index.js';
import type { SongPlan, SongRequest } from '../music/types.js';
import type { GenerationRequest } from './generation-request.entity.js';
import { GenerationProgressView, GenerationStatusItemView } from './events.js';
import { stagesFor } from './stages.js';
import { PageInfoView } from '../connections/connection.view.js';

@InputType('GenerateSongInput')
export class GenerateSongInput {
  @Field(() => String) prompt!: string;
  @Field(() => String, { nullable: true }) title?: string | null;
  @Field(() => [String], { nullable: true, description: 'Genre ids or names, e.g. lo-fi, drum and bass.' }) genres?: string[] | null;
  @Field(() => [String], { nullable: true }) moods?: string[] | null;
  @Field(() => String, { nullable: true, description: 'Own lyrics, used as given (takes precedence over generateLyrics).' }) lyrics?: string | null;
  @Field(() => Boolean, { nullable: true, description: "Default: the user's generateLyrics preference." }) generateLyrics?: boolean | null;
  @Field(() => Boolean, { nullable: true, description: "Default: the user's generateAlbumArt preference." }) generateAlbumArt?: boolean | null;
  @Field(() => Int, { nullable: true, description: "Seconds, 30-480. Default: the user's defaultDuration." }) durationSeconds?: number | null;
  @Field(() => Float, { nullable: true, description: 'Whole number 0-4294967295; same input and seed give the same song.' }) seed?: number | null;
  @Field(() => ID, { nullable: true, description: "Generate as this AI Artist (one the user may see): its voice, palette and tempo range, its genres and moods when none are named, and its name as the song's artist." })
  artistId?: string | null;
  @Field(() => Boolean, { nullable: true, description: 'No vocals and no lyrics (as "no vocals" in the prompt).' }) instrumental?: boolean | null;
  @Field(() => String, { nullable: true, description: 'What to leave out, e.g. "drums, distortion" (parts: drums, bass, vocals, distortion; or instruments).' })
  exclude?: string | null;
}

@InputType('ExtendSongInput')
export class ExtendSongInput {
  @Field(() => ID, { description: 'One of your own songs the engine made.' }) songId!: string;
  @Field(() => Float, { nullable: true, description: 'Where the continuation starts, in seconds (the nearest bar line). Default: the end (before its outro).' })
  fromSeconds?: number | null;
  @Field(() => Int, { nullable: true, description: 'Seconds the continuation adds, 30-240. Default 60.' }) durationSeconds?: number | null;
  @Field(() => String, { nullable: true, description: "The continuation's own words; without them it writes new verses (generateLyrics) or sings the song's words again." })
  lyrics?: string | null;
  @Field(() => Boolean, { nullable: true, description: 'Write new verses for the continuation (engine-written lyrics: not on the free plan). Default false.' })
  generateLyrics?: boolean | null;
  @Field(() => String, { nullable: true, description: 'Default: "<title> (extended)".' }) title?: string | null;
  @Field(() => Boolean, { nullable: true, description: "Default: the song's own setting." }) generateAlbumArt?: boolean | null;
}

@InputType('CoverSongInput')
export class CoverSongInput {
  @Field(() => ID, { description: 'One of your own songs the engine made.' }) songId!: string;
  @Field(() => [String], { nullable: true, description: 'The new genre(s); at least a genre or a mood.' }) genres?: string[] | null;
  @Field(() => [String], { nullable: true }) moods?: string[] | null;
  @Field(() => String, { nullable: true, description: 'Default: "<title> (<genre> cover)".' }) title?: string | null;
  @Field(() => Boolean, { nullable: true, description: "Default: the song's own setting." }) generateAlbumArt?: boolean | null;
}

@InputType('EditSongLyricsInput')
export class EditSongLyricsInput {
  @Field(() => ID, { description: 'One of your own songs the engine made, with vocals.' }) songId!: string;
  @Field(() => String, { description: "The new words (up to 10000 characters; [Verse]/[Chorus] tags place them), sung on the song's melody." }) lyrics!: string;
  @Field(() => String, { nullable: true, description: 'Default: "<title> (new lyrics)".' }) title?: string | null;
  @Field(() => Boolean, { nullable: true, description: "Default: the song's own setting." }) generateAlbumArt?: boolean | null;
}

@ObjectType('SongPlan')
export class SongPlanView {
  @Field(() => String) genre!: string;
  @Field(() => [String]) genres!: string[];
  @Field(() => String) mood!: string;
  @Field(() => [String]) moods!: string[];
  @Field(() => Int) bpm!: number;
  @Field(() => String, { description: 'e.g. "F minor"' }) key!: string;
  @Field(() => [String]) instruments!: string[];
  @Field(() => [String]) themes!: string[];
  @Field(() => String) title!: string;
  @Field(() => Int) durationSeconds!: number;
  @Field(() => Float) seed!: number;
  @Field(() => Boolean) withLyrics!: boolean;
  @Field(() => Boolean) withCoverArt!: boolean;
  @Field(() => String, { description: 'e.g. "Understood: lo-fi · chill · 78 BPM · F minor · piano, rain"' }) summary!: string;
  @Field(() => String, { nullable: true, description: 'The AI Artist the song is generated as.' }) artist!: string | null;
  @Field(() => String, { nullable: true, description: "The voice that sings when the request fixes it (an artist's): low or high." }) voice!: string | null;
  @Field(() => Boolean, { description: 'No vocals (the toggle, or "no vocals" / "instrumental" in the prompt).' }) instrumental!: boolean;
  @Field(() => [String], { description: 'What the song leaves out: vocals, drums, bass, distortion or instrument ids.' }) excluded!: string[];
}

export function toSongPlanView(plan: SongPlan): SongPlanView {
  return Object.assign(new SongPlanView(), {
    genre: plan.genre,
    genres: plan.genres,
    mood: plan.mood,
    moods: plan.moods,
    bpm: Math.round(plan.bpm),
    key: `${plan.key.tonic} ${plan.key.mode}`,
    instruments: plan.instruments,
    themes: plan.themes,
    title: plan.title,
    durationSeconds: plan.durationSeconds,
    seed: plan.seed,
    withLyrics: plan.withLyrics,
    withCoverArt: plan.withCoverArt,
    summary: plan.summary,
    artist: plan.artist ?? null,
    voice: plan.voice ?? null,
    instrumental: plan.excluded?.includes('vocals') ?? false,
    excluded: plan.excluded ?? [],
  });
}

/** `song` and `plan` are resolved by GenerationResolver field resolvers. */
@ObjectType('GenerationRequest')
export class GenerationRequestView {
  @Field(() => ID) id!: string;
  @Field(() => String, { description: 'pending, processing, generating, completed or failed' }) status!: string;
  @Field(() => String) prompt!: string;
  @Field(() => String, { nullable: true }) title!: string | null;
  @Field(() => [String]) genres!: string[];
  @Field(() => [String]) moods!: string[];
  @Field(() => String) stage!: string;
  @Field(() => GenerationProgressView) progress!: GenerationProgressView;
  @Field(() => [String], { description: "Every stage this request's pipeline runs, in order (the lyrics stage only with lyrics, cover art only when asked for)." })
  stages!: string[];
  @Field(() => String, { nullable: true }) error!: string | null;
  @Field(() => String, { nullable: true, description: 'Pipeline step of the last failure: plan, lyrics, compose, render, master, encode, art or save.' })
  failedAtStep!: string | null;
  @Field(() => Int) retryCount!: number;
  @Field(() => Int, { description: "Seconds requested; a song made from another, the whole new song's planned length (an extension: the part kept and the continuation)." })
  durationSeconds!: number;
  @Field(() => DateTimeISOResolver) createdAt!: Date;
  @Field(() => DateTimeISOResolver, { nullable: true }) startedAt!: Date | null;
  @Field(() => DateTimeISOResolver, { nullable: true }) completedAt!: Date | null;
  /** Kept for the field resolvers (not exposed). */
  songId!: string | null;
  settings!: Record<string, unknown>;
}

/** An extension's request asks for the continuation's length, a cover's for its source's: the song's own is its plan's. */
function requestedSeconds(settings: SongRequest): number {
  return settings.source ? planAnySong(settings).durationSeconds : Number(settings.durationSeconds);
}

export function toGenerationView(request: GenerationRequest): GenerationRequestView {
  return Object.assign(new GenerationRequestView(), {
    id: String(request.id),
    status: request.status,
    prompt: request.prompt,
    title: request.title,
    genres: request.genres,
    moods: request.moods,
    stage: request.stage,
    progress: Object.assign(new GenerationProgressView(), { stage: request.stage, percentage: request.percentage }),
    stages: stagesFor(request.settings),
    error: request.error,
    failedAtStep: request.failedAtStep,
    retryCount: request.retryCount,
    durationSeconds: requestedSeconds(request.settings as unknown as SongRequest),
    createdAt: request.createdAt,
    startedAt: request.startedAt,
    completedAt: request.completedAt,
    songId: request.song?.id ?? null,
    settings: request.settings,
  });
}

@ObjectType('GenerationEdge')
export class GenerationEdgeView {
  @Field(() => String, { description: 'Pass as `after` to get the requests after this one.' }) cursor!: string;
  @Field(() => GenerationRequestView) node!: GenerationRequestView;
}

/** A Relay cursor connection; nodes, endCursor and hasNextPage are its first form, kept for existing clients. */
@ObjectType('GenerationConnection')
export class GenerationConnectionView {
  @Field(() => [GenerationEdgeView]) edges!: GenerationEdgeView[];
  @Field(() => PageInfoView) pageInfo!: PageInfoView;
  @Field(() => [GenerationRequestView], { deprecationReason: 'Use edges { node }.' }) nodes!: GenerationRequestView[];
  @Field(() => String, { nullable: true, description: 'Pass as `after` for the next page.', deprecationReason: 'Use pageInfo { endCursor }.' }) endCursor!: string | null;
  @Field(() => Boolean, { deprecationReason: 'Use pageInfo { hasNextPage }.' }) hasNextPage!: boolean;
  count!: () => Promise<number>;

  @Field(() => Int, { description: 'How many requests match (all pages).' })
  totalCount(): Promise<number> {
    return this.count();
  }
}

@ObjectType('GenerationStatus')
export class GenerationStatusView {
  @Field(() => [GenerationStatusItemView], { description: 'Pending, processing or generating, oldest first.' }) active!: GenerationStatusItemView[];
  @Field(() => [GenerationStatusItemView], { description: 'Completed or failed in the last 120 seconds, newest first.' }) completed!: GenerationStatusItemView[];
}
