import { Field, ID, Int, ObjectType } from 'type-graphql';
import { DateTimeISOResolver } from 'graphql-scalars';

@ObjectType('GenreCount')
export class GenreCountView {
  @Field(() => String) genre!: string;
  @Field(() => Int) songs!: number;
}

@ObjectType('ProfileStats')
export class ProfileStatsView {
  @Field(() => Int, { description: 'Songs the user made (for others: only their public songs count).' }) songsCreated!: number;
  @Field(() => Int, { description: 'Plays of those songs, by anyone.' }) plays!: number;
  @Field(() => Int, { description: 'Likes those songs received.' }) likesReceived!: number;
  @Field(() => [GenreCountView], { description: 'The three genres the user made most songs in, most first.' }) topGenres!: GenreCountView[];
}

/**
 * A user's profile: their own (/profile) or another signed-in user's public one (/profile?user=name).
 * Its songs and playlists are resolved by ProfileResolver, only when a query asks for them.
 */
@ObjectType('Profile')
export class ProfileView {
  @Field(() => ID) userId!: string;
  @Field(() => String) username!: string;
  @Field(() => String, { nullable: true }) displayName!: string | null;
  @Field(() => String, { nullable: true }) bio!: string | null;
  @Field(() => String, { nullable: true, description: '256 px square; null: show the initial avatar.' }) avatarUrl!: string | null;
  @Field(() => String, { nullable: true, description: '64 px square.' }) avatarSmallUrl!: string | null;
  @Field(() => Boolean) isOwn!: boolean;
  @Field(() => DateTimeISOResolver) memberSince!: Date;
  @Field(() => ProfileStatsView) stats!: ProfileStatsView;
}
