import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { requireUser, type GraphQLContext } from '../graphql/context.js';
import { IssuePlanCodesInput, IssuedPlanCodesView, PlanCodeView, PlanView, TierLimitsView, toIssuedView, toPlanCodeView, toPlanView, toTierLimitsView } from './plan.view.js';

@Resolver()
export class PlanResolver {
  @Query(() => [TierLimitsView], { description: 'The tier table, free to admin (what /pricing shows).' })
  tiers(@Ctx() ctx: GraphQLContext): TierLimitsView[] {
    requireUser(ctx);
    return ctx.services.plans.tiers().map(toTierLimitsView);
  }

  @Query(() => PlanView, { description: "The signed-in user's plan, status and usage this month." })
  async myPlan(@Ctx() ctx: GraphQLContext): Promise<PlanView> {
    return toPlanView(await ctx.services.plans.summary(ctx.em, requireUser(ctx)), ctx.services.payments.kind);
  }

  @Mutation(() => PlanView, { description: 'Redeems a single-use plan code from an admin.' })
  async redeemPlanCode(@Arg('code', () => String) code: string, @Ctx() ctx: GraphQLContext): Promise<PlanView> {
    return toPlanView(await ctx.services.plans.redeem(ctx.em, requireUser(ctx), code), ctx.services.payments.kind);
  }

  @Mutation(() => PlanView, { description: 'Stops the plan renewing; it becomes free when it ends.' })
  async cancelSubscription(@Ctx() ctx: GraphQLContext): Promise<PlanView> {
    return toPlanView(await ctx.services.plans.cancel(ctx.em, requireUser(ctx)), ctx.services.payments.kind);
  }

  @Mutation(() => String, { description: "Card payments (Stripe): the checkout page's address to subscribe to a tier. CONFLICT when this server takes no card payments." })
  async startCheckout(@Arg('tier', () => String) tier: string, @Ctx() ctx: GraphQLContext): Promise<string> {
    return ctx.services.payments.checkout(ctx.em, requireUser(ctx), tier);
  }

  @Mutation(() => String, { description: "Card payments (Stripe): the billing portal's address (card, invoices, cancelling)." })
  async openBillingPortal(@Ctx() ctx: GraphQLContext): Promise<string> {
    return ctx.services.payments.portal(ctx.em, requireUser(ctx));
  }

  @Query(() => [PlanCodeView], { description: 'Admins: every plan code with its audit trail, newest first.' })
  async planCodes(@Ctx() ctx: GraphQLContext): Promise<PlanCodeView[]> {
    return (await ctx.services.plans.listCodes(ctx.em, requireUser(ctx))).map(toPlanCodeView);
  }

  @Mutation(() => IssuedPlanCodesView, { description: 'Admins: issues single-use plan codes.' })
  async issuePlanCodes(@Arg('input', () => IssuePlanCodesInput) input: IssuePlanCodesInput, @Ctx() ctx: GraphQLContext): Promise<IssuedPlanCodesView> {
    const { count, note, ...rest } = input;
    return toIssuedView(await ctx.services.plans.issueCodes(ctx.em, requireUser(ctx), { ...rest, ...(count != null ? { count } : {}), note }));
  }

  @Mutation(() => PlanCodeView, { description: 'Admins: revokes a plan code that has not been redeemed.' })
  async revokePlanCode(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<PlanCodeView> {
    return toPlanCodeView(await ctx.services.plans.revokeCode(ctx.em, requireUser(ctx), id));
  }
}
