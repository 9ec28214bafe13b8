import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { requireUser, type GraphQLContext } from '../graphql/context.js';
import { CostModelInput, CostModelView, UsageBreakdownView, toCostModelView, toUsageBreakdownView } from './usage.view.js';

@Resolver()
export class UsageResolver {
  @Query(() => UsageBreakdownView, { description: "A month's generation usage and cost: the signed-in user's, or every user's (admins, allUsers)." })
  async usageBreakdown(
    @Ctx() ctx: GraphQLContext,
    @Arg('month', () => String, { nullable: true, description: 'YYYY-MM; default this month.' }) month?: string | null,
    @Arg('allUsers', () => Boolean, { nullable: true }) allUsers?: boolean | null,
  ): Promise<UsageBreakdownView> {
    return toUsageBreakdownView(await ctx.services.usage.breakdown(ctx.em, requireUser(ctx), { month, allUsers }));
  }

  @Mutation(() => CostModelView, { description: 'Admins: sets the cost model’s prices.' })
  async setCostModel(@Arg('input', () => CostModelInput) input: CostModelInput, @Ctx() ctx: GraphQLContext): Promise<CostModelView> {
    return toCostModelView(await ctx.services.usage.setCostModel(ctx.em, requireUser(ctx), { cpuSecondPrice: input.cpuSecondPrice ?? null, gbMonthPrice: input.gbMonthPrice ?? null }));
  }
}
