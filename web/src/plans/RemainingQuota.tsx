import { useQuery } from '@apollo/client/react';
import { graphql } from '../gql';
import type { RemainingQuotaQuery } from '../gql/graphql';

const REMAINING_QUOTA_QUERY = graphql(`
  query RemainingQuota {
    myPlan {
      generationsLeft
      limits {
        monthlyGenerations
      }
    }
  }
`);

type Quota = RemainingQuotaQuery['myPlan'];

/** The plan's monthly generations left, from the server (the tier's limit, the user's own and adminOverride). */
export function useRemainingQuota(): Quota | null {
  const { data } = useQuery(REMAINING_QUOTA_QUERY, { fetchPolicy: 'network-only' });
  return data?.myPlan ?? null;
}

/** "3 of 5 generations left this month", or that there is no limit. */
export function describeQuota(quota: Quota): string {
  return quota.generationsLeft === null || quota.limits.monthlyGenerations === null
    ? 'No monthly generation limit'
    : `${quota.generationsLeft} of ${quota.limits.monthlyGenerations} generations left this month`;
}

/** The quota line of the user menu, fetched when the menu opens. */
export function RemainingQuota() {
  const quota = useRemainingQuota();
  if (!quota) return null;
  return (
    <span className="menu__quota" data-testid="remaining-quota">
      {describeQuota(quota)}
    </span>
  );
}
