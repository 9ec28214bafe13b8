/**
 * Renders the player bar inside PlayerProvider with a fake audio rig and a scripted Apollo client.
 */
import type { ReactNode } from 'react';
import type { ApolloClient } from '@apollo/client';
import { render } from '@testing-library/react';
import { ApolloProvider } from '@apollo/client/react';
import { MemoryRouter, useLocation } from 'react-router';
import { AudioGraph } from '../audioGraph';
import { createApolloGenerationWatch, createApolloMixerSettingsBackend, createApolloQueueBackend } from '../apolloBackends';
import { PlayerBar } from '../PlayerBar';
import { PlayerProvider, createPlayerServices, type PlayerServices } from '../PlayerProvider';
import { createFakeAudioRig } from './fakeAudio';
import { createScriptedApollo, queueData, songAnalysisData } from './scriptedApollo';

function LocationProbe() {
  return <div data-testid="location">{useLocation().pathname}</div>;
}

type Handlers = Parameters<typeof createScriptedApollo>[0];

/** The player's services on a fake audio rig, talking to the server through `client`. */
export function createTestPlayerServices(client: ApolloClient, rig = createFakeAudioRig()): PlayerServices {
  return createPlayerServices(
    new AudioGraph(rig.context, rig.createElement),
    { queue: createApolloQueueBackend(client), mixerSettings: createApolloMixerSettingsBackend(client), generations: createApolloGenerationWatch(client) },
    window.localStorage,
  );
}

/** `page`: more UI rendered under the bar, inside the same providers (e.g. a song list). */
export function renderPlayer({ handlers = {}, path = '/', page }: { handlers?: Handlers; path?: string; page?: ReactNode } = {}) {
  const apollo = createScriptedApollo({
    PlayerQueue: () => ({ queue: queueData(null) }),
    PlayerSongAnalysis: ({ id }) => songAnalysisData(id as string),
    MixerSettings: () => ({ mixerSettings: null }),
    SaveMixerSettings: ({ input }) => ({ saveMixerSettings: { __typename: 'MixerSettings', ...(input as object) } }),
    ...handlers,
  });
  const rig = createFakeAudioRig();
  const services = createTestPlayerServices(apollo.client, rig);
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <ApolloProvider client={apollo.client}>
        <PlayerProvider services={services}>
          <PlayerBar />
          {page}
          <LocationProbe />
        </PlayerProvider>
      </ApolloProvider>
    </MemoryRouter>,
  );
  return { ...view, apollo, rig, services, engine: services.engine };
}
