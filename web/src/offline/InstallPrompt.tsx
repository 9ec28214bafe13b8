import { useEffect, useState, useSyncExternalStore } from 'react';
import { Download } from 'lucide-react';
import { createInstallPromptStore, type InstallPromptStore } from './installPrompt';
import './InstallPrompt.css';

/** The install card: 'Install App' opens the browser's dialog, 'Later' hides it for 14 days. */
export function InstallPrompt() {
  const [store] = useState<InstallPromptStore>(() => createInstallPromptStore(window));
  useEffect(() => () => store.stop(), [store]);
  const { available } = useSyncExternalStore(store.subscribe, store.getSnapshot);
  if (!available) return null;

  return (
    <section className="install-card" aria-labelledby="install-card-title" aria-describedby="install-card-text">
      <span className="install-card__icon" aria-hidden>
        <Download size={20} />
      </span>
      <div className="install-card__body">
        <h2 id="install-card-title" className="install-card__title">
          Install Songforge
        </h2>
        <p id="install-card-text" className="install-card__text">
          Open it like an app and replay songs you have played without the network.
        </p>
      </div>
      <div className="install-card__actions">
        <button type="button" className="install-card__later" onClick={() => store.dismiss()}>
          Later
        </button>
        <button type="button" className="install-card__install" onClick={() => void store.install()}>
          Install App
        </button>
      </div>
    </section>
  );
}
