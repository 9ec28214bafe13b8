import { useEffect } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { PREFERENCES_CHANGED_SUBSCRIPTION, PREFERENCES_QUERY, UPDATE_PREFERENCES_MUTATION } from './settingsOperations';
import type { PreferencesFieldsFragment, PreferencesInput } from '../gql/graphql';

/**
 * The user's settings, kept live: changes saved on another device arrive over `preferencesChanged`
 * and replace the cached ones, so every component reading them updates.
 */
export function usePreferences() {
  const { data, subscribeToMore } = useQuery(PREFERENCES_QUERY);
  useEffect(
    () =>
      subscribeToMore({
        document: PREFERENCES_CHANGED_SUBSCRIPTION,
        updateQuery: (_previous, { subscriptionData }) => ({ preferences: subscriptionData.data.preferencesChanged }),
      }),
    [subscribeToMore],
  );
  return data?.preferences ?? null;
}

/**
 * Saves some settings. The change shows at once (an optimistic answer: a theme or a checkbox must not
 * wait for the server); the server's answer, and the push to other devices, then replace it.
 */
export function useSavePreferences(current: PreferencesFieldsFragment | null): (input: PreferencesInput) => Promise<void> {
  const [save] = useMutation(UPDATE_PREFERENCES_MUTATION, {
    update: (cache, { data }) => {
      if (data) cache.writeQuery({ query: PREFERENCES_QUERY, data: { preferences: data.updatePreferences } });
    },
  });
  return async (input) => {
    const given = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined && value !== null));
    await save({
      variables: { input },
      optimisticResponse: current ? { updatePreferences: { ...current, ...given } } : undefined,
    });
  };
}
