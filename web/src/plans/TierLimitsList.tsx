import type { TierLimitsFieldsFragment } from '../gql/graphql';
import { formatBytes, formatLimit } from './format';

/** One tier's limits, as /pricing and /subscription list them. */
export function TierLimitsList({ limits }: { limits: TierLimitsFieldsFragment }) {
  return (
    <ul className="tier-limits">
      <li>{formatLimit(limits.monthlyGenerations)} generations a month</li>
      <li>Songs up to {limits.maxSongSeconds} s</li>
      <li>{formatLimit(limits.concurrentJobs)} generations in progress at once</li>
      <li>Queue priority {limits.queuePriority}</li>
      <li>{limits.extendedFeatures ? 'Sung lyrics written for you' : 'Your own lyrics only'}</li>
      <li>{limits.storageBytes === null ? 'Unlimited' : formatBytes(limits.storageBytes)} storage</li>
    </ul>
  );
}
