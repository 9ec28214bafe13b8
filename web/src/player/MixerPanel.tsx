/**
 * The mixer settings popover (SPEC 2): Enter/Exit Mixer Mode, silence elimination, track mixing,
 * beat-matched transitions, mix duration and tightness, preview text, save indicator, reset.
 */
import { useState, type ReactNode } from 'react';
import * as Popover from '@radix-ui/react-popover';
import * as Switch from '@radix-ui/react-switch';
import { RotateCcw } from 'lucide-react';
import { MixerButton } from './MixerButton';
import {
  MIX_DURATION_MAX_MS,
  MIX_DURATION_MIN_MS,
  MIX_DURATION_STEP_MS,
  MIX_TIGHTNESS_MAX,
  MIX_TIGHTNESS_MIN,
  MIX_TIGHTNESS_STEP,
  formatMixDuration,
  mixPreviewText,
  tightnessLabel,
} from './mixerSettings';
import { saveStatusText } from './mixerSettingsStore';
import { useMixerSettingsState, usePlayerServices, usePlayerState } from './PlayerProvider';
import { PlayerSlider } from './PlayerSlider';
import './MixerPanel.css';

function SettingSwitch({ id, label, checked, onChange }: { id: string; label: string; checked: boolean; onChange(checked: boolean): void }) {
  return (
    <div className="mixer-panel__row">
      <label htmlFor={id}>{label}</label>
      <Switch.Root id={id} className="mixer-switch" checked={checked} onCheckedChange={onChange}>
        <Switch.Thumb className="mixer-switch__thumb" />
      </Switch.Root>
    </div>
  );
}

function SliderField({ label, value, children }: { label: string; value: string; children: ReactNode }) {
  return (
    <div className="mixer-panel__field">
      <div className="mixer-panel__field-head">
        <span>{label}</span>
        <span className="mixer-panel__value">{value}</span>
      </div>
      {children}
    </div>
  );
}

export function MixerPanel({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const { mixer, mixerSettings } = usePlayerServices();
  const { mode, switchingMode } = usePlayerState();
  const { settings, local, saveStatus } = useMixerSettingsState();
  const [toggling, setToggling] = useState(false);
  const inMixerMode = mode === 'mixer';
  const busy = toggling || switchingMode;
  const status = saveStatusText(saveStatus);

  const toggleMixerMode = async () => {
    setToggling(true);
    try {
      await mixer.setMixerMode(!inMixerMode);
    } finally {
      setToggling(false);
    }
  };

  return (
    <Popover.Root defaultOpen={defaultOpen}>
      <Popover.Trigger asChild>
        <MixerButton />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className="mixer-panel" side="top" align="end" sideOffset={12} aria-label="Mixer settings">
          <div className="mixer-panel__header">
            <h2 className="mixer-panel__heading">Track Mixer</h2>
            <button type="button" className="mixer-panel__mode" data-active={inMixerMode} disabled={busy} onClick={() => void toggleMixerMode()}>
              {busy ? 'Switching...' : inMixerMode ? 'Exit Mixer Mode' : 'Enter Mixer Mode'}
            </button>
          </div>

          <SettingSwitch
            id="mixer-silence-elimination"
            label="Silence elimination"
            checked={settings.silenceEliminationEnabled}
            onChange={(checked) => mixerSettings.update({ silenceEliminationEnabled: checked })}
          />
          <SettingSwitch
            id="mixer-track-mixing"
            label="Enable Track Mixing"
            checked={settings.crossfadeEnabled}
            onChange={(checked) => mixerSettings.update({ crossfadeEnabled: checked })}
          />
          <SettingSwitch
            id="mixer-beat-matched"
            label="Beat-matched transitions"
            checked={settings.beatMatchedTransitions}
            onChange={(checked) => mixerSettings.update({ beatMatchedTransitions: checked })}
          />

          <SliderField label="Mix Duration" value={formatMixDuration(settings.crossfadeDuration)}>
            <PlayerSlider
              label="Mix Duration"
              min={MIX_DURATION_MIN_MS}
              max={MIX_DURATION_MAX_MS}
              step={MIX_DURATION_STEP_MS}
              value={settings.crossfadeDuration}
              valueText={formatMixDuration(settings.crossfadeDuration)}
              disabled={!settings.crossfadeEnabled}
              onChange={(value) => mixerSettings.update({ crossfadeDuration: value })}
            />
          </SliderField>
          <SliderField label="Mix Tightness" value={tightnessLabel(settings.mixTightness)}>
            <PlayerSlider
              label="Mix Tightness"
              min={MIX_TIGHTNESS_MIN}
              max={MIX_TIGHTNESS_MAX}
              step={MIX_TIGHTNESS_STEP}
              value={settings.mixTightness}
              valueText={tightnessLabel(settings.mixTightness)}
              disabled={!settings.crossfadeEnabled}
              onChange={(value) => mixerSettings.update({ mixTightness: value })}
            />
          </SliderField>

          {local.previewEnabled && <p className="mixer-panel__preview">{mixPreviewText(settings)}</p>}

          <div className="mixer-panel__footer">
            <span className="mixer-panel__status" role="status" data-status={saveStatus}>
              {status}
            </span>
            <button type="button" className="mixer-panel__reset" onClick={() => mixerSettings.resetToDefaults()}>
              <RotateCcw aria-hidden size={14} />
              Reset to Defaults
            </button>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
