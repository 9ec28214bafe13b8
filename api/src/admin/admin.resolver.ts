import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../graphql/context.js';
import { listAdminAudit } from './admin-audit.service.js';
import {
  AdminAuditPageView,
  AdminGenerationPageView,
  AdminGenerationView,
  AdminOverviewView,
  AdminUserChangesInput,
  AdminUserPageView,
  AdminUserView,
  PasswordResetView,
  toAdminGenerationView,
  toAdminUserView,
  toAuditView,
  toOverviewView,
} from './admin.view.js';

/** /admin's operations. Each service call checks canAccessAdmin on the server first (requireAdmin). */
@Resolver()
export class AdminResolver {
  @Query(() => AdminOverviewView, { description: 'System health and usage figures (admins only).' })
  async adminOverview(@Ctx() ctx: GraphQLContext): Promise<AdminOverviewView> {
    return toOverviewView(await ctx.services.adminOverview.overview(ctx.em, ctx.user));
  }

  @Query(() => AdminUserPageView, { description: 'Accounts by user name or email, oldest first (admins only).' })
  async adminUsers(
    @Ctx() ctx: GraphQLContext,
    @Arg('search', () => String, { nullable: true }) search?: string | null,
    @Arg('first', () => Int, { nullable: true }) first?: number | null,
    @Arg('offset', () => Int, { nullable: true }) offset?: number | null,
  ): Promise<AdminUserPageView> {
    const page = await ctx.services.adminUsers.list(ctx.em, ctx.user, { search, first: first ?? undefined, offset: offset ?? undefined });
    return Object.assign(new AdminUserPageView(), { total: page.total, users: page.users.map(toAdminUserView) });
  }

  @Mutation(() => AdminUserView, { description: "Changes an account's tier, monthly limit or flags; at least one admin always remains (admins only)." })
  async updateUserRights(@Arg('id', () => ID) id: string, @Arg('changes', () => AdminUserChangesInput) changes: AdminUserChangesInput, @Ctx() ctx: GraphQLContext): Promise<AdminUserView> {
    const given = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined && v !== null));
    return toAdminUserView(await ctx.services.adminUsers.update(ctx.em, ctx.user, id, given));
  }

  @Mutation(() => AdminUserView, { description: 'Disables an account (its sessions end at once, everywhere) or enables it again (admins only).' })
  async setUserDisabled(@Arg('id', () => ID) id: string, @Arg('disabled', () => Boolean) disabled: boolean, @Ctx() ctx: GraphQLContext): Promise<AdminUserView> {
    return toAdminUserView(await ctx.services.adminUsers.setDisabled(ctx.em, ctx.user, id, disabled));
  }

  @Mutation(() => PasswordResetView, { description: 'Replaces the password with a temporary one and ends every session of the account (admins only).' })
  async forcePasswordReset(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<PasswordResetView> {
    const { user, temporaryPassword } = await ctx.services.adminUsers.forcePasswordReset(ctx.em, ctx.user, id);
    return Object.assign(new PasswordResetView(), { user: toAdminUserView(user), temporaryPassword });
  }

  @Query(() => AdminGenerationPageView, { description: "Every user's generation requests, newest first (admins only)." })
  async adminGenerations(
    @Ctx() ctx: GraphQLContext,
    @Arg('status', () => String, { nullable: true }) status?: string | null,
    @Arg('username', () => String, { nullable: true }) username?: string | null,
    @Arg('first', () => Int, { nullable: true }) first?: number | null,
    @Arg('after', () => String, { nullable: true }) after?: string | null,
  ): Promise<AdminGenerationPageView> {
    const page = await ctx.services.adminQueue.list(ctx.em, ctx.user, { status, username, first: first ?? undefined, after });
    return Object.assign(new AdminGenerationPageView(), { ...page, nodes: page.nodes.map(toAdminGenerationView) });
  }

  @Mutation(() => AdminGenerationView, { description: "Cancels anyone's queued or running request (admins only, audited)." })
  async adminCancelGeneration(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<AdminGenerationView> {
    return toAdminGenerationView(await ctx.services.adminQueue.cancel(ctx.em, ctx.user, id));
  }

  @Mutation(() => AdminGenerationView, { description: "Retries anyone's failed request from its failed step (admins only, audited)." })
  async adminRetryGeneration(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<AdminGenerationView> {
    return toAdminGenerationView(await ctx.services.adminQueue.retry(ctx.em, ctx.user, id));
  }

  @Mutation(() => AdminGenerationView, { description: 'Sets a request\'s priority, -10..10, higher first (admins only).' })
  async setGenerationPriority(@Arg('id', () => ID) id: string, @Arg('priority', () => Int) priority: number, @Ctx() ctx: GraphQLContext): Promise<AdminGenerationView> {
    return toAdminGenerationView(await ctx.services.adminQueue.setPriority(ctx.em, ctx.user, id, priority));
  }

  @Query(() => AdminAuditPageView, { description: 'Every admin action, newest first (admins only).' })
  async adminAuditLog(
    @Ctx() ctx: GraphQLContext,
    @Arg('first', () => Int, { nullable: true }) first?: number | null,
    @Arg('offset', () => Int, { nullable: true }) offset?: number | null,
  ): Promise<AdminAuditPageView> {
    const page = await listAdminAudit(ctx.em, ctx.user, { first: first ?? undefined, offset: offset ?? undefined });
    return Object.assign(new AdminAuditPageView(), { total: page.total, entries: page.entries.map(toAuditView) });
  }
}
