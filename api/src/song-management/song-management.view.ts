import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import { DateTimeISOResolver } from 'graphql-scalars';

/** A song as its manager sees it in /song-management: every editable field and its visibility. */
@ObjectType('ManagedSong')
export class ManagedSongView {
  @Field(() => ID) id!: string;
  @Field(() => String) title!: string;
  @Field(() => String, { nullable: true }) artist!: string | null;
  @Field(() => String, { nullable: true }) genre!: string | null;
  @Field(() => String, { nullable: true }) mood!: string | null;
  @Field(() => String, { nullable: true }) lyrics!: string | null;
  @Field(() => String, { nullable: true, description: 'Time-stamped lyric lines ("[mm:ss.xx]text"), for the .lrc download.' }) lrc!: string | null;
  @Field(() => Float, { nullable: true, description: 'Seconds.' }) duration!: number | null;
  @Field(() => String, { nullable: true }) audioUrl!: string | null;
  @Field(() => String, { nullable: true }) coverUrl!: string | null;
  @Field(() => String, { nullable: true }) thumbnailUrl!: string | null;
  @Field(() => Boolean) isPublic!: boolean;
  @Field(() => Boolean) canBeShared!: boolean;
  @Field(() => String, { nullable: true, description: 'The owner (null for the demo catalogue).' }) ownerName!: string | null;
  @Field(() => Int) playCount!: number;
  @Field(() => Int) likeCount!: number;
  @Field(() => DateTimeISOResolver) createdAt!: Date;
}

@ObjectType('CoverChoice')
export class CoverChoiceView {
  @Field(() => ID) songId!: string;
  @Field(() => String) title!: string;
  @Field(() => String) coverUrl!: string;
  @Field(() => String) thumbnailUrl!: string;
}

/** Changes to a song; absent fields stay as they are, an empty text clears artist, genre, mood or lyrics. */
@InputType('ManagedSongInput')
export class ManagedSongInput {
  @Field(() => String, { nullable: true }) title?: string | null;
  @Field(() => String, { nullable: true }) artist?: string | null;
  @Field(() => String, { nullable: true }) genre?: string | null;
  @Field(() => String, { nullable: true }) mood?: string | null;
  @Field(() => String, { nullable: true, description: 'New lyrics; the LRC is re-synced to the sung timing.' }) lyrics?: string | null;
  @Field(() => Boolean, { nullable: true }) isPublic?: boolean | null;
  @Field(() => Boolean, { nullable: true }) canBeShared?: boolean | null;
  @Field(() => ID, { nullable: true, description: 'Take the cover of this song (one the caller may see).' }) coverFromSongId?: string | null;
}
