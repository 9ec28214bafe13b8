import { useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { ADMIN_AUDIT_LOG_QUERY } from './adminOperations';
import { OffsetPager } from './controls';

const PAGE_SIZE = 50;

/** Every admin action: who, what, when, and the fields before and after. */
export function AuditLogPanel() {
  const [offset, setOffset] = useState(0);
  const { data, error } = useQuery(ADMIN_AUDIT_LOG_QUERY, { variables: { first: PAGE_SIZE, offset }, fetchPolicy: 'network-only' });
  const page = data?.adminAuditLog;
  if (error) return <p role="alert">{error.message}</p>;
  if (!page) return <p className="admin__muted">Loading the audit log...</p>;
  if (page.total === 0) return <p className="admin__muted">No admin actions yet.</p>;
  return (
    <div>
      <table className="admin__table">
        <thead>
          <tr>
            <th>When</th>
            <th>Who</th>
            <th>What</th>
            <th>On</th>
            <th>Before</th>
            <th>After</th>
          </tr>
        </thead>
        <tbody>
          {page.entries.map((e) => (
            <tr key={e.id}>
              <td>{new Date(e.createdAt).toLocaleString()}</td>
              <td>{e.actor ?? '(deleted account)'}</td>
              <td>{e.action}</td>
              <td>
                {e.targetType} {e.targetId}
              </td>
              <td>
                <code>{e.before ?? '-'}</code>
              </td>
              <td>
                <code>{e.after ?? '-'}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <OffsetPager offset={offset} pageSize={PAGE_SIZE} total={page.total} onChange={setOffset} labels={['Newer', 'Older']} />
    </div>
  );
}
