import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import { DateTimeISOResolver } from 'graphql-scalars';
import type { PlanCode } from './plan-code.entity.js';
import type { IssuedPlanCodes, PlanSummary } from './plan.service.js';
import type { TierLimits } from './tiers.js';

@ObjectType('TierLimits', { description: 'One row of the tier table (docs/permissions.md).' })
export class TierLimitsView {
  @Field(() => String) tier!: string;
  @Field(() => Int, { nullable: true, description: 'US cents per month; null: not for sale (admin).' }) priceCents!: number | null;
  @Field(() => Int, { nullable: true, description: 'null: unlimited.' }) monthlyGenerations!: number | null;
  @Field(() => Int) maxSongSeconds!: number;
  @Field(() => Int, { nullable: true, description: 'Requests queued or running at once; null: unlimited.' }) concurrentJobs!: number | null;
  @Field(() => Int, { description: 'Higher runs first in the generation queue.' }) queuePriority!: number;
  @Field(() => Boolean, { description: 'Sung vocals on lyrics the engine writes.' }) extendedFeatures!: boolean;
  @Field(() => Float, { nullable: true, description: 'Bytes of song media; null: unlimited.' }) storageBytes!: number | null;
}

@ObjectType('Plan', { description: "The signed-in user's plan and this month's usage against its limits." })
export class PlanView {
  @Field(() => String) tier!: string;
  @Field(() => String, { description: 'inactive, active, past_due or canceled' }) status!: string;
  @Field(() => DateTimeISOResolver, { nullable: true, description: 'When the plan renews (active) or ends (canceled).' }) expiresAt!: Date | null;
  @Field(() => TierLimitsView, { description: "The limits in force (the tier's, adjusted for the user's own limit and adminOverride)." }) limits!: TierLimitsView;
  @Field(() => String, { description: 'The IANA zone whose calendar months the monthly limit counts.' }) timezone!: string;
  @Field(() => DateTimeISOResolver) monthStart!: Date;
  @Field(() => DateTimeISOResolver) monthEnd!: Date;
  @Field(() => Int) generationsThisMonth!: number;
  @Field(() => Int, { nullable: true }) generationsLeft!: number | null;
  @Field(() => Int) activeGenerations!: number;
  @Field(() => Float) storageBytes!: number;
  @Field(() => String, { description: "How plans are paid for: 'codes' (plan codes from an admin) or 'stripe'." }) paymentProvider!: string;
}

@ObjectType('PlanCode', { description: 'A plan code as admins see it (the code itself only when issued).' })
export class PlanCodeView {
  @Field(() => ID) id!: string;
  @Field(() => String, { description: "The code's last four characters." }) codeHint!: string;
  @Field(() => String) tier!: string;
  @Field(() => Int) durationDays!: number;
  @Field(() => DateTimeISOResolver) expiresAt!: Date;
  @Field(() => String, { nullable: true }) note!: string | null;
  @Field(() => String, { nullable: true }) createdBy!: string | null;
  @Field(() => DateTimeISOResolver) createdAt!: Date;
  @Field(() => String, { nullable: true }) redeemedBy!: string | null;
  @Field(() => DateTimeISOResolver, { nullable: true }) redeemedAt!: Date | null;
  @Field(() => String, { nullable: true }) revokedBy!: string | null;
  @Field(() => DateTimeISOResolver, { nullable: true }) revokedAt!: Date | null;
}

@ObjectType('IssuedPlanCodes')
export class IssuedPlanCodesView {
  @Field(() => [String], { description: 'The codes in full: shown this once, only their digests are stored.' }) codes!: string[];
  @Field(() => [PlanCodeView]) planCodes!: PlanCodeView[];
}

@InputType()
export class IssuePlanCodesInput {
  @Field(() => String) tier!: string;
  @Field(() => Int, { description: 'How long the plan lasts from redemption (1-366).' }) durationDays!: number;
  @Field(() => Int, { description: 'Days the codes can be redeemed in (1-365).' }) validForDays!: number;
  @Field(() => Int, { nullable: true, description: '1-50, default 1.' }) count?: number | null;
  @Field(() => String, { nullable: true }) note?: string | null;
}

export const toTierLimitsView = (limits: TierLimits): TierLimitsView => Object.assign(new TierLimitsView(), limits);

export const toPlanView = (summary: PlanSummary, paymentProvider: string): PlanView =>
  Object.assign(new PlanView(), { ...summary, limits: toTierLimitsView(summary.limits), paymentProvider });

export const toPlanCodeView = (row: PlanCode): PlanCodeView =>
  Object.assign(new PlanCodeView(), {
    id: String(row.id),
    codeHint: row.codeHint,
    tier: row.tier,
    durationDays: row.durationDays,
    expiresAt: row.expiresAt,
    note: row.note,
    createdBy: row.createdBy?.username ?? null,
    createdAt: row.createdAt,
    redeemedBy: row.redeemedBy?.username ?? null,
    redeemedAt: row.redeemedAt,
    revokedBy: row.revokedBy?.username ?? null,
    revokedAt: row.revokedAt,
  });

export const toIssuedView = (issued: IssuedPlanCodes): IssuedPlanCodesView =>
  Object.assign(new IssuedPlanCodesView(), { codes: issued.codes, planCodes: issued.rows.map(toPlanCodeView) });
