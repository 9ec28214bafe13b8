import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import type { AdminUserFieldsFragment, AdminUserChangesInput } from '../gql/graphql';
import { TIERS } from '../shell/tiers';
import { ADMIN_USERS_QUERY, FORCE_PASSWORD_RESET_MUTATION, SET_USER_DISABLED_MUTATION, UPDATE_USER_RIGHTS_MUTATION } from './adminOperations';
import { runAdminAction } from './adminAction';
import { OffsetPager } from './controls';

const PAGE_SIZE = 25;
const FLAGS = [
  ['canGenerateMusic', 'Generate'],
  ['canManageSongs', 'Manage songs'],
  ['canAccessAdmin', 'Admin'],
  ['canAccessDJ', 'DJ'],
  ['adminOverride', 'No limit'],
] as const;

export function AdminUsersPanel() {
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const { data, error } = useQuery(ADMIN_USERS_QUERY, { variables: { search: search.trim() || null, first: PAGE_SIZE, offset }, fetchPolicy: 'cache-and-network' });
  const page = data?.adminUsers;
  return (
    <div className="admin__users">
      <label className="admin__search">
        Search users
        <input type="search" value={search} placeholder="User name or email" onChange={(e) => {
            setSearch(e.target.value);
            setOffset(0);
          }} />
      </label>
      {error && <p role="alert">{error.message}</p>}
      {page && (
        <>
          <table className="admin__table">
            <thead>
              <tr>
                <th>User</th>
                <th>Tier</th>
                <th>Monthly limit</th>
                <th>Flags</th>
                <th>Account</th>
              </tr>
            </thead>
            <tbody>
              {page.users.map((u) => (
                <UserRow key={u.id} user={u} />
              ))}
            </tbody>
          </table>
          <OffsetPager offset={offset} pageSize={PAGE_SIZE} total={page.total} onChange={setOffset} labels={['Previous', 'Next']}>
            <span>{page.total === 0 ? 'No users' : `${offset + 1}-${offset + page.users.length} of ${page.total}`}</span>
          </OffsetPager>
        </>
      )}
    </div>
  );
}

function UserRow({ user }: { user: AdminUserFieldsFragment }) {
  const [update] = useMutation(UPDATE_USER_RIGHTS_MUTATION);
  const [setDisabled] = useMutation(SET_USER_DISABLED_MUTATION);
  const [resetPassword] = useMutation(FORCE_PASSWORD_RESET_MUTATION);
  const [limit, setLimit] = useState(String(user.monthlyGenerationLimit));
  const [temporaryPassword, setTemporaryPassword] = useState<string | null>(null);
  const change = (changes: AdminUserChangesInput) => runAdminAction(() => update({ variables: { id: user.id, changes } }), `Could not change ${user.username}`);

  return (
    <tr data-disabled={user.disabled}>
      <td>
        <strong>{user.username}</strong>
        {user.email && <div className="admin__muted">{user.email}</div>}
      </td>
      <td>
        <select aria-label={`Tier of ${user.username}`} value={user.userTier} onChange={(e) => void change({ userTier: e.target.value })}>
          {TIERS.map((tier) => (
            <option key={tier} value={tier}>
              {tier}
            </option>
          ))}
        </select>
      </td>
      <td>
        <input
          type="number"
          min={0}
          className="admin__limit"
          aria-label={`Monthly generation limit of ${user.username}`}
          value={limit}
          onChange={(e) => setLimit(e.target.value)}
          onBlur={() => {
            if (Number(limit) !== user.monthlyGenerationLimit) void change({ monthlyGenerationLimit: Number(limit) }).then((ok) => ok || setLimit(String(user.monthlyGenerationLimit)));
          }}
        />
      </td>
      <td className="admin__flags">
        {FLAGS.map(([flag, label]) => (
          <label key={flag}>
            <input type="checkbox" checked={user[flag]} aria-label={`${label} (${user.username})`} onChange={(e) => void change({ [flag]: e.target.checked })} />
            {label}
          </label>
        ))}
      </td>
      <td className="admin__account">
        <button type="button" className="button" onClick={() => void runAdminAction(() => setDisabled({ variables: { id: user.id, disabled: !user.disabled } }), `Could not ${user.disabled ? 'enable' : 'disable'} ${user.username}`)}>
          {user.disabled ? `Enable ${user.username}` : `Disable ${user.username}`}
        </button>
        <button
          type="button"
          className="button"
          onClick={() =>
            void runAdminAction(async () => {
              const result = await resetPassword({ variables: { id: user.id } });
              setTemporaryPassword(result.data?.forcePasswordReset.temporaryPassword ?? null);
            }, `Could not reset the password of ${user.username}`)
          }
        >
          Reset password of {user.username}
        </button>
        {temporaryPassword && (
          <p className="admin__notice" role="status">
            Temporary password (shown once): <code>{temporaryPassword}</code>
          </p>
        )}
      </td>
    </tr>
  );
}
