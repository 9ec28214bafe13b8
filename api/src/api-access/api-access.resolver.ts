import { Arg, Ctx, Field, ID, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { DateTimeISOResolver } from 'graphql-scalars';
import { requireUser, type GraphQLContext } from '../graphql/context.js';
import { forbidden } from '../common/errors.js';
import type { CreatedCredential, CredentialInfo } from './api-access.service.js';

@ObjectType('ApiCredential', { description: 'An app password or a personal access token, without its secret.' })
export class ApiCredentialView {
  @Field(() => ID) id!: string;
  @Field(() => String) name!: string;
  @Field(() => DateTimeISOResolver) createdAt!: Date;
  @Field(() => DateTimeISOResolver, { nullable: true, description: 'Last request made with it (to within 5 minutes).' }) lastUsedAt!: Date | null;
  @Field(() => String, { nullable: true, description: "An access token's last 4 characters; null for app passwords." }) last4!: string | null;
}

@ObjectType('CreatedApiCredential')
export class CreatedApiCredentialView {
  @Field(() => ApiCredentialView) credential!: ApiCredentialView;
  @Field(() => String, { description: 'The password or token itself: shown this once, never again.' }) secret!: string;
}

/**
 * New credentials are made from a signed-in session only: a leaked access token must not be able to
 * mint more credentials that would outlive its revocation.
 */
function requireSession(ctx: GraphQLContext) {
  const user = requireUser(ctx);
  if (!ctx.sessionToken) throw forbidden('Create app passwords and access tokens from a signed-in session (Account settings), not with an access token');
  return user;
}

const toView = (info: CredentialInfo) => Object.assign(new ApiCredentialView(), info);
const toCreatedView = (created: CreatedCredential) => Object.assign(new CreatedApiCredentialView(), { credential: toView(created.credential), secret: created.secret });

@Resolver()
export class ApiAccessResolver {
  @Query(() => [ApiCredentialView], { description: "The signed-in user's app passwords for Subsonic apps, newest first." })
  async appPasswords(@Ctx() ctx: GraphQLContext): Promise<ApiCredentialView[]> {
    return (await ctx.services.apiAccess.appPasswords(ctx.em, requireUser(ctx))).map(toView);
  }

  @Mutation(() => CreatedApiCredentialView, { description: 'Creates an app password for a Subsonic app (docs/subsonic.md); the password is in the answer only.' })
  async createAppPassword(@Arg('name', () => String) name: string, @Ctx() ctx: GraphQLContext): Promise<CreatedApiCredentialView> {
    return toCreatedView(await ctx.services.apiAccess.createAppPassword(ctx.em, requireSession(ctx), { name }));
  }

  @Mutation(() => Boolean, { description: 'Revokes an app password: the next request made with it is refused.' })
  async revokeAppPassword(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await ctx.services.apiAccess.revokeAppPassword(ctx.em, requireUser(ctx), { id });
    return true;
  }

  @Query(() => [ApiCredentialView], { description: "The signed-in user's personal access tokens, newest first." })
  async accessTokens(@Ctx() ctx: GraphQLContext): Promise<ApiCredentialView[]> {
    return (await ctx.services.apiAccess.accessTokens(ctx.em, requireUser(ctx))).map(toView);
  }

  @Mutation(() => CreatedApiCredentialView, { description: 'Creates a personal access token (Authorization: Bearer, or the Subsonic apiKey); the token is in the answer only.' })
  async createAccessToken(@Arg('name', () => String) name: string, @Ctx() ctx: GraphQLContext): Promise<CreatedApiCredentialView> {
    return toCreatedView(await ctx.services.apiAccess.createAccessToken(ctx.em, requireSession(ctx), { name }));
  }

  @Mutation(() => Boolean, { description: 'Revokes a personal access token: the next request made with it is refused.' })
  async revokeAccessToken(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await ctx.services.apiAccess.revokeAccessToken(ctx.em, requireUser(ctx), { id });
    return true;
  }
}
