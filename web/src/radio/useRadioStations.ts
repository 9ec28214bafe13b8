import { useEffect } from 'react';
import { useQuery } from '@apollo/client/react';
import { RADIO_STATIONS_QUERY } from './radioOperations';

/** While new songs are being made for a station, its card is refreshed this often (they take seconds each). */
export const STATIONS_REFRESH_MS = 5000;

/**
 * The active stations of the line-up. While any has new songs in the making for the listener, the list
 * refreshes itself, so the card's 'making new songs' note and song count follow the generation queue.
 */
export function useRadioStations(fetchPolicy: 'cache-first' | 'cache-and-network' = 'cache-first') {
  const result = useQuery(RADIO_STATIONS_QUERY, { variables: { includeInactive: false }, fetchPolicy });
  const making = (result.data?.radioStations ?? []).some((station) => station.songsInMaking > 0);
  const { startPolling, stopPolling } = result;
  useEffect(() => {
    if (!making) return undefined;
    startPolling(STATIONS_REFRESH_MS);
    return () => stopPolling();
  }, [making, startPolling, stopPolling]);
  return result;
}
