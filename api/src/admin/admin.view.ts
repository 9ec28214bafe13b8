import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import { DateTimeISOResolver } from 'graphql-scalars';
import type { User } from '../users/user.entity.js';
import { effectivePermissions, normalizeTier } from '../users/permissions.js';
import type { GenerationRequest } from '../generation/generation-request.entity.js';
import { GenerationRequestView, toGenerationView } from '../generation/generation.view.js';
import type { AdminAuditEntry } from './admin-audit-entry.entity.js';
import type { AdminOverview } from './admin-overview.service.js';

/** An account as admins manage it: the stored flags they edit, and whether it is admin in effect. */
@ObjectType('AdminUser')
export class AdminUserView {
  @Field(() => ID) id!: string;
  @Field(() => String) username!: string;
  @Field(() => String, { nullable: true }) email!: string | null;
  @Field(() => String) userTier!: string;
  @Field(() => Int) monthlyGenerationLimit!: number;
  @Field(() => Boolean, { description: 'Own flag (the tier may grant it too).' }) canGenerateMusic!: boolean;
  @Field(() => Boolean, { description: 'Own flag (the tier may grant it too).' }) canManageSongs!: boolean;
  @Field(() => Boolean, { description: 'Own flag (the tier may grant it too).' }) canAccessAdmin!: boolean;
  @Field(() => Boolean, { description: 'Own flag (the tier may grant it too).' }) canAccessDJ!: boolean;
  @Field(() => Boolean) adminOverride!: boolean;
  @Field(() => Boolean, { description: 'Admin in effect: own flag or admin tier.' }) isAdmin!: boolean;
  @Field(() => Boolean) disabled!: boolean;
  @Field(() => DateTimeISOResolver) createdAt!: Date;
}

export function toAdminUserView(user: User): AdminUserView {
  return Object.assign(new AdminUserView(), {
    id: String(user.id),
    username: user.username,
    email: user.email,
    userTier: normalizeTier(user.userTier),
    monthlyGenerationLimit: user.monthlyGenerationLimit,
    canGenerateMusic: user.canGenerateMusic,
    canManageSongs: user.canManageSongs,
    canAccessAdmin: user.canAccessAdmin,
    canAccessDJ: user.canAccessDJ,
    adminOverride: user.adminOverride,
    isAdmin: effectivePermissions(user).canAccessAdmin,
    disabled: user.disabledAt !== null,
    createdAt: user.createdAt,
  });
}

@ObjectType('AdminUserPage')
export class AdminUserPageView {
  @Field(() => [AdminUserView]) users!: AdminUserView[];
  @Field(() => Int) total!: number;
}

@InputType()
export class AdminUserChangesInput {
  @Field(() => String, { nullable: true }) userTier?: string;
  @Field(() => Int, { nullable: true }) monthlyGenerationLimit?: number;
  @Field(() => Boolean, { nullable: true }) canGenerateMusic?: boolean;
  @Field(() => Boolean, { nullable: true }) canManageSongs?: boolean;
  @Field(() => Boolean, { nullable: true }) canAccessAdmin?: boolean;
  @Field(() => Boolean, { nullable: true }) canAccessDJ?: boolean;
  @Field(() => Boolean, { nullable: true }) adminOverride?: boolean;
}

@ObjectType('PasswordReset')
export class PasswordResetView {
  @Field(() => AdminUserView) user!: AdminUserView;
  @Field(() => String, { description: 'Shown once: hand it to the user, whose sessions have all ended.' }) temporaryPassword!: string;
}

@ObjectType('QueueDepth')
export class QueueDepthView {
  @Field(() => String) status!: string;
  @Field(() => Int) count!: number;
}

@ObjectType('WorkerStatus')
export class WorkerStatusView {
  @Field(() => String) id!: string;
  @Field(() => String) host!: string;
  @Field(() => Int) pid!: number;
  @Field(() => Int) concurrency!: number;
  @Field(() => Int) jobsRunning!: number;
  @Field(() => String) engineVersion!: string;
  @Field(() => DateTimeISOResolver) startedAt!: Date;
  @Field(() => DateTimeISOResolver) lastHeartbeatAt!: Date;
}

