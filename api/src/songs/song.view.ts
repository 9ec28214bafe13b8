import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { DateTimeISOResolver } from 'graphql-scalars';
import type { SongFields } from './song-fields.js';
import type { SongAnalysis } from '../music/types.js';

@ObjectType('SilenceRange')
export class SilenceRangeView {
  @Field(() => Float, { description: 'Seconds.' }) start!: number;
  @Field(() => Float, { description: 'Seconds.' }) end!: number;
}

/** The engine's analysis as the player's DJ features read it (playback contract). */
@ObjectType('SongAnalysis')
export class SongAnalysisView {
  @Field(() => Float) durationSeconds!: number;
  @Field(() => Float) bpm!: number;
  @Field(() => Float, { description: 'First downbeat, seconds.' }) beatOffsetSeconds!: number;
  @Field(() => String) key!: string;
  @Field(() => Float) integratedLufs!: number;
  @Field(() => Float) introEndSeconds!: number;
  @Field(() => Float) outroStartSeconds!: number;
  @Field(() => [SilenceRangeView]) silenceRanges!: SilenceRangeView[];
  @Field(() => [Float], { description: 'Peak values 0..1 for the waveform display.' }) waveformPeaks!: number[];
  @Field(() => [Float], { description: 'Energy 0..1, one value per second.' }) energyCurve!: number[];
}

/**
 * A song as a listener sees it (playback contract `Song`), for GraphQL and REST alike.
 * `analysis` is undefined when the entity was loaded without its lazy analysis column; the
 * songs resolver then loads it only for queries that ask for it (it is large: waveform peaks).
 */
@ObjectType('Song', { simpleResolvers: true })
export class SongView {
  @Field(() => ID) id!: string;
  @Field(() => String) title!: string;
  @Field(() => String, { nullable: true }) artist!: string | null;
  @Field(() => String, { nullable: true }) album!: string | null;
  @Field(() => Float, { nullable: true, description: 'Seconds.' }) duration!: number | null;
  @Field(() => String, { nullable: true }) audioUrl!: string | null;
  @Field(() => String, { nullable: true }) coverUrl!: string | null;
  @Field(() => String, { nullable: true }) thumbnailUrl!: string | null;
  @Field(() => String, { nullable: true }) genre!: string | null;
  @Field(() => String, { nullable: true }) mood!: string | null;
  @Field(() => String, { nullable: true }) lyrics!: string | null;
  @Field(() => String, { nullable: true, description: 'Time-stamped lyric lines ("[mm:ss.xx]text").' }) lrc!: string | null;
  @Field(() => Float, { nullable: true }) bpm!: number | null;
  @Field(() => String, { nullable: true }) key!: string | null;
  @Field(() => Int) playCount!: number;
  @Field(() => Int) likeCount!: number;
  @Field(() => Boolean, { description: 'Whether the signed-in viewer has liked this song.' }) isLiked!: boolean;
  @Field(() => DateTimeISOResolver) createdAt!: Date;
  @Field(() => SongAnalysisView, { nullable: true }) analysis?: SongAnalysisView | null;
}

export function toSongAnalysisView(analysis: SongAnalysis): SongAnalysisView {
  return Object.assign(new SongAnalysisView(), {
    durationSeconds: analysis.durationSeconds,
    bpm: analysis.bpm,
    beatOffsetSeconds: analysis.beatOffsetSeconds,
    key: analysis.key,
    integratedLufs: analysis.integratedLufs,
    introEndSeconds: analysis.introEndSeconds,
    outroStartSeconds: analysis.outroStartSeconds,
    silenceRanges: analysis.silenceRanges.map((range) => Object.assign(new SilenceRangeView(), { start: range.start, end: range.end })),
    waveformPeaks: analysis.waveformPeaks,
    energyCurve: analysis.energyCurve,
  });
}

export function toSongView(song: SongFields, viewer: { isLiked: boolean }): SongView {
  // An unloaded lazy property reads as undefined; keep that distinct from a stored null.
  const analysis = song.analysis === undefined ? undefined : song.analysis === null ? null : toSongAnalysisView(song.analysis);
  return songViewWith(song, { isLiked: viewer.isLiked, createdAt: song.createdAt, analysis });
}

/**
 * The view of a song's fields, each property set straight from them: hot reads build one per song
 * per request, so no intermediate object is made. `createdAt` and `analysis` come apart, because
 * rows read without the ORM carry them in another form (song-rows.ts).
 */
export function songViewWith(
  song: Omit<SongFields, 'createdAt' | 'analysis'>,
  extra: { isLiked: boolean; createdAt: Date; analysis: SongAnalysisView | null | undefined },
): SongView {
  const view = new SongView();
  view.id = song.id;
  view.title = song.title;
  view.artist = song.artist;
  view.album = song.album;
  view.duration = song.duration;
  view.audioUrl = song.audioUrl;
  view.coverUrl = song.coverUrl;
  view.thumbnailUrl = song.thumbnailUrl;
  view.genre = song.genre;
  view.mood = song.mood;
  view.lyrics = song.lyrics;
  view.lrc = song.lrc;
  view.bpm = song.bpm;
  view.key = song.musicalKey;
  view.playCount = song.playCount;
  view.likeCount = song.likeCount;
  view.isLiked = extra.isLiked;
  view.createdAt = extra.createdAt;
  view.analysis = extra.analysis;
  return view;
}
