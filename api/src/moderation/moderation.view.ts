import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import { DateTimeISOResolver } from 'graphql-scalars';
import type { SongContentAnalysis } from './song-content-analysis.entity.js';
import type { ContentModerationItem } from './content-moderation-item.entity.js';
import type { ContentRegenerationRequest } from './content-regeneration-request.entity.js';
import type { Song } from '../songs/song.entity.js';
import { highlightProfanity } from './content-analysis.js';

@ObjectType('SongContentAnalysis')
export class SongContentAnalysisView {
  @Field(() => [String]) themes!: string[];
  @Field(() => [String]) keywords!: string[];
  @Field(() => String, { nullable: true, description: 'positive, negative or neutral' }) sentiment!: string | null;
  @Field(() => Float, { nullable: true, description: '-1..1' }) sentimentScore!: number | null;
  @Field(() => String, { nullable: true, description: "ISO 639-3 code, 'und' when undetermined" }) language!: string | null;
  @Field(() => String, { nullable: true, description: 'clean or explicit' }) contentRating!: string | null;
  @Field(() => Boolean) adultContent!: boolean;
  @Field(() => Boolean) offensiveContent!: boolean;
  @Field(() => [String]) offensiveWords!: string[];
  @Field(() => [String]) emotionalTones!: string[];
  @Field(() => [String]) musicalReferences!: string[];
  @Field(() => [String]) culturalReferences!: string[];
  @Field(() => Int, { nullable: true }) wordCount!: number | null;
  @Field(() => Int, { nullable: true }) uniqueWordCount!: number | null;
  @Field(() => String) analysisVersion!: string;
  @Field(() => Float, { nullable: true, description: '0..1' }) analysisConfidence!: number | null;
  @Field(() => String, { nullable: true }) analysisModel!: string | null;
}

export function toAnalysisView(a: SongContentAnalysis): SongContentAnalysisView {
  return Object.assign(new SongContentAnalysisView(), {
    themes: a.themes ?? [],
    keywords: a.keywords ?? [],
    sentiment: a.sentiment,
    sentimentScore: a.sentimentScore,
    language: a.language,
    contentRating: a.contentRating,
    adultContent: a.adultContent,
    offensiveContent: a.offensiveContent,
    offensiveWords: a.offensiveWords ?? [],
    emotionalTones: a.emotionalTones ?? [],
    musicalReferences: a.musicalReferences ?? [],
    culturalReferences: a.culturalReferences ?? [],
    wordCount: a.wordCount,
    uniqueWordCount: a.uniqueWordCount,
    analysisVersion: a.analysisVersion,
    analysisConfidence: a.analysisConfidence,
    analysisModel: a.analysisModel,
  });
}

@ObjectType('TextSpan')
export class TextSpanView {
  @Field(() => String) text!: string;
  @Field(() => Boolean, { description: 'A word the profanity matcher flagged.' }) flagged!: boolean;
}

@ObjectType('WordReplacement')
export class WordReplacementView {
  @Field(() => String) word!: string;
  @Field(() => String) replacement!: string;
}

@InputType('WordReplacementInput')
export class WordReplacementInput {
  @Field(() => String) word!: string;
  @Field(() => String) replacement!: string;
}

@InputType('RegenerationInput', { description: 'What a regeneration changes and keeps; each field defaults (the flagged words, chosen replacements, everything preserved).' })
export class RegenerationInput {
  @Field(() => [String], { nullable: true, description: 'Words to take out of the lyrics and title (default: the flagged words).' }) wordsToEliminate?: string[] | null;
  @Field(() => [WordReplacementInput], { nullable: true, description: 'Replacements to use; other words get one of the same syllables that rhymes where possible.' }) replacementWords?: WordReplacementInput[] | null;
  @Field(() => [String], { nullable: true, description: 'Among melody, arrangement, title (default: all).' }) preservedElements?: string[] | null;
}

@ObjectType('RegenerationSong', { description: 'One side of a regeneration, to listen to and read.' })
export class RegenerationSongView {
  @Field(() => ID) id!: string;
  @Field(() => String) title!: string;
  @Field(() => String, { nullable: true }) audioUrl!: string | null;
  @Field(() => String, { nullable: true }) lyrics!: string | null;
  @Field(() => String, { description: 'visible or hidden' }) moderationStatus!: string;
}

const toRegenerationSong = (song: Song): RegenerationSongView =>
  Object.assign(new RegenerationSongView(), { id: song.id, title: song.title, audioUrl: song.audioUrl, lyrics: song.lyrics, moderationStatus: song.moderationStatus });

@ObjectType('RegenerationRequest', { description: 'A request to make a song again with words replaced (SPEC 3 content_regeneration_requests).' })
export class RegenerationRequestView {
  @Field(() => ID) id!: string;
  @Field(() => String, { description: 'pending, processing, completed or failed' }) status!: string;
  @Field(() => String, { nullable: true }) error!: string | null;
  @Field(() => [String]) wordsToEliminate!: string[];
  @Field(() => [WordReplacementView], { description: 'Replacements the moderator gave.' }) replacementWords!: WordReplacementView[];
  @Field(() => [String]) preservedElements!: string[];
  @Field(() => [WordReplacementView], { description: 'What the regeneration replaced, as written and as sung now.' }) replacedWords!: WordReplacementView[];
  @Field(() => String, { nullable: true, description: 'accepted or rejected, once a moderator decided' }) decision!: string | null;
  @Field(() => String, { nullable: true }) decidedBy!: string | null;
  @Field(() => DateTimeISOResolver, { nullable: true }) decidedAt!: Date | null;
  @Field(() => String) requestedBy!: string;
  @Field(() => DateTimeISOResolver) createdAt!: Date;
  @Field(() => DateTimeISOResolver, { nullable: true }) completedAt!: Date | null;
  @Field(() => RegenerationSongView) originalSong!: RegenerationSongView;
  @Field(() => RegenerationSongView, { nullable: true }) newSong!: RegenerationSongView | null;
}

