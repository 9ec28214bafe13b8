import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { requireUser, type GraphQLContext } from '../graphql/context.js';
import { ProfileView } from './profile.view.js';

@Resolver()
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
}
