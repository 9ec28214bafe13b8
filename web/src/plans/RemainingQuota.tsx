import { useQuery } from '@apollo/client/react';
import { graphql } from '../gql';

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

/** "3 of 5 generations left this month", fetched when the user menu opens. */
export function RemainingQuota() {
  const { data } = useQuery(REMAINING_QUOTA_QUERY, { fetchPolicy: 'network-only' });
  const plan = data?.myPlan;
  if (!plan) return null;
  return (
    <span className="menu__quota" data-testid="remaining-quota">
      {plan.generationsLeft === null || plan.limits.monthlyGenerations === null
        ? 'No monthly generation limit'
        : `${plan.generationsLeft} of ${plan.limits.monthlyGenerations} generations left this month`}
    </span>
  );
}
