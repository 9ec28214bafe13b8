import { useCallback } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { toQueueSnapshot } from '../player/apolloBackends';
import { usePlayerServices } from '../player/PlayerProvider';
import { PLAY_RADIO_STATION_MUTATION, RADIO_STATIONS_QUERY } from './radioOperations';

/**
 * Starts a genre station in the player (its first song plays; the badge shows 'Radio: {genre}'). The
 * stations shown are read again: starting one may have asked the engine for new songs for it.
 */
export function useStartStation(): (genre: string) => Promise<boolean> {
  const client = useApolloClient();
  const { engine } = usePlayerServices();
  return useCallback(
    (genre: string) =>
      engine.playQueue(async () => {
        const { data } = await client.mutate({ mutation: PLAY_RADIO_STATION_MUTATION, variables: { genre }, refetchQueries: [RADIO_STATIONS_QUERY] });
        if (!data) throw new Error('The server sent no queue');
        return toQueueSnapshot(data.playRadioStation);
      }),
    [client, engine],
  );
}
