import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { requireUser, type GraphQLContext } from '../graphql/context.js';
import { SongView } from '../songs/song.view.js';
import { ModerationItemView, ModerationOutcomeView, toModerationItemView, toOutcomeView } from './moderation.view.js';

@Resolver(() => SongView)
export class ModerationResolver {
  @Mutation(() => Boolean, { description: 'Reports a song for a moderator to review.' })
  async reportSong(@Arg('songId', () => ID) songId: string, @Arg('reason', () => String) reason: string, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await ctx.services.moderation.report(ctx.em, requireUser(ctx), { songId, reason });
    return true;
  }

  @Query(() => [ModerationItemView], { description: 'The moderation queue, newest first (admins only).' })
  async moderationQueue(
    @Ctx() ctx: GraphQLContext,
    @Arg('status', () => String, { nullable: true }) status?: string | null,
    @Arg('first', () => Int, { nullable: true }) first?: number | null,
  ): Promise<ModerationItemView[]> {
    const items = await ctx.services.moderation.list(ctx.em, ctx.user, { status, first: first ?? undefined });
    return items.map(toModerationItemView);
  }

  @Mutation(() => ModerationItemView, { description: 'approve, hide (only the owner still sees the song) or regenerate (admins only).' })
  async reviewModeration(
    @Arg('id', () => ID) id: string,
    @Arg('decision', () => String) decision: string,
    @Ctx() ctx: GraphQLContext,
    @Arg('notes', () => String, { nullable: true }) notes?: string | null,
  ): Promise<ModerationItemView> {
    const item = await ctx.services.moderation.review(ctx.em, ctx.user, id, { decision, notes });
    return toModerationItemView(await ctx.em.populate(item, ['reviewedBy']));
  }

  @FieldResolver(() => ModerationOutcomeView, { nullable: true, description: "A moderator's latest decision on the song; only its owner and admins see it." })
  async moderationOutcome(@Root() song: SongView, @Ctx() ctx: GraphQLContext): Promise<ModerationOutcomeView | null> {
    const item = await ctx.services.moderation.outcomeFor(ctx.em, requireUser(ctx), song.id);
    return item ? toOutcomeView(item) : null;
  }
}
