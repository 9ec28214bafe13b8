import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../graphql/context.js';
import { ProductionSyncView, ProductionTransferResultView, ProductionTransferRunView, toRunView, toSyncView, toTransferView } from './production.view.js';

/** /admin/database-sync. Each service call checks canAccessAdmin on the server first (requireAdmin); export and import are REST (production.routes.ts). */
@Resolver()
export class ProductionResolver {
  @Query(() => ProductionSyncView, { description: 'New, changed, deleted and in-sync songs of the production catalogue, and the latest transfer run (admins only).' })
  async productionSync(@Ctx() ctx: GraphQLContext, @Arg('first', () => Int, { nullable: true }) first?: number | null): Promise<ProductionSyncView> {
    return toSyncView(await ctx.services.productionSync.status(ctx.em, ctx.user, { first: first ?? undefined }));
  }

  @Mutation(() => ProductionTransferResultView, { description: 'Publishes the chosen songs (new or changed) to the production catalogue in one transaction; identical ones are left alone (admins only, audited).' })
  async transferToProduction(@Arg('songIds', () => [ID]) songIds: string[], @Ctx() ctx: GraphQLContext): Promise<ProductionTransferResultView> {
    return toTransferView(await ctx.services.productionSync.transferSelected(ctx.em, ctx.user, songIds));
  }

  @Mutation(() => ProductionTransferRunView, { description: 'Starts publishing every new and changed song in the background, batch by batch (admins only, audited). CONFLICT while a run is alive.' })
  async startProductionTransfer(@Ctx() ctx: GraphQLContext): Promise<ProductionTransferRunView> {
    return toRunView(await ctx.services.productionSync.startTransferAll(ctx.em, ctx.user));
  }

  @Mutation(() => Int, { description: 'Takes songs off the production catalogue by their production ids; answers how many (admins only, audited).' })
  async unpublishProductionSongs(@Arg('productionIds', () => [ID]) productionIds: string[], @Ctx() ctx: GraphQLContext): Promise<number> {
    return ctx.services.productionSync.unpublish(ctx.em, ctx.user, productionIds);
  }
}
