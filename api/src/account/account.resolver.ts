import { Arg, Ctx, Field, ID, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { DateTimeISOResolver } from 'graphql-scalars';
import { requireUser, type GraphQLContext } from '../graphql/context.js';
import { UserView, toUserView } from '../users/user.view.js';
import { clearedSessionCookie } from '../auth/sessions.js';

@ObjectType('ActiveSession')
export class ActiveSessionView {
  @Field(() => ID) id!: string;
  @Field(() => String, { description: 'Browser and system, e.g. "Firefox on Windows".' }) device!: string;
  @Field(() => String, { nullable: true }) ip!: string | null;
  @Field(() => DateTimeISOResolver) lastSeenAt!: Date;
  @Field(() => DateTimeISOResolver) createdAt!: Date;
  @Field(() => Boolean, { description: 'The session this request came from.' }) current!: boolean;
}

@Resolver()
export class AccountResolver {
  @Query(() => [ActiveSessionView], { description: "The signed-in user's sessions (devices), most recently used first." })
  activeSessions(@Ctx() ctx: GraphQLContext): Promise<ActiveSessionView[]> {
    return ctx.services.account.listSessions(ctx.em, requireUser(ctx), ctx.sessionToken);
  }

  @Query(() => String, { nullable: true, description: 'The last 4 characters of the stored voice/audio provider API key (the key is never returned); null when none.' })
  audioProviderKeyLast4(@Ctx() ctx: GraphQLContext): Promise<string | null> {
    return ctx.services.account.audioProviderKeyLast4(ctx.em, requireUser(ctx));
  }

  @Mutation(() => Int, { description: 'Changes the password (the current one is required) and signs out every other session; answers how many.' })
  changePassword(
    @Arg('currentPassword', () => String) currentPassword: string,
    @Arg('newPassword', () => String) newPassword: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<number> {
    return ctx.services.account.changePassword(ctx.em, requireUser(ctx), ctx.sessionToken, { currentPassword, newPassword });
  }

  @Mutation(() => UserView, { description: 'Changes the email address (the current password is required).' })
  async changeEmail(@Arg('currentPassword', () => String) currentPassword: string, @Arg('email', () => String) email: string, @Ctx() ctx: GraphQLContext): Promise<UserView> {
    return toUserView(await ctx.services.account.changeEmail(ctx.em, requireUser(ctx), ctx.sessionToken, { currentPassword, email }));
  }

  @Mutation(() => Boolean, { description: 'Signs out one of your sessions (its sockets close at once).' })
  async revokeSession(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await ctx.services.account.revokeSession(ctx.em, requireUser(ctx), { id });
    return true;
  }

  @Mutation(() => String, { nullable: true, description: 'Stores the voice/audio provider API key encrypted (null removes it); answers its last 4 characters.' })
  setAudioProviderKey(@Arg('apiKey', () => String, { nullable: true }) apiKey: string | null, @Ctx() ctx: GraphQLContext): Promise<string | null> {
    return ctx.services.account.setAudioProviderKey(ctx.em, requireUser(ctx), { apiKey });
  }

  @Mutation(() => Boolean, { description: 'Deletes the account and everything in it (the current password is required); signs out everywhere.' })
  async deleteAccount(@Arg('currentPassword', () => String) currentPassword: string, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await ctx.services.account.deleteAccount(ctx.em, requireUser(ctx), ctx.sessionToken, { currentPassword });
    ctx.http?.setCookie(clearedSessionCookie(ctx.http.secure));
    return true;
  }
}
