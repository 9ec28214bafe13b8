import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import { DateTimeISOResolver } from 'graphql-scalars';
import type { AiArtist } from './ai-artist.entity.js';

@ObjectType('VoiceTimbre')
export class VoiceTimbreView {
  @Field(() => Float, { description: '-1 (darker) .. 1 (brighter).' }) brightness!: number;
  @Field(() => Float, { description: '0 (clear) .. 1 (airy).' }) breathiness!: number;
  @Field(() => Float, { description: '0 (straight tone) .. 1 (wide vibrato).' }) vibrato!: number;
}

@InputType('VoiceTimbreInput')
export class VoiceTimbreInput {
  @Field(() => Float) brightness!: number;
  @Field(() => Float) breathiness!: number;
  @Field(() => Float) vibrato!: number;
}

/** Every field optional: createAiArtist needs a name, updateAiArtist changes only what is given. */
@InputType('AiArtistInput')
export class AiArtistInput {
  @Field(() => String, { nullable: true }) name?: string | null;
  @Field(() => String, { nullable: true, description: 'Up to 1000 characters; an empty text clears it.' }) bio?: string | null;
  @Field(() => [String], { nullable: true, description: 'Up to 4 genre ids or names; the first paints the portrait.' }) genres?: string[] | null;
  @Field(() => [String], { nullable: true, description: 'Up to 4 mood ids or names.' }) moods?: string[] | null;
  @Field(() => String, { nullable: true, description: 'low or high.' }) voiceType?: string | null;
  @Field(() => VoiceTimbreInput, { nullable: true }) timbre?: VoiceTimbreInput | null;
  @Field(() => [String], { nullable: true, description: 'Up to 6 instrument ids (SongPlan.instruments names them), first choice first.' }) instruments?: string[] | null;
  @Field(() => Int, { nullable: true, description: 'BPM, 50-200.' }) tempoMin?: number | null;
  @Field(() => Int, { nullable: true, description: 'BPM, 50-200.' }) tempoMax?: number | null;
  @Field(() => Boolean, { nullable: true, description: 'Public artists are visible (read-only) to every signed-in user.' }) isPublic?: boolean | null;
  @Field(() => Int, { nullable: true, description: '0-2147483647; a new seed paints a new portrait.' }) portraitSeed?: number | null;
}

/** `songs` and `songCount` are resolved by ArtistResolver (the songs the viewer may see). */
@ObjectType('AiArtist')
export class AiArtistView {
  @Field(() => ID) id!: string;
  @Field(() => String) name!: string;
  @Field(() => String, { nullable: true }) bio!: string | null;
  @Field(() => [String]) genres!: string[];
  @Field(() => [String]) moods!: string[];
  @Field(() => String, { description: 'low or high.' }) voiceType!: string;
  @Field(() => VoiceTimbreView) timbre!: VoiceTimbreView;
  @Field(() => [String]) instruments!: string[];
  @Field(() => Int) tempoMin!: number;
  @Field(() => Int) tempoMax!: number;
  @Field(() => Boolean) isPublic!: boolean;
  @Field(() => Int) portraitSeed!: number;
  @Field(() => String, { nullable: true, description: '1024 px PNG.' }) portraitUrl!: string | null;
  @Field(() => String, { nullable: true, description: '256 px PNG.' }) portraitThumbnailUrl!: string | null;
  @Field(() => String, { description: "The creator's username." }) ownerName!: string;
  @Field(() => Boolean, { description: 'Whether the viewer created this artist.' }) isMine!: boolean;
  @Field(() => Boolean, { description: 'Whether the viewer may change or delete it (its creator, or an admin).' }) canEdit!: boolean;
  @Field(() => DateTimeISOResolver) createdAt!: Date;
  @Field(() => DateTimeISOResolver) updatedAt!: Date;
  /** Kept for the field resolvers (not exposed). */
  entity!: AiArtist;
}

export function toArtistView(artist: AiArtist, viewer: { id: number; admin: boolean }): AiArtistView {
  return Object.assign(new AiArtistView(), {
    id: String(artist.id),
    name: artist.name,
    bio: artist.bio,
    genres: artist.genres,
    moods: artist.moods,
    voiceType: artist.voiceType,
    timbre: Object.assign(new VoiceTimbreView(), artist.timbre),
    instruments: artist.instruments,
    tempoMin: artist.tempoMin,
    tempoMax: artist.tempoMax,
    isPublic: artist.isPublic,
    portraitSeed: artist.portraitSeed,
    portraitUrl: artist.portraitUrl,
    portraitThumbnailUrl: artist.portraitThumbnailUrl,
    ownerName: artist.user.username,
    isMine: artist.user.id === viewer.id,
    canEdit: artist.user.id === viewer.id || viewer.admin,
    createdAt: artist.createdAt,
    updatedAt: artist.updatedAt,
    entity: artist,
  });
}
