import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { DateTimeISOResolver } from 'graphql-scalars';
import type { SongContentAnalysis } from './song-content-analysis.entity.js';
import type { ContentModerationItem } from './content-moderation-item.entity.js';
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

@ObjectType('ModerationOutcome', { description: "A moderator's decision on a song, as its owner sees it." })
export class ModerationOutcomeView {
  @Field(() => String, { description: 'pending, approved, hidden or regeneration' }) status!: string;
  @Field(() => String, { nullable: true }) moderatorNotes!: string | null;
  @Field(() => DateTimeISOResolver, { nullable: true }) reviewedAt!: Date | null;
}

export function toOutcomeView(item: ContentModerationItem): ModerationOutcomeView {
  return Object.assign(new ModerationOutcomeView(), { status: item.status, moderatorNotes: item.moderatorNotes, reviewedAt: item.reviewedAt });
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
