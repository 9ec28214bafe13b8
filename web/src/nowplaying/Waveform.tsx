import { useMemo, type KeyboardEvent, type PointerEvent } from 'react';
import { formatPlaybackTime } from '../player/playbackTime';
import { WAVEFORM_KEY_STEP_SECONDS, progressFraction, seekTimeAt, waveformBars } from './waveform';

const BAR_COUNT = 120;

interface WaveformProps {
  peaks: readonly number[];
  currentTime: number;
  duration: number;
  onSeek(seconds: number): void;
}

/** The song's waveform with the played part highlighted; click, drag or use the arrow keys to seek. */
export function Waveform({ peaks, currentTime, duration, onSeek }: WaveformProps) {
  const bars = useMemo(() => waveformBars(peaks, BAR_COUNT), [peaks]);
  const progress = progressFraction(currentTime, duration);
  const disabled = !(duration > 0);

  const seekToPointer = (event: PointerEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    onSeek(seekTimeAt(event.clientX, rect.left, rect.width, duration));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const targets: Record<string, number> = {
      ArrowLeft: currentTime - WAVEFORM_KEY_STEP_SECONDS,
      ArrowDown: currentTime - WAVEFORM_KEY_STEP_SECONDS,
      ArrowRight: currentTime + WAVEFORM_KEY_STEP_SECONDS,
      ArrowUp: currentTime + WAVEFORM_KEY_STEP_SECONDS,
      Home: 0,
      End: duration,
    };
    const target = targets[event.key];
    if (target === undefined || disabled) return;
    event.preventDefault();
    onSeek(Math.min(duration, Math.max(0, target)));
  };

  return (
    <div
      className="waveform"
      role="slider"
      tabIndex={disabled ? -1 : 0}
      aria-label="Seek"
      aria-disabled={disabled}
      aria-valuemin={0}
      aria-valuemax={Math.round(duration)}
      aria-valuenow={Math.round(currentTime)}
      aria-valuetext={`${formatPlaybackTime(currentTime)} of ${formatPlaybackTime(duration)}`}
      onPointerDown={disabled ? undefined : seekToPointer}
      onKeyDown={onKeyDown}
    >
      {bars.length > 0 ? (
        <div className="waveform__bars" aria-hidden>
          {bars.map((height, index) => (
            <span
              key={index}
              className="waveform__bar"
              data-played={(index + 0.5) / bars.length <= progress}
              style={{ height: `${Math.max(4, height * 100)}%` }}
            />
          ))}
        </div>
      ) : (
        <div className="waveform__line" aria-hidden>
          <span className="waveform__line-fill" style={{ width: `${progress * 100}%` }} />
        </div>
      )}
    </div>
  );
}
