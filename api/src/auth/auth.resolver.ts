import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { UserView, toUserView } from '../users/user.view.js';
import type { GraphQLContext } from '../graphql/context.js';
import { badInput } from '../common/errors.js';
import { clearedSessionCookie, sessionCookie } from './sessions.js';

@Resolver()
export class AuthResolver {
  @Query(() => UserView, { nullable: true, description: 'The signed-in user, or null.' })
  me(@Ctx() ctx: GraphQLContext): UserView | null {
    if (ctx.userView !== undefined) return ctx.userView;
    return ctx.user ? toUserView(ctx.user) : null;
  }

  @Mutation(() => UserView, { description: 'Creates an account and signs it in (sets the session cookie).' })
  async register(
    @Arg('username', () => String) username: string,
    @Arg('password', () => String) password: string,
    @Arg('email', () => String, { nullable: true }) email: string | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<UserView> {
    const http = requireHttp(ctx);
    const { user, token } = await ctx.services.auth.register(ctx.em, { username, password, email }, { ...http, previousToken: ctx.sessionToken });
    http.setCookie(sessionCookie(token, http.secure));
    return toUserView(user);
  }

  @Mutation(() => UserView, { description: 'Signs in (sets a new session cookie).' })
  async login(
    @Arg('username', () => String) username: string,
    @Arg('password', () => String) password: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<UserView> {
    const http = requireHttp(ctx);
    const { user, token } = await ctx.services.auth.login(ctx.em, { username, password }, { ...http, previousToken: ctx.sessionToken });
    http.setCookie(sessionCookie(token, http.secure));
    return toUserView(user);
  }

  @Mutation(() => Boolean, { description: 'Ends the current session.' })
  async logout(@Ctx() ctx: GraphQLContext): Promise<boolean> {
    const http = requireHttp(ctx);
    await ctx.services.auth.logout(ctx.em, ctx.sessionToken);
    http.setCookie(clearedSessionCookie(http.secure));
    return true;
  }
}

function requireHttp(ctx: GraphQLContext): NonNullable<GraphQLContext['http']> {
  if (!ctx.http) throw badInput('Sign-in operations must be sent over HTTP, not a subscription socket');
  return ctx.http;
}
