import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { useSignedInUser } from '../auth/useCurrentUser';
import { formatBytes } from '../plans/format';
import { formatMoney } from './formatMoney';
import { USAGE_BREAKDOWN_QUERY } from './usageOperations';
import '../plans/plans.css';
import './UsagePage.css';

const UsageCharts = lazy(() => import('./UsageCharts'));

export function UsagePage() {
  const user = useSignedInUser();
  const [month, setMonth] = useState<string | null>(null);
  const [allUsers, setAllUsers] = useState(false);
  const { data, error } = useQuery(USAGE_BREAKDOWN_QUERY, { variables: { month, allUsers }, fetchPolicy: 'cache-and-network' });
  const usage = data?.usageBreakdown;
  const exportUrl = usage ? `/api/usage/export?month=${usage.month}${usage.allUsers ? '&allUsers=true' : ''}` : undefined;
  return (
    <div className="plans usage">
      <h1>AI Usage &amp; Costs</h1>
      <div className="plans__form">
        <label>
          Month
          <select value={usage?.month ?? ''} onChange={(event) => setMonth(event.target.value)} disabled={!usage}>
            {(usage?.months ?? []).map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </label>
        {user.canAccessAdmin && (
          <label className="usage__toggle">
            <input type="checkbox" checked={allUsers} onChange={(event) => setAllUsers(event.target.checked)} />
            All users
          </label>
        )}
        {exportUrl && (
          <a className="button" href={exportUrl} download>
            Export CSV
          </a>
        )}
      </div>
      {error && !usage && <p role="alert">{error.message}</p>}
      {!usage && !error && <p>Loading usage...</p>}
      {usage && (
        <>
          <section className="plans__section" aria-label="Totals">
            <h2>
              {usage.month} {usage.allUsers ? '(all users)' : ''}
            </h2>
            <p>
              <strong>{usage.totals.generations}</strong> generations · {(usage.totals.audioSeconds / 60).toFixed(1)} min of audio · {usage.totals.cpuSeconds.toFixed(1)} CPU s · {usage.totals.retries} retries ·
              cost <strong>{formatMoney(usage.totals.cost)}</strong>
            </p>
            <p>
              Storage used now: {formatBytes(usage.storage.bytes)} ({formatMoney(usage.storage.monthlyCost)} a month) · times in {usage.timezone}
            </p>
            <p className="usage__model">
              Cost model ({usage.costModel.source === 'admin' ? 'set by an admin' : 'from the environment'}): {formatMoney(usage.costModel.cpuSecondPrice)} per CPU-second,{' '}
              {formatMoney(usage.costModel.gbMonthPrice)} per GB-month.
            </p>
          </section>
          <Suspense fallback={<p>Loading charts...</p>}>
            <UsageCharts usage={usage} />
          </Suspense>
          <section className="plans__section" aria-label="Most expensive songs">
            <h2>Most expensive songs</h2>
            {usage.topSongs.length === 0 ? (
              <p>No generations this month.</p>
            ) : (
              <table className="plans__table">
                <thead>
                  <tr>
                    <th>Song</th>
                    <th>Genre</th>
                    {usage.allUsers && <th>User</th>}
                    <th>CPU s</th>
                    <th>Storage</th>
                    <th>Cost</th>
                  </tr>
                </thead>
                <tbody>
                  {usage.topSongs.map((song) => (
                    <tr key={song.requestId}>
                      <td>{song.title ?? `Request ${song.requestId}`}</td>
                      <td>{song.genre ?? '-'}</td>
                      {usage.allUsers && <td>{song.username}</td>}
                      <td>{song.cpuSeconds.toFixed(1)}</td>
                      <td>{formatBytes(song.storageBytes)}</td>
                      <td>{formatMoney(song.cost)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
          {usage.allUsers && (
            <section className="plans__section" aria-label="Per user">
              <h2>Per user</h2>
              <table className="plans__table">
                <thead>
                  <tr>
                    <th>User</th>
                    <th>Generations</th>
                    <th>CPU s</th>
                    <th>Storage</th>
                    <th>Cost</th>
                  </tr>
                </thead>
                <tbody>
                  {usage.users.map((row) => (
                    <tr key={row.userId}>
                      <td>{row.username}</td>
                      <td>{row.generations}</td>
                      <td>{row.cpuSeconds.toFixed(1)}</td>
                      <td>{formatBytes(row.storageBytes)}</td>
                      <td>{formatMoney(row.cost)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th>Total</th>
                    <th>{usage.totals.generations}</th>
                    <th>{usage.totals.cpuSeconds.toFixed(1)}</th>
                    <th>{formatBytes(usage.totals.storageBytes)}</th>
                    <th>{formatMoney(usage.totals.cost)}</th>
                  </tr>
                </tfoot>
              </table>
            </section>
          )}
        </>
      )}
    </div>
  );
}
