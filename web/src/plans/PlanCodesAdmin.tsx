import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { TIER_DISPLAY, normalizeTier } from '../shell/tiers';
import { toast } from '../ui/toastStore';
import { ISSUE_PLAN_CODES_MUTATION, PLAN_CODES_QUERY, REVOKE_PLAN_CODE_MUTATION } from './planOperations';
import { formatDate } from './format';

const PAID_TIERS = ['starter', 'basic', 'pro', 'premium'];

/** Admins: issue, list and revoke plan codes (the server checks the role on every call). */
export function PlanCodesAdmin() {
  const { data } = useQuery(PLAN_CODES_QUERY, { fetchPolicy: 'cache-and-network' });
  const [issue, issuing] = useMutation(ISSUE_PLAN_CODES_MUTATION, { refetchQueries: ['PlanCodes'] });
  const [revoke] = useMutation(REVOKE_PLAN_CODE_MUTATION);
  const [tier, setTier] = useState('pro');
  const [durationDays, setDurationDays] = useState(30);
  const [validForDays, setValidForDays] = useState(30);
  const [count, setCount] = useState(1);
  const [note, setNote] = useState('');
  const [issued, setIssued] = useState<string[]>([]);

  const onIssue = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const { data: result } = await issue({ variables: { input: { tier, durationDays, validForDays, count, note: note || null } } });
      setIssued(result?.issuePlanCodes.codes ?? []);
    } catch (e) {
      toast({ title: 'Could not issue codes', description: (e as Error).message, variant: 'destructive' });
    }
  };
  const onRevoke = async (id: string) => {
    try {
      await revoke({ variables: { id } });
    } catch (e) {
      toast({ title: 'Could not revoke the code', description: (e as Error).message, variant: 'destructive' });
    }
  };

  return (
    <section className="plans__section" aria-label="Plan codes">
      <h2>Plan codes (admin)</h2>
      <form className="plans__form" onSubmit={(event) => void onIssue(event)}>
        <label>
          Tier
          <select value={tier} onChange={(event) => setTier(event.target.value)}>
            {PAID_TIERS.map((t) => (
              <option key={t} value={t}>
                {TIER_DISPLAY[normalizeTier(t)].label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Plan length (days)
          <input type="number" min={1} max={366} value={durationDays} onChange={(event) => setDurationDays(Number(event.target.value))} />
        </label>
        <label>
          Redeemable for (days)
          <input type="number" min={1} max={365} value={validForDays} onChange={(event) => setValidForDays(Number(event.target.value))} />
        </label>
        <label>
          How many
          <input type="number" min={1} max={50} value={count} onChange={(event) => setCount(Number(event.target.value))} />
        </label>
        <label>
          Note
          <input value={note} maxLength={200} onChange={(event) => setNote(event.target.value)} />
        </label>
        <button type="submit" className="button button--primary" disabled={issuing.loading}>
          Issue codes
        </button>
      </form>
      {issued.length > 0 && (
        <div role="status" aria-label="Issued codes">
          <p>New codes (shown once, copy them now):</p>
          <ul className="plans__codes">
            {issued.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
        </div>
      )}
      <table className="plans__table">
        <thead>
          <tr>
            <th>Code</th>
            <th>Tier</th>
            <th>Days</th>
            <th>Issued</th>
            <th>Redeem by</th>
            <th>State</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {(data?.planCodes ?? []).map((row) => (
            <tr key={row.id}>
              <td className="plans__codes">…{row.codeHint}</td>
              <td>{TIER_DISPLAY[normalizeTier(row.tier)].label}</td>
              <td>{row.durationDays}</td>
              <td>
                {formatDate(row.createdAt)} by {row.createdBy ?? 'a deleted user'}
                {row.note && ` (${row.note})`}
              </td>
              <td>{formatDate(row.expiresAt)}</td>
              <td>
                {row.redeemedAt
                  ? `Redeemed ${formatDate(row.redeemedAt)} by ${row.redeemedBy ?? 'a deleted user'}`
                  : row.revokedAt
                    ? `Revoked ${formatDate(row.revokedAt)} by ${row.revokedBy ?? 'a deleted user'}`
                    : new Date(row.expiresAt) < new Date()
                      ? 'Expired'
                      : 'Open'}
              </td>
              <td>
                {!row.redeemedAt && !row.revokedAt && (
                  <button type="button" className="button" onClick={() => void onRevoke(row.id)}>
                    Revoke
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
