import { createContext, useContext } from 'react';
import { useQuery } from '@apollo/client/react';
import { ME_QUERY, type CurrentUser } from './session';

export function useCurrentUser() {
  // cache-first: the user stays fresh until a login reload, logout or 401 replaces it.
  const { data, loading, error, refetch } = useQuery(ME_QUERY, { fetchPolicy: 'cache-first' });
  return { user: data?.me ?? null, loading: loading && !data, error, refetch };
}

export const SignedInUserContext = createContext<CurrentUser | null>(null);

/** The signed-in user inside the shell, where the app has already checked there is one. */
export function useSignedInUser(): CurrentUser {
  const user = useContext(SignedInUserContext);
  if (!user) throw new Error('useSignedInUser must be used inside the signed-in shell');
  return user;
}
