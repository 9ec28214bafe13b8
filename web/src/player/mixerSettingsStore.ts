/**
 * The mixer settings the panel edits: loaded from the server about 1 s after start, marked
 * 'Unsaved changes' on every edit and auto-saved 1000 ms after the last one ('Settings saved').
 * Load and save failures are only logged (SPEC 8). The local-only flags (advanced controls,
 * preview) live in localStorage.
 */
import { ExternalStore, type ReadableStore } from './externalStore';
import {
  DEFAULT_LOCAL_MIXER_FLAGS,
  DEFAULT_MIXER_SETTINGS,
  mixerSettingsEqual,
  normalizeMixerSettings,
  type LocalMixerFlags,
  type MixerSettings,
} from './mixerSettings';
import { consoleLogger, type PlayerLogger } from './notices';

export const AUTO_SAVE_DELAY_MS = 1000;
export const SETTINGS_LOAD_DELAY_MS = 1000;
export const LOCAL_MIXER_FLAGS_KEY = 'mixerLocalFlags';

/** Server side of the settings (GraphQL mixerSettings / saveMixerSettings). */
export interface MixerSettingsBackend {
  /** Saved settings, or null when the user never saved any. */
  load(): Promise<MixerSettings | null>;
  save(settings: MixerSettings): Promise<MixerSettings>;
}

export type SaveStatus = 'clean' | 'unsaved' | 'saving' | 'saved';

export interface MixerSettingsState {
  settings: MixerSettings;
  local: LocalMixerFlags;
  saveStatus: SaveStatus;
  /** True once the server's settings arrived (or it had none). */
  loaded: boolean;
}

/** The indicator text of the mixer panel. */
export function saveStatusText(status: SaveStatus): 'Unsaved changes' | 'Settings saved' | null {
  if (status === 'unsaved' || status === 'saving') return 'Unsaved changes';
  if (status === 'saved') return 'Settings saved';
  return null;
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

function readLocalFlags(storage: KeyValueStorage | null): LocalMixerFlags {
  try {
    const value: unknown = JSON.parse(storage?.getItem(LOCAL_MIXER_FLAGS_KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return { ...DEFAULT_LOCAL_MIXER_FLAGS };
    const { showAdvancedControls, previewEnabled } = value as Record<string, unknown>;
    return {
      showAdvancedControls: typeof showAdvancedControls === 'boolean' ? showAdvancedControls : DEFAULT_LOCAL_MIXER_FLAGS.showAdvancedControls,
      previewEnabled: typeof previewEnabled === 'boolean' ? previewEnabled : DEFAULT_LOCAL_MIXER_FLAGS.previewEnabled,
    };
  } catch {
    return { ...DEFAULT_LOCAL_MIXER_FLAGS };
  }
}

export interface MixerSettingsStoreOptions {
  backend: MixerSettingsBackend;
  storage?: KeyValueStorage | null;
  logger?: PlayerLogger;
}

export class MixerSettingsStore implements ReadableStore<MixerSettingsState> {
  private readonly store: ExternalStore<MixerSettingsState>;
  private readonly backend: MixerSettingsBackend;
  private readonly storage: KeyValueStorage | null;
  private readonly logger: PlayerLogger;
  private saveTimer: ReturnType<typeof setTimeout> | null = null;
  private loadTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(options: MixerSettingsStoreOptions) {
    this.backend = options.backend;
    this.storage = options.storage ?? null;
    this.logger = options.logger ?? consoleLogger;
    this.store = new ExternalStore<MixerSettingsState>({
      settings: { ...DEFAULT_MIXER_SETTINGS },
      local: readLocalFlags(this.storage),
      saveStatus: 'clean',
      loaded: false,
    });
  }

  readonly getSnapshot = (): MixerSettingsState => this.store.getSnapshot();
  readonly subscribe = (listener: () => void): (() => void) => this.store.subscribe(listener);

  get settings(): MixerSettings {
    return this.store.getSnapshot().settings;
  }

  /** Loads the saved settings about 1 s after app start; returns a function that stops timers. */
  start(): () => void {
    this.loadTimer ??= setTimeout(() => {
      this.loadTimer = null;
      void this.load();
    }, SETTINGS_LOAD_DELAY_MS);
    return () => this.stop();
  }

  stop(): void {
    if (this.loadTimer !== null) clearTimeout(this.loadTimer);
    if (this.saveTimer !== null) clearTimeout(this.saveTimer);
    this.loadTimer = null;
    this.saveTimer = null;
  }

  async load(): Promise<void> {
    try {
      const saved = await this.backend.load();
      // Edits made before the answer arrived win; they are saved shortly anyway.
      if (this.getSnapshot().saveStatus === 'clean') {
        this.store.update({ settings: normalizeMixerSettings(saved) });
      }
    } catch (error) {
      this.logger.warn('Loading mixer settings failed', error);
    } finally {
      this.store.update({ loaded: true });
    }
  }

  /** Applies an edit (values snapped to valid ones) and schedules the auto-save. */
  update(patch: Partial<MixerSettings>): void {
    const next = normalizeMixerSettings({ ...this.settings, ...patch });
    if (mixerSettingsEqual(next, this.settings)) return;
    this.store.update({ settings: next, saveStatus: 'unsaved' });
    if (this.saveTimer !== null) clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => {
      this.saveTimer = null;
      void this.saveNow();
    }, AUTO_SAVE_DELAY_MS);
  }

  /** Reset to Defaults: every mix setting back to its default; mixer mode stays as it is. */
  resetToDefaults(): void {
    this.update({ ...DEFAULT_MIXER_SETTINGS, djModeEnabled: this.settings.djModeEnabled });
  }

  /** Saves now (mixer mode switches do not wait for the auto-save). */
  async saveNow(): Promise<void> {
    if (this.saveTimer !== null) clearTimeout(this.saveTimer);
    this.saveTimer = null;
    const sent = this.settings;
    this.store.update({ saveStatus: 'saving' });
    try {
      const saved = normalizeMixerSettings(await this.backend.save(sent));
      // A newer edit made while saving keeps its own pending save and 'Unsaved changes'.
      if (this.settings === sent) this.store.update({ settings: saved, saveStatus: 'saved' });
    } catch (error) {
      this.logger.warn('Saving mixer settings failed', error);
      if (this.settings === sent) this.store.update({ saveStatus: 'unsaved' });
    }
  }

  setLocalFlags(patch: Partial<LocalMixerFlags>): void {
    const local = { ...this.getSnapshot().local, ...patch };
    this.store.update({ local });
    try {
      this.storage?.setItem(LOCAL_MIXER_FLAGS_KEY, JSON.stringify(local));
    } catch (error) {
      this.logger.warn('Storing mixer preferences failed', error);
    }
  }
}
