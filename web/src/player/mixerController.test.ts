import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MixerController } from './mixerController';
import { DEFAULT_MIXER_SETTINGS } from './mixerSettings';
import { MixerSettingsStore, type MixerSettingsBackend } from './mixerSettingsStore';
import { createEngineHarness, queue, song, type EngineHarness } from './testSupport/engineHarness';

let h: EngineHarness;
let backend: { load: ReturnType<typeof vi.fn<MixerSettingsBackend['load']>>; save: ReturnType<typeof vi.fn<MixerSettingsBackend['save']>> };
let settings: MixerSettingsStore;
let controller: MixerController;

beforeEach(() => {
  vi.useFakeTimers();
  h = createEngineHarness();
  backend = {
    load: vi.fn<MixerSettingsBackend['load']>().mockResolvedValue(null),
    save: vi.fn<MixerSettingsBackend['save']>().mockImplementation(async (s) => s),
  };
  settings = new MixerSettingsStore({ backend, logger: h.logger });
  controller = new MixerController(h.engine, settings);
  controller.start();
});

afterEach(() => {
  settings.stop();
  h.engine.dispose();
  vi.useRealTimers();
});

describe('MixerController', () => {
  it('restores mixer mode when the saved settings say it was on', async () => {
    backend.load.mockResolvedValue({ ...DEFAULT_MIXER_SETTINGS, djModeEnabled: true });
    settings.start();
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(h.engine.getSnapshot().mode).toBe('mixer'));
  });

  it('entering mixer mode switches the engine and saves at once', async () => {
    await h.engine.applyQueue(queue(song('a')), 'play');
    await controller.setMixerMode(true);
    expect(h.engine.getSnapshot().mode).toBe('mixer');
    expect(h.engine.getSnapshot().isPlaying).toBe(true);
    expect(backend.save).toHaveBeenCalledWith({ ...DEFAULT_MIXER_SETTINGS, djModeEnabled: true });
    await controller.setMixerMode(false);
    expect(h.engine.getSnapshot().mode).toBe('standard');
  });

  it('passes settings edits to the engine', async () => {
    await h.engine.applyQueue(queue(song('a', { analysis: { durationSeconds: 180, bpm: 120, beatOffsetSeconds: 0, integratedLufs: -20, introEndSeconds: 0, outroStartSeconds: 180, silenceRanges: [] } })), 'stay');
    await controller.setMixerMode(true);
    expect(h.trim(0).value).toBeCloseTo(2, 1);
    settings.update({ beatMatchedTransitions: false });
    expect(h.trim(0).value).toBe(1);
  });
});
