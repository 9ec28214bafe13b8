import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_MIXER_SETTINGS } from './mixerSettings';
import { renderPlayer } from './testSupport/renderPlayer';
import { queueData, songData } from './testSupport/scriptedApollo';

async function openPanel() {
  await userEvent.click(screen.getByRole('button', { name: 'Mixer settings' }));
  return screen.findByRole('dialog', { name: 'Mixer settings' });
}

describe('MixerPanel', () => {
  it('shows the settings with the default preview text', async () => {
    renderPlayer();
    await openPanel();
    expect(screen.getByRole('button', { name: 'Enter Mixer Mode' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Enable Track Mixing' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Silence elimination' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Beat-matched transitions' })).toBeChecked();
    expect(screen.getByText('5.0s Smooth transitions')).toBeInTheDocument();
    expect(screen.getByRole<HTMLInputElement>('slider', { name: 'Mix Duration' }).valueAsNumber).toBe(5000);
    expect(screen.getByRole('slider', { name: 'Mix Tightness' })).toHaveAttribute('aria-valuetext', 'Smooth');
  });

  it("edits mark 'Unsaved changes', update the preview and save after 1 s", async () => {
    const { apollo } = renderPlayer();
    await openPanel();
    // One step up each (the browser moves a range input itself and reports its new value).
    fireEvent.change(screen.getByRole('slider', { name: 'Mix Duration' }), { target: { value: '5500' } });
    fireEvent.change(screen.getByRole('slider', { name: 'Mix Tightness' }), { target: { value: '4' } });
    expect(screen.getByText('5.5s Tight transitions')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Unsaved changes');
    await userEvent.click(screen.getByRole('switch', { name: 'Enable Track Mixing' }));
    expect(screen.getByText('Standard track transitions')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: 'Silence elimination' }));
    expect(screen.getByText('Back-to-back playback with silence removal')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Settings saved'), { timeout: 3000 });
    const saves = apollo.calls.filter((c) => c.operationName === 'SaveMixerSettings');
    expect(saves).toHaveLength(1);
    expect(saves[0].variables).toEqual({
      input: { ...DEFAULT_MIXER_SETTINGS, crossfadeDuration: 5500, mixTightness: 4, crossfadeEnabled: false, silenceEliminationEnabled: true },
    });
  });

  it('Reset to Defaults restores the defaults', async () => {
    renderPlayer();
    await openPanel();
    await userEvent.click(screen.getByRole('switch', { name: 'Enable Track Mixing' }));
    await userEvent.click(screen.getByRole('button', { name: 'Reset to Defaults' }));
    expect(screen.getByText('5.0s Smooth transitions')).toBeInTheDocument();
  });

  it('enters and exits mixer mode, saving the mode', async () => {
    const { apollo, services } = renderPlayer({ handlers: { PlayerQueue: () => ({ queue: queueData(songData('a')) }) } });
    await openPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Enter Mixer Mode' }));
    expect(await screen.findByRole('button', { name: 'Exit Mixer Mode' })).toBeInTheDocument();
    expect(services.engine.getSnapshot().mode).toBe('mixer');
    expect(screen.getByText('Mixer Mode')).toBeInTheDocument();
    await waitFor(() =>
      expect(apollo.calls.find((c) => c.operationName === 'SaveMixerSettings')?.variables).toEqual({
        input: { ...DEFAULT_MIXER_SETTINGS, djModeEnabled: true },
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Exit Mixer Mode' }));
    expect(await screen.findByRole('button', { name: 'Enter Mixer Mode' })).toBeInTheDocument();
    expect(services.engine.getSnapshot().mode).toBe('standard');
  });
});