@ObjectType('ServiceHealth')
export class ServiceHealthView {
  @Field(() => String, { description: "up, down or 'not configured'" }) status!: string;
  @Field(() => String, { nullable: true }) detail!: string | null;
}

@ObjectType('AdminOverview')
export class AdminOverviewView {
  @Field(() => Int) users!: number;
  @Field(() => Int) songs!: number;
  @Field(() => Int) generationsToday!: number;
  @Field(() => Int) generationsThisMonth!: number;
  @Field(() => Int, { description: 'Generations that failed today (UTC), cancelled ones included.' }) failuresToday!: number;
  @Field(() => [QueueDepthView]) queueDepth!: QueueDepthView[];
  @Field(() => [WorkerStatusView], { description: 'Workers heard from in the last 30 s.' }) workers!: WorkerStatusView[];
  @Field(() => Int, { description: 'Generations completed in the last hour.' }) completedLastHour!: number;
  @Field(() => Float) mediaBytes!: number;
  @Field(() => Float) databaseBytes!: number;
  @Field(() => ServiceHealthView) postgres!: ServiceHealthView;
  @Field(() => ServiceHealthView) redis!: ServiceHealthView;
  @Field(() => String) appVersion!: string;
  @Field(() => DateTimeISOResolver) generatedAt!: Date;
}

export function toOverviewView(overview: AdminOverview): AdminOverviewView {
  return Object.assign(new AdminOverviewView(), {
    ...overview,
    queueDepth: overview.queueDepth.map((d) => Object.assign(new QueueDepthView(), d)),
    workers: overview.workers.map((w) => Object.assign(new WorkerStatusView(), w)),
    postgres: Object.assign(new ServiceHealthView(), overview.postgres),
    redis: Object.assign(new ServiceHealthView(), overview.redis),
  });
}

@ObjectType('AdminGeneration', { description: "A generation request in the admin queue, with its owner and priority." })
export class AdminGenerationView {
  @Field(() => GenerationRequestView) request!: GenerationRequestView;
  @Field(() => ID) userId!: string;
  @Field(() => String) username!: string;
  @Field(() => Int, { description: 'Higher runs first; users 0, the demo catalogue below.' }) priority!: number;
}

export function toAdminGenerationView(request: GenerationRequest): AdminGenerationView {
  return Object.assign(new AdminGenerationView(), {
    request: toGenerationView(request),
    userId: String(request.user.id),
    username: request.user.username,
    priority: request.priority,
  });
}

@ObjectType('AdminGenerationPage')
export class AdminGenerationPageView {
  @Field(() => [AdminGenerationView]) nodes!: AdminGenerationView[];
  @Field(() => String, { nullable: true }) endCursor!: string | null;
  @Field(() => Boolean) hasNextPage!: boolean;
}

@ObjectType('AdminAuditEntry')
export class AdminAuditEntryView {
  @Field(() => ID) id!: string;
  @Field(() => String, { nullable: true, description: "The admin's user name (null once that account is deleted)." }) actor!: string | null;
  @Field(() => String) action!: string;
  @Field(() => String) targetType!: string;
  @Field(() => String) targetId!: string;
  @Field(() => String, { nullable: true, description: 'The changed fields before, as JSON.' }) before!: string | null;
  @Field(() => String, { nullable: true, description: 'The changed fields after, as JSON.' }) after!: string | null;
  @Field(() => DateTimeISOResolver) createdAt!: Date;
}

export function toAuditView(entry: AdminAuditEntry): AdminAuditEntryView {
  return Object.assign(new AdminAuditEntryView(), {
    id: String(entry.id),
    actor: entry.actor?.username ?? null,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ? JSON.stringify(entry.before) : null,
    after: entry.after ? JSON.stringify(entry.after) : null,
    createdAt: entry.createdAt,
  });
}

@ObjectType('AdminAuditPage')
export class AdminAuditPageView {
  @Field(() => [AdminAuditEntryView]) entries!: AdminAuditEntryView[];
  @Field(() => Int) total!: number;
}
