import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { probeSession } from './auth/sessionProbe';
import { FullPageSpinner } from './shell/Spinner';
import './styles/tokens.css';
import './styles/base.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);
root.render(<FullPageSpinner />);

/** Pages open signed out too: the full app serves them (its routes show them without a user). */
const PUBLIC_PATHS = ['/developers'];

// The first load is only what the first screen needs: a signed-out visitor gets the sign-in
// screen's chunk; everyone else the app (Apollo, router, shell and player), loaded in parallel.
async function start(): Promise<void> {
  if (!PUBLIC_PATHS.includes(window.location.pathname) && (await probeSession()) === 'signed-out') {
    const { SignedOutApp } = await import('./auth/SignedOutApp');
    root.render(
      <StrictMode>
        <SignedOutApp />
      </StrictMode>,
    );
    return;
  }
  const [{ App }, { createApolloClient }] = await Promise.all([import('./app/App'), import('./apollo/createApolloClient')]);
  root.render(
    <StrictMode>
      <App client={createApolloClient()} />
    </StrictMode>,
  );
}

void start();
