import { graphql } from '../gql';

export const PLAN_FIELDS = graphql(`
  fragment PlanFields on Plan {
    tier
    status
    expiresAt
    timezone
    monthEnd
    generationsThisMonth
    generationsLeft
    activeGenerations
    storageBytes
    paymentProvider
    limits {
      ...TierLimitsFields
    }
  }
`);

export const TIER_LIMITS_FIELDS = graphql(`
  fragment TierLimitsFields on TierLimits {
    tier
    priceCents
    monthlyGenerations
    maxSongSeconds
    concurrentJobs
    queuePriority
    extendedFeatures
    storageBytes
  }
`);

export const PRICING_QUERY = graphql(`
  query Pricing {
    tiers {
      ...TierLimitsFields
    }
    myPlan {
      ...PlanFields
    }
  }
`);

export const REDEEM_PLAN_CODE_MUTATION = graphql(`
  mutation RedeemPlanCode($code: String!) {
    redeemPlanCode(code: $code) {
      ...PlanFields
    }
  }
`);

export const CANCEL_SUBSCRIPTION_MUTATION = graphql(`
  mutation CancelSubscription {
    cancelSubscription {
      ...PlanFields
    }
  }
`);

export const PLAN_CODE_FIELDS = graphql(`
  fragment PlanCodeFields on PlanCode {
    id
    codeHint
    tier
    durationDays
    expiresAt
    note
    createdBy
    createdAt
    redeemedBy
    redeemedAt
    revokedBy
    revokedAt
  }
`);

export const PLAN_CODES_QUERY = graphql(`
  query PlanCodes {
    planCodes {
      ...PlanCodeFields
    }
  }
`);

export const ISSUE_PLAN_CODES_MUTATION = graphql(`
  mutation IssuePlanCodes($input: IssuePlanCodesInput!) {
    issuePlanCodes(input: $input) {
      codes
      planCodes {
        ...PlanCodeFields
      }
    }
  }
`);

export const REVOKE_PLAN_CODE_MUTATION = graphql(`
  mutation RevokePlanCode($id: ID!) {
    revokePlanCode(id: $id) {
      ...PlanCodeFields
    }
  }
`);

export const START_CHECKOUT_MUTATION = graphql(`
  mutation StartCheckout($tier: String!) {
    startCheckout(tier: $tier)
  }
`);

export const OPEN_BILLING_PORTAL_MUTATION = graphql(`
  mutation OpenBillingPortal {
    openBillingPortal
  }
`);
