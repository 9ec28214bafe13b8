import { Arg, Ctx, Field, FieldResolver, InputType, Int, Mutation, Resolver, Root, Subscription } from 'type-graphql';
import { UserView, toUserView } from './user.view.js';
import { requireUser, type GraphQLContext } from '../graphql/context.js';
import { Topics, userTopic } from '../pubsub/pubsub.js';
import type { UserUpdatedEvent } from './users.service.js';

@InputType()
export class ProfileInput {
  @Field(() => String, { nullable: true, deprecationReason: 'Use changeEmail, which asks for the current password; a different email here is refused.' }) email?: string | null;
  @Field(() => String, { nullable: true }) avatarUrl?: string | null;
  @Field(() => Int, { nullable: true, description: 'Seconds, 30-480: the AI Studio default.' }) defaultDuration?: number;
  @Field(() => Boolean, { nullable: true }) generateAlbumArt?: boolean;
  @Field(() => Boolean, { nullable: true }) generateLyrics?: boolean;
}

@Resolver(() => UserView)
export class UsersResolver {
  @FieldResolver(() => Int, {
    nullable: true,
    description: 'Generations still allowed this month (monthlyGenerationLimit less the requests that did not fail); null without a limit (adminOverride). Only for the user themself.',
  })
  generationsLeftThisMonth(@Root() user: UserView, @Ctx() ctx: GraphQLContext): Promise<number | null> {
    return ctx.services.users.generationsLeftThisMonth(ctx.em, requireUser(ctx), Number(user.id));
  }

  @Mutation(() => UserView, { description: "Updates the signed-in user's profile and generation defaults." })
  async updateProfile(@Arg('input', () => ProfileInput) input: ProfileInput, @Ctx() ctx: GraphQLContext): Promise<UserView> {
    const user = await ctx.services.users.updateProfile(ctx.em, requireUser(ctx), stripUndefined(input));
    return toUserView(user);
  }

  @Subscription(() => UserView, {
    topics: ({ context }: { context: GraphQLContext }) => userTopic(Topics.userUpdated, requireUser(context).id),
    description: "The signed-in user's account after every change (from any device or API process).",
  })
  userUpdated(@Root() event: UserUpdatedEvent): UserView {
    return event.user;
  }
}

/** GraphQL input objects carry absent fields as undefined; the service wants only the given ones. */
function stripUndefined<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<T>;
}
