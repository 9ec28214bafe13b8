import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_MIXER_SETTINGS, type MixerSettings } from './mixerSettings';
import { LOCAL_MIXER_FLAGS_KEY, MixerSettingsStore, saveStatusText, type MixerSettingsBackend } from './mixerSettingsStore';
import type { PlayerLogger } from './notices';

function setup(saved: MixerSettings | null = null) {
  const backend = {
    load: vi.fn<MixerSettingsBackend['load']>().mockResolvedValue(saved),
    save: vi.fn<MixerSettingsBackend['save']>().mockImplementation(async (settings) => settings),
  };
  const logger: PlayerLogger = { warn: vi.fn(), info: vi.fn() };
  const store = new MixerSettingsStore({ backend, storage: localStorage, logger });
  return { backend, logger, store };
}

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('loading', () => {
  it('loads about 1 s after start', async () => {
    const { backend, store } = setup({ ...DEFAULT_MIXER_SETTINGS, crossfadeDuration: 8000 });
    store.start();
    await vi.advanceTimersByTimeAsync(999);
    expect(backend.load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(backend.load).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot().loaded).toBe(true);
    expect(store.settings.crossfadeDuration).toBe(8000);
    expect(store.getSnapshot().saveStatus).toBe('clean');
  });

  it('keeps defaults when nothing was saved, and only logs load failures', async () => {
    const { store, backend, logger } = setup(null);
    await store.load();
    expect(store.settings).toEqual(DEFAULT_MIXER_SETTINGS);
    backend.load.mockRejectedValue(new Error('404'));
    await store.load();
    expect(logger.warn).toHaveBeenCalledWith('Loading mixer settings failed', expect.any(Error));
  });

  it('does not overwrite an edit made before the answer arrived', async () => {
    const { store } = setup({ ...DEFAULT_MIXER_SETTINGS, mixTightness: 1 });
    store.update({ mixTightness: 5 });
    await store.load();
    expect(store.settings.mixTightness).toBe(5);
  });
});

describe('editing and auto-save', () => {
  it("marks 'Unsaved changes' and saves 1000 ms after the last edit", async () => {
    const { store, backend } = setup();
    store.update({ crossfadeDuration: 7000 });
    expect(saveStatusText(store.getSnapshot().saveStatus)).toBe('Unsaved changes');
    await vi.advanceTimersByTimeAsync(600);
    store.update({ mixTightness: 4 });
    await vi.advanceTimersByTimeAsync(999);
    expect(backend.save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(backend.save).toHaveBeenCalledTimes(1);
    expect(backend.save).toHaveBeenCalledWith({ ...DEFAULT_MIXER_SETTINGS, crossfadeDuration: 7000, mixTightness: 4 });
    expect(saveStatusText(store.getSnapshot().saveStatus)).toBe('Settings saved');
  });

  it('snaps edits to valid values and ignores no-op edits', () => {
    const { store } = setup();
    store.update({ crossfadeDuration: 7321, mixTightness: 9 });
    expect(store.settings.crossfadeDuration).toBe(7500);
    expect(store.settings.mixTightness).toBe(5);
    const snapshot = store.getSnapshot();
    store.update({ crossfadeDuration: 7500 });
    expect(store.getSnapshot()).toBe(snapshot);
  });

  it('only logs a failed save and stays unsaved', async () => {
    const { store, backend, logger } = setup();
    backend.save.mockRejectedValue(new Error('400: bad'));
    store.update({ crossfadeEnabled: false });
    await vi.advanceTimersByTimeAsync(1000);
    expect(logger.warn).toHaveBeenCalledWith('Saving mixer settings failed', expect.any(Error));
    expect(store.getSnapshot().saveStatus).toBe('unsaved');
  });

  it('Reset to Defaults restores every mix setting but keeps mixer mode', () => {
    const { store } = setup();
    store.update({ crossfadeDuration: 20000, mixTightness: 1, silenceEliminationEnabled: true, djModeEnabled: true });
    store.resetToDefaults();
    expect(store.settings).toEqual({ ...DEFAULT_MIXER_SETTINGS, djModeEnabled: true });
  });

  it('has no indicator before any edit', () => {
    expect(saveStatusText(setup().store.getSnapshot().saveStatus)).toBeNull();
  });
});

describe('local flags', () => {
  it('default to preview on and persist locally', () => {
    const first = setup().store;
    expect(first.getSnapshot().local).toEqual({ showAdvancedControls: false, previewEnabled: true });
    first.setLocalFlags({ previewEnabled: false });
    expect(JSON.parse(localStorage.getItem(LOCAL_MIXER_FLAGS_KEY)!)).toEqual({ showAdvancedControls: false, previewEnabled: false });
    expect(setup().store.getSnapshot().local.previewEnabled).toBe(false);
  });
});
