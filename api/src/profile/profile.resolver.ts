import { Arg, Args, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import { requireUser, type GraphQLContext } from '../graphql/context.js';
import { ConnectionArgs } from '../connections/connection.view.js';
import { SongConnection } from '../songs/songs.resolver.js';
import { PlaylistConnection } from '../playlists/playlist.resolver.js';
import { SongView } from '../songs/song.view.js';
import { PlaylistView } from '../playlists/playlist.view.js';
import { ProfileView } from './profile.view.js';

@Resolver(() => ProfileView)
export class ProfileResolver {
  @Query(() => ProfileView, { description: "The signed-in user's own profile (/profile)." })
  myProfile(@Ctx() ctx: GraphQLContext): Promise<ProfileView> {
    return ctx.services.profiles.myProfile(ctx.em, requireUser(ctx));
  }

  @Query(() => ProfileView, { description: "Another user's public profile by user name: their public songs and playlists only." })
  profile(@Arg('username', () => String) username: string, @Ctx() ctx: GraphQLContext): Promise<ProfileView> {
    return ctx.services.profiles.profileOf(ctx.em, requireUser(ctx), { username });
  }

  @Mutation(() => ProfileView, { description: 'Sets the display name and bio (empty text clears one; an omitted one stays).' })
  updateProfileDetails(
    @Arg('displayName', () => String, { nullable: true }) displayName: string | undefined,
    @Arg('bio', () => String, { nullable: true }) bio: string | undefined,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ProfileView> {
    return ctx.services.profiles.updateDetails(ctx.em, requireUser(ctx), { ...(displayName === undefined ? {} : { displayName }), ...(bio === undefined ? {} : { bio }) });
  }

  @Mutation(() => ProfileView, { description: 'Goes back to the generated initial avatar (uploads: POST /api/profile/avatar).' })
  removeAvatar(@Ctx() ctx: GraphQLContext): Promise<ProfileView> {
    return ctx.services.profiles.removeAvatar(ctx.em, requireUser(ctx));
  }

  @FieldResolver(() => [SongView], { description: 'Newest first, at most 50; for others only public songs.', deprecationReason: 'Use songsConnection (Relay cursor connection).' })
  songs(@Root() profile: ProfileView, @Ctx() ctx: GraphQLContext): Promise<SongView[]> {
    return ctx.services.profiles.songs(ctx.em, requireUser(ctx), profile);
  }

  @FieldResolver(() => [PlaylistView], { description: 'Public playlists (all of them on your own profile).', deprecationReason: 'Use playlistsConnection (Relay cursor connection).' })
  playlists(@Root() profile: ProfileView, @Ctx() ctx: GraphQLContext): Promise<PlaylistView[]> {
    return ctx.services.profiles.playlists(ctx.em, requireUser(ctx), profile);
  }

  @FieldResolver(() => SongConnection.type, { description: "All the owner's songs the viewer may see on the profile (for others only public songs), newest first, as a cursor connection." })
  async songsConnection(@Root() profile: ProfileView, @Args(() => ConnectionArgs) page: ConnectionArgs, @Ctx() ctx: GraphQLContext) {
    return SongConnection.from(await ctx.services.profiles.songsConnection(ctx.em, requireUser(ctx), profile, page));
  }

  @FieldResolver(() => PlaylistConnection.type, { description: "The owner's public playlists (all of them on your own profile), most recently changed first, as a cursor connection." })
  async playlistsConnection(@Root() profile: ProfileView, @Args(() => ConnectionArgs) page: ConnectionArgs, @Ctx() ctx: GraphQLContext) {
    return PlaylistConnection.from(await ctx.services.profiles.playlistsConnection(ctx.em, requireUser(ctx), profile, page));
  }
}
