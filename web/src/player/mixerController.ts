/**
 * Keeps the engine in step with the mixer settings: every settings change reaches the engine, and
 * the engine's mode follows `djModeEnabled` (so mixer mode saved as on is restored once the
 * settings load at start). Toggling mixer mode saves at once rather than after the auto-save delay.
 */
import type { MixerSettingsStore } from './mixerSettingsStore';
import type { PlayerEngine } from './playerEngine';

export class MixerController {
  private syncing = false;
  private resyncRequested = false;

  constructor(
    private readonly engine: PlayerEngine,
    private readonly settings: MixerSettingsStore,
  ) {}

  /** Starts following the settings; returns the function that stops it. */
  start(): () => void {
    const unsubscribe = this.settings.subscribe(() => void this.sync());
    void this.sync();
    return unsubscribe;
  }

  /** The Enter/Exit Mixer Mode button. */
  async setMixerMode(enabled: boolean): Promise<void> {
    this.settings.update({ djModeEnabled: enabled });
    await Promise.all([this.sync(), this.settings.saveNow()]);
  }

  /** Applies the latest settings; a change that arrives mid-switch is applied right after it. */
  private async sync(): Promise<void> {
    if (this.syncing) {
      this.resyncRequested = true;
      return;
    }
    this.syncing = true;
    try {
      do {
        this.resyncRequested = false;
        const settings = this.settings.settings;
        this.engine.setMixerSettings(settings);
        const wantMixer = settings.djModeEnabled;
        if ((this.engine.getSnapshot().mode === 'mixer') !== wantMixer) await this.engine.setMixerMode(wantMixer);
      } while (this.resyncRequested);
    } finally {
      this.syncing = false;
    }
  }
}
