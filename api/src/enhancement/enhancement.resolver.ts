import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../graphql/context.js';
import type { EnhancementBatch } from './enhancement-batch.entity.js';
import { EnhancementBatchInput, EnhancementBatchView, EnhancementItemView, toBatchView, toItemView } from './enhancement.view.js';

/** /admin/ai-enhancement's operations; each service call checks canAccessAdmin on the server first. */
@Resolver()
export class EnhancementResolver {
  @Query(() => [EnhancementBatchView], { description: 'The latest AI enhancement batches with their progress (admins only).' })
  async enhancementBatches(@Ctx() ctx: GraphQLContext): Promise<EnhancementBatchView[]> {
    const batches = await ctx.services.enhancement.list(ctx.em, ctx.user);
    const counts = await ctx.services.enhancement.counts(ctx.em, batches.map((b) => b.id));
    return batches.map((batch) => toBatchView(batch, counts.get(batch.id)!, null));
  }

  @Query(() => EnhancementBatchView, { description: 'One batch with its per-song results (admins only).' })
  async enhancementBatch(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<EnhancementBatchView> {
    return this.withItems(ctx, await ctx.services.enhancement.get(ctx.em, ctx.user, id));
  }

  @Mutation(() => EnhancementBatchView, { description: 'Starts a batch over the given songs or a filter; each song is a job on the generation workers (admins only, audited).' })
  async createEnhancementBatch(@Arg('input', () => EnhancementBatchInput) input: EnhancementBatchInput, @Ctx() ctx: GraphQLContext): Promise<EnhancementBatchView> {
    const given = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined && v !== null));
    if (given.filter) given.filter = Object.fromEntries(Object.entries(given.filter).filter(([, v]) => v !== undefined && v !== null));
    return this.withItems(ctx, await ctx.services.enhancement.create(ctx.em, ctx.user, given));
  }

  @Mutation(() => EnhancementBatchView, { description: 'pause, resume or cancel a batch (admins only, audited).' })
  async controlEnhancementBatch(@Arg('id', () => ID) id: string, @Arg('action', () => String) action: string, @Ctx() ctx: GraphQLContext): Promise<EnhancementBatchView> {
    return this.withItems(ctx, await ctx.services.enhancement.control(ctx.em, ctx.user, id, action));
  }

  @Mutation(() => EnhancementItemView, { description: "Restores one song's previous version (admins only, audited)." })
  async undoEnhancement(@Arg('itemId', () => ID) itemId: string, @Ctx() ctx: GraphQLContext): Promise<EnhancementItemView> {
    return toItemView(await ctx.services.enhancement.undo(ctx.em, ctx.user, itemId));
  }

  @Mutation(() => EnhancementBatchView, { description: "Keeps the batch's results and deletes the previous media versions (admins only, audited)." })
  async confirmEnhancementBatch(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<EnhancementBatchView> {
    return this.withItems(ctx, await ctx.services.enhancement.confirm(ctx.em, ctx.user, id));
  }

  private async withItems(ctx: GraphQLContext, batch: EnhancementBatch): Promise<EnhancementBatchView> {
    const counts = await ctx.services.enhancement.counts(ctx.em, [batch.id]);
    return toBatchView(batch, counts.get(batch.id)!, await ctx.services.enhancement.items(ctx.em, batch));
  }
}
