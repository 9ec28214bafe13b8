import { useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { Link } from 'react-router';
import { toast } from '../ui/toastStore';
import { messageOf } from '../ui/errorMessage';
import {
  API_CREDENTIALS_QUERY,
  CREATE_ACCESS_TOKEN_MUTATION,
  CREATE_APP_PASSWORD_MUTATION,
  REVOKE_ACCESS_TOKEN_MUTATION,
  REVOKE_APP_PASSWORD_MUTATION,
} from './accountOperations';

const when = (date: string | null | undefined) => (date ? new Date(date).toLocaleString() : 'Never');

interface Credential {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt?: string | null;
  last4?: string | null;
}

/** One kind of credential: a name to create one with, the new secret shown once, the list with Revoke. */
function CredentialSection(props: {
  id: string;
  title: string;
  hint: ReactNode;
  kind: string;
  credentials: readonly Credential[];
  create(name: string): Promise<string>;
  revoke(id: string): Promise<unknown>;
}) {
  const [secret, setSecret] = useState<{ name: string; value: string } | null>(null);
  const onCreate = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get('name') ?? '');
    try {
      setSecret({ name, value: await props.create(name) });
      form.reset();
    } catch (error) {
      toast({ title: `${props.kind} not created`, description: messageOf(error), variant: 'destructive' });
    }
  };
  return (
    <section className="form-page__section" aria-labelledby={props.id}>
      <h2 id={props.id}>{props.title}</h2>
      <p className="form-page__hint">{props.hint}</p>
      <form className="form-page__row" onSubmit={(e) => void onCreate(e)}>
        <label className="form-page__field">
          Name
          <input name="name" maxLength={100} required placeholder="e.g. Symfonium on my phone" />
        </label>
        <button type="submit" className="button">
          Create {props.kind.toLowerCase()}
        </button>
      </form>
      {secret && (
        <div className="form-page__field" role="status">
          <p className="form-page__hint">
            Your new {props.kind.toLowerCase()} “{secret.name}”. Copy it now: it is not shown again.
          </p>
          <div className="form-page__row">
            <input readOnly value={secret.value} aria-label={`New ${props.kind.toLowerCase()}`} onFocus={(e) => e.currentTarget.select()} />
            <button
              type="button"
              className="button"
              onClick={() =>
                void navigator.clipboard
                  ?.writeText(secret.value)
                  .then(() => toast({ title: 'Copied' }))
                  .catch(() => toast({ title: 'Copy it by hand', variant: 'destructive' }))
              }
            >
              Copy
            </button>
            <button type="button" className="button" onClick={() => setSecret(null)}>
              Done
            </button>
          </div>
        </div>
      )}
      {props.credentials.length === 0 ? (
        <p className="form-page__hint">None yet.</p>
      ) : (
        <table className="form-page__table">
          <thead>
            <tr>
              <th>Name</th>
              <th>Created</th>
              <th>Last used</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {props.credentials.map((credential) => (
              <tr key={credential.id}>
                <td>
                  {credential.name}
                  {credential.last4 ? ` (…${credential.last4})` : ''}
                </td>
                <td>{when(credential.createdAt)}</td>
                <td>{when(credential.lastUsedAt)}</td>
                <td>
                  <button
                    type="button"
                    className="button"
                    aria-label={`Revoke ${credential.name}`}
                    onClick={() =>
                      void props
                        .revoke(credential.id)
                        .then(() => toast({ title: `${props.kind} revoked` }))
                        .catch((error: unknown) => toast({ title: `${props.kind} not revoked`, description: messageOf(error), variant: 'destructive' }))
                    }
                  >
                    Revoke
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** /account: app passwords for Subsonic apps and personal access tokens for scripts (docs/subsonic.md, docs/api.md). */
export function ApiCredentialsSections() {
  const { data, refetch } = useQuery(API_CREDENTIALS_QUERY, { fetchPolicy: 'cache-and-network' });
  const [createAppPassword] = useMutation(CREATE_APP_PASSWORD_MUTATION);
  const [revokeAppPassword] = useMutation(REVOKE_APP_PASSWORD_MUTATION);
  const [createAccessToken] = useMutation(CREATE_ACCESS_TOKEN_MUTATION);
  const [revokeAccessToken] = useMutation(REVOKE_ACCESS_TOKEN_MUTATION);
  if (!data) return null;
  return (
    <>
      <CredentialSection
        id="account-app-passwords"
        title="Subsonic app passwords"
        kind="App password"
        hint={
          <>
            Music apps such as DSub, Symfonium or Feishin connect to <code>{window.location.origin}</code> with your user name and an app password (never your login password). One per app; revoking one
            signs that app out.
          </>
        }
        credentials={data.appPasswords}
        create={async (name) => {
          const { data: created } = await createAppPassword({ variables: { name } });
          await refetch();
          return created!.createAppPassword.secret;
        }}
        revoke={(id) => revokeAppPassword({ variables: { id } }).then(() => refetch())}
      />
      <CredentialSection
        id="account-access-tokens"
        title="Personal access tokens"
        kind="Access token"
        hint={
          <>
            For scripts and other clients: send it as <code>Authorization: Bearer &lt;token&gt;</code> to the GraphQL and REST API, or as the <code>apiKey</code> of a Subsonic app. It acts as you. See the{' '}
            <Link to="/developers">API documentation for developers</Link>.
          </>
        }
        credentials={data.accessTokens}
        create={async (name) => {
          const { data: created } = await createAccessToken({ variables: { name } });
          await refetch();
          return created!.createAccessToken.secret;
        }}
        revoke={(id) => revokeAccessToken({ variables: { id } }).then(() => refetch())}
      />
    </>
  );
}
