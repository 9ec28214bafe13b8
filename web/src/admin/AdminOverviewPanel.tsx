import { useQuery } from '@apollo/client/react';
import { ADMIN_OVERVIEW_QUERY } from './adminOperations';
import { formatBytes, secondsAgo } from './format';

/** The overview refreshes itself every few seconds while it is open ("live"). */
export const OVERVIEW_REFRESH_MS = 5000;

export function AdminOverviewPanel() {
  const { data, error } = useQuery(ADMIN_OVERVIEW_QUERY, { pollInterval: OVERVIEW_REFRESH_MS, fetchPolicy: 'network-only' });
  const o = data?.adminOverview;
  if (error && !o) return <p role="alert">{error.message}</p>;
  if (!o) return <p className="admin__muted">Loading overview...</p>;
  const stats: Array<[string, string | number]> = [
    ['Users', o.users],
    ['Songs', o.songs],
    ['Generations today', o.generationsToday],
    ['Generations this month', o.generationsThisMonth],
    ['Failures today', o.failuresToday],
    ['Completed in the last hour', o.completedLastHour],
    ['Media storage', formatBytes(o.mediaBytes)],
    ['Database size', formatBytes(o.databaseBytes)],
    ['App version', o.appVersion],
  ];
  return (
    <div className="admin__overview">
      <dl className="admin__stats">
        {stats.map(([label, value]) => (
          <div key={label} className="admin__stat">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h2>Queue depth</h2>
      <ul className="admin__chips" aria-label="Queue depth">
        {o.queueDepth.map((d) => (
          <li key={d.status}>
            {d.status}: {d.count}
          </li>
        ))}
      </ul>
      <h2>Services</h2>
      <ul className="admin__chips" aria-label="Services">
        <li data-status={o.postgres.status}>PostgreSQL: {o.postgres.status}{o.postgres.detail ? ` (${o.postgres.detail})` : ''}</li>
        <li data-status={o.redis.status}>Redis: {o.redis.status}{o.redis.detail ? ` (${o.redis.detail})` : ''}</li>
      </ul>
      <h2>Workers alive</h2>
      {o.workers.length === 0 ? (
        <p className="admin__muted">No generation worker has reported in the last 30 seconds.</p>
      ) : (
        <table className="admin__table">
          <thead>
            <tr>
              <th>Worker</th>
              <th>Last heartbeat</th>
              <th>Jobs running</th>
              <th>Engine version</th>
            </tr>
          </thead>
          <tbody>
            {o.workers.map((w) => (
              <tr key={w.id}>
                <td>
                  {w.host} (pid {w.pid})
                </td>
                <td>{secondsAgo(w.lastHeartbeatAt)}</td>
                <td>
                  {w.jobsRunning} of {w.concurrency}
                </td>
                <td>{w.engineVersion}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="admin__muted">Updated {new Date(o.generatedAt).toLocaleTimeString()}</p>
    </div>
  );
}
