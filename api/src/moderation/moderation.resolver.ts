import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { requireUser, type GraphQLContext } from '../graphql/context.js';
import { SongView } from '../songs/song.view.js';
import { ModerationItemView, ModerationOutcomeView, RegenerationInput, RegenerationRequestView, toModerationItemView, toOutcomeView, toRegenerationView } from './moderation.view.js';

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
    @Arg('regeneration', () => RegenerationInput, { nullable: true, description: "With decision 'regenerate': what to change and keep." }) regeneration?: RegenerationInput | null,
  ): Promise<ModerationItemView> {
    const item = await ctx.services.moderation.review(ctx.em, ctx.user, id, { decision, notes, regeneration: regeneration ? { ...regeneration, replacementWords: regeneration.replacementWords?.map((r) => ({ ...r })) } : null });
    return toModerationItemView(await ctx.em.populate(item, ['reviewedBy']));
  }

  @Query(() => [RegenerationRequestView], { description: 'Regeneration requests, newest first (admins only).' })
  async regenerationRequests(
    @Ctx() ctx: GraphQLContext,
    @Arg('status', () => String, { nullable: true }) status?: string | null,
    @Arg('first', () => Int, { nullable: true }) first?: number | null,
  ): Promise<RegenerationRequestView[]> {
    return (await ctx.services.moderation.regenerations.list(ctx.em, ctx.user, { status, first: first ?? undefined })).map(toRegenerationView);
  }

  @Mutation(() => RegenerationRequestView, { description: 'accept (the new song replaces the original in playlists, likes and queues) or reject (it is deleted) a completed regeneration (admins only).' })
  async decideRegeneration(@Arg('id', () => ID) id: string, @Arg('decision', () => String) decision: string, @Ctx() ctx: GraphQLContext): Promise<RegenerationRequestView> {
    return toRegenerationView(await ctx.services.moderation.regenerations.decide(ctx.em, ctx.user, { id, decision }));
  }

  @FieldResolver(() => ModerationOutcomeView, { nullable: true, description: "A moderator's latest decision on the song; only its owner and admins see it." })
  async moderationOutcome(@Root() song: SongView, @Ctx() ctx: GraphQLContext): Promise<ModerationOutcomeView | null> {
    const item = await ctx.services.moderation.outcomeFor(ctx.em, requireUser(ctx), song.id);
    if (!item) return null;
    return toOutcomeView(item, item.status === 'regeneration' ? await ctx.services.moderation.regenerations.latestFor(ctx.em, song.id) : null);
  }
}
