import { useState, type FormEvent } from 'react';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { useNavigate } from 'react-router';
import { clearSession } from '../auth/session';
import { toast } from '../ui/toastStore';
import { messageOf } from '../ui/errorMessage';
import { ACCOUNT_QUERY, CHANGE_EMAIL_MUTATION, CHANGE_PASSWORD_MUTATION, DELETE_ACCOUNT_MUTATION, REVOKE_SESSION_MUTATION, SET_PROVIDER_KEY_MUTATION } from './accountOperations';
import { ApiCredentialsSections } from './ApiCredentialsSections';
import '../ui/formPage.css';

/** Runs a form's save, resetting the form on success and toasting either way. */
async function submit(event: FormEvent<HTMLFormElement>, action: (form: FormData) => Promise<string>, failureTitle: string) {
  event.preventDefault();
  const form = event.currentTarget;
  try {
    toast({ title: await action(new FormData(form)) });
    form.reset();
  } catch (error) {
    toast({ title: failureTitle, description: messageOf(error), variant: 'destructive' });
  }
}
const field = (form: FormData, name: string) => String(form.get(name) ?? '');

/** /account: password, email, signed-in devices, the provider API key, app passwords and access tokens, data download and deletion. */
export function AccountPage() {
  const client = useApolloClient();
  const navigate = useNavigate();
  const { data, refetch } = useQuery(ACCOUNT_QUERY, { fetchPolicy: 'cache-and-network' });
  const [changePassword] = useMutation(CHANGE_PASSWORD_MUTATION);
  const [changeEmail] = useMutation(CHANGE_EMAIL_MUTATION);
  const [revokeSession] = useMutation(REVOKE_SESSION_MUTATION);
  const [setProviderKey] = useMutation(SET_PROVIDER_KEY_MUTATION);
  const [deleteAccount] = useMutation(DELETE_ACCOUNT_MUTATION);
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  if (!data?.me) return <p className="page__status">Loading account…</p>;
  return (
    <div className="form-page">
      <h1>Account</h1>

      <section className="form-page__section" aria-labelledby="account-password">
        <h2 id="account-password">Change password</h2>
        <p className="form-page__hint">Your other devices are signed out.</p>
        <form
          className="form-page__field"
          onSubmit={(e) =>
            void submit(
              e,
              async (form) => {
                const { data: answer } = await changePassword({ variables: { currentPassword: field(form, 'currentPassword'), newPassword: field(form, 'newPassword') } });
                await refetch();
                const ended = answer?.changePassword ?? 0;
                return `Password changed${ended ? `; ${ended} other ${ended === 1 ? 'session' : 'sessions'} signed out` : ''}`;
              },
              'Password not changed',
            )
          }
        >
          <label className="form-page__field">
            Current password
            <input type="password" name="currentPassword" autoComplete="current-password" />
          </label>
          <label className="form-page__field">
            New password
            <input type="password" name="newPassword" autoComplete="new-password" minLength={8} maxLength={128} required />
          </label>
          <button type="submit" className="button button--primary">
            Change password
          </button>
        </form>
      </section>

      <section className="form-page__section" aria-labelledby="account-email">
        <h2 id="account-email">Email</h2>
        <p className="form-page__hint">{data.me.email ? `Now: ${data.me.email}` : 'No email address yet.'}</p>
        <form
          className="form-page__field"
          onSubmit={(e) =>
            void submit(
              e,
              async (form) => {
                await changeEmail({ variables: { currentPassword: field(form, 'currentPassword'), email: field(form, 'email') } });
                return 'Email changed';
              },
              'Email not changed',
            )
          }
        >
          <label className="form-page__field">
            New email
            <input type="email" name="email" autoComplete="email" required />
          </label>
          <label className="form-page__field">
            Current password
            <input type="password" name="currentPassword" autoComplete="current-password" />
          </label>
          <button type="submit" className="button">
            Change email
          </button>
        </form>
      </section>

      <section className="form-page__section" aria-labelledby="account-sessions">
        <h2 id="account-sessions">Active sessions</h2>
        <table className="form-page__table">
          <thead>
            <tr>
              <th>Device</th>
              <th>IP address</th>
              <th>Last seen</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {data.activeSessions.map((session) => (
              <tr key={session.id}>
                <td>{session.device}</td>
                <td>{session.ip ?? 'unknown'}</td>
                <td>{new Date(session.lastSeenAt).toLocaleString()}</td>
                <td>
                  {session.current ? (
                    'This device'
                  ) : (
                    <button
                      type="button"
                      className="button"
                      aria-label={`Sign out ${session.device}`}
                      onClick={() =>
                        void revokeSession({ variables: { id: session.id } })
                          .then(() => refetch())
                          .then(() => toast({ title: 'Session signed out' }))
                          .catch((error: unknown) => toast({ title: 'Session not signed out', description: messageOf(error), variant: 'destructive' }))
                      }
                    >
                      Sign out
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section className="form-page__section" aria-labelledby="account-key">
        <h2 id="account-key">Voice/audio provider API key</h2>
        <p className="form-page__hint">
          {data.audioProviderKeyLast4 ? `A key ending in ${data.audioProviderKeyLast4} is stored (encrypted).` : 'No key stored.'} The key itself is never shown again.
        </p>
        <form
          className="form-page__row"
          onSubmit={(e) =>
            void submit(
              e,
              async (form) => {
                await setProviderKey({ variables: { apiKey: field(form, 'apiKey') } });
                await refetch();
                return 'API key saved';
              },
              'API key not saved',
            )
          }
        >
          <label className="form-page__field">
            API key
            <input type="password" name="apiKey" autoComplete="off" required />
          </label>
          <button type="submit" className="button">
            Save key
          </button>
          {data.audioProviderKeyLast4 && (
            <button
              type="button"
              className="button"
              onClick={() =>
                void setProviderKey({ variables: { apiKey: null } })
                  .then(() => refetch())
                  .catch((error: unknown) => toast({ title: 'API key not removed', description: messageOf(error), variant: 'destructive' }))
              }
            >
              Remove key
            </button>
          )}
        </form>
      </section>

      <ApiCredentialsSections />

      <section className="form-page__section" aria-labelledby="account-data">
        <h2 id="account-data">Your data</h2>
        <p className="form-page__hint">A zip of everything stored about you (data.json) and your media.</p>
        <a className="button" href="/api/account/export" download>
          Download my data
        </a>
      </section>

      <section className="form-page__section" aria-labelledby="account-delete">
        <h2 id="account-delete">Delete account</h2>
        <p className="form-page__hint">Removes your account, songs, playlists, likes and history for good.</p>
        {confirmingDelete ? (
          <form
            className="form-page__field"
            onSubmit={(e) =>
              void submit(
                e,
                async (form) => {
                  await deleteAccount({ variables: { currentPassword: field(form, 'currentPassword') } });
                  await clearSession(client);
                  navigate('/auth', { replace: true });
                  return 'Account deleted';
                },
                'Account not deleted',
              )
            }
          >
            <label className="form-page__field">
              Enter your password to confirm
              <input type="password" name="currentPassword" autoComplete="current-password" />
            </label>
            <div className="form-page__row">
              <button type="submit" className="button button--primary">
                Delete my account
              </button>
              <button type="button" className="button" onClick={() => setConfirmingDelete(false)}>
                Cancel
              </button>
            </div>
          </form>
        ) : (
          <button type="button" className="button" onClick={() => setConfirmingDelete(true)}>
            Delete account…
          </button>
        )}
      </section>
    </div>
  );
}
