/**
 * Renders the player bar inside PlayerProvider with a fake audio rig and a scripted Apollo client.
 */
import { render } from '@testing-library/react';
import { ApolloProvider } from '@apollo/client/react';
import { MemoryRouter, useLocation } from 'react-router';
import { AudioGraph } from '../audioGraph';
import { createApolloMixerSettingsBackend, createApolloQueueBackend } from '../apolloBackends';
import { PlayerBar } from '../PlayerBar';
import { PlayerProvider, createPlayerServices } from '../PlayerProvider';
import { createFakeAudioRig } from './fakeAudio';
import { createScriptedApollo, queueData } from './scriptedApollo';

function LocationProbe() {
  return <div data-testid="location">{useLocation().pathname}</div>;
}

type Handlers = Parameters<typeof createScriptedApollo>[0];

export function renderPlayer({ handlers = {}, path = '/' }: { handlers?: Handlers; path?: string } = {}) {
  const apollo = createScriptedApollo({
    PlayerQueue: () => ({ queue: queueData(null) }),
    MixerSettings: () => ({ mixerSettings: null }),
    SaveMixerSettings: ({ input }) => ({ saveMixerSettings: { __typename: 'MixerSettings', ...(input as object) } }),
    ...handlers,
  });
  const rig = createFakeAudioRig();
  const services = createPlayerServices(
    new AudioGraph(rig.context, rig.createElement),
    { queue: createApolloQueueBackend(apollo.client), mixerSettings: createApolloMixerSettingsBackend(apollo.client) },
    window.localStorage,
  );
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <ApolloProvider client={apollo.client}>
        <PlayerProvider services={services}>
          <PlayerBar />
          <LocationProbe />
        </PlayerProvider>
      </ApolloProvider>
    </MemoryRouter>,
  );
  return { ...view, apollo, rig, services, engine: services.engine };
}