const pairs = (entries: Array<[string, string]>) => entries.map(([word, replacement]) => Object.assign(new WordReplacementView(), { word, replacement }));

export function toRegenerationView(request: ContentRegenerationRequest): RegenerationRequestView {
  return Object.assign(new RegenerationRequestView(), {
    id: String(request.id),
    status: request.status,
    error: request.error,
    wordsToEliminate: request.wordsToEliminate ?? [],
    replacementWords: pairs(Object.entries(request.replacementWords ?? {})),
    preservedElements: request.preservedElements ?? [],
    replacedWords: pairs((request.replacedWords ?? []).map(({ from, to }) => [from, to])),
    decision: request.decision,
    decidedBy: request.decidedBy?.username ?? null,
    decidedAt: request.decidedAt,
    requestedBy: request.requestedBy.username,
    createdAt: request.createdAt,
    completedAt: request.completedAt,
    originalSong: toRegenerationSong(request.originalSong),
    newSong: request.newSong ? toRegenerationSong(request.newSong) : null,
  });
}

@ObjectType('RegenerationOutcome', { description: "A regeneration of the song, as its owner sees it." })
export class RegenerationOutcomeView {
  @Field(() => String, { description: 'pending, processing, completed or failed' }) status!: string;
  @Field(() => String, { nullable: true }) error!: string | null;
  @Field(() => ID, { nullable: true, description: 'The regenerated song (hidden until accepted).' }) newSongId!: string | null;
  @Field(() => String, { nullable: true, description: 'accepted or rejected' }) decision!: string | null;
  @Field(() => DateTimeISOResolver, { nullable: true }) completedAt!: Date | null;
}

@ObjectType('ModerationOutcome', { description: "A moderator's decision on a song, as its owner sees it." })
export class ModerationOutcomeView {
  @Field(() => String, { description: 'pending, approved, hidden or regeneration' }) status!: string;
  @Field(() => String, { nullable: true }) moderatorNotes!: string | null;
  @Field(() => DateTimeISOResolver, { nullable: true }) reviewedAt!: Date | null;
  @Field(() => RegenerationOutcomeView, { nullable: true, description: 'The latest regeneration request, when the decision was to regenerate.' }) regeneration!: RegenerationOutcomeView | null;
}

export function toOutcomeView(item: ContentModerationItem, regeneration: ContentRegenerationRequest | null): ModerationOutcomeView {
  return Object.assign(new ModerationOutcomeView(), {
    status: item.status,
    moderatorNotes: item.moderatorNotes,
    reviewedAt: item.reviewedAt,
    regeneration: regeneration
      ? Object.assign(new RegenerationOutcomeView(), { status: regeneration.status, error: regeneration.error, newSongId: regeneration.newSong?.id ?? null, decision: regeneration.decision, completedAt: regeneration.completedAt })
      : null,
  });
}

@ObjectType('ModerationItem')
export class ModerationItemView {
  @Field(() => ID) id!: string;
  @Field(() => ID) songId!: string;
  @Field(() => String) songTitle!: string;
  @Field(() => String, { nullable: true }) songArtist!: string | null;
  @Field(() => String, { description: "visible or hidden (hidden: only the owner sees it)" }) songModerationStatus!: string;
  @Field(() => [TextSpanView], { description: 'The lyrics cut into spans, the flagged words marked.' }) highlightedLyrics!: TextSpanView[];
  @Field(() => [String]) flaggedFor!: string[];
  @Field(() => [String]) flaggedWords!: string[];
  @Field(() => String, { description: 'pending, approved, hidden or regeneration' }) status!: string;
  @Field(() => String, { nullable: true }) moderatorNotes!: string | null;
  @Field(() => String, { nullable: true, description: "The reviewing admin's user name." }) reviewedBy!: string | null;
  @Field(() => DateTimeISOResolver, { nullable: true }) reviewedAt!: Date | null;
  @Field(() => DateTimeISOResolver) createdAt!: Date;
  @Field(() => SongContentAnalysisView, { nullable: true }) analysis!: SongContentAnalysisView | null;
}

export function toModerationItemView(item: ContentModerationItem): ModerationItemView {
  return Object.assign(new ModerationItemView(), {
    id: String(item.id),
    songId: item.song.id,
    songTitle: item.song.title,
    songArtist: item.song.artist,
    songModerationStatus: item.song.moderationStatus,
    highlightedLyrics: highlightProfanity(item.song.lyrics ?? '').map((span) => Object.assign(new TextSpanView(), span)),
    flaggedFor: item.flaggedFor,
    flaggedWords: item.flaggedWords ?? [],
    status: item.status,
    moderatorNotes: item.moderatorNotes,
    reviewedBy: item.reviewedBy?.username ?? null,
    reviewedAt: item.reviewedAt,
    createdAt: item.createdAt,
    analysis: item.analysis ? toAnalysisView(item.analysis) : null,
  });
}
