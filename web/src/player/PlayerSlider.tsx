import type { CSSProperties } from 'react';

interface PlayerSliderProps {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  disabled?: boolean;
  /** Text a screen reader announces for the value (e.g. '1:05 of 3:00'). */
  valueText?: string;
  onChange(value: number): void;
  /** Pointer press and release on the slider (to tell a drag from keyboard steps). */
  onPointerDown?(): void;
  onPointerUp?(): void;
  className?: string;
}

/**
 * The player's slider look on the browser's range input, which brings the slider role, keyboard
 * steps and pointer drag itself: the player bar is in every signed-in first load, and Radix's slider
 * with its shared modules was about 10 KB gzip of it. The filled part is a gradient stop (`--fill`).
 */
export function PlayerSlider({ label, value, min, max, step, disabled, valueText, onChange, onPointerDown, onPointerUp, className }: PlayerSliderProps) {
  const fill = max > min ? ((Math.min(Math.max(value, min), max) - min) / (max - min)) * 100 : 0;
  return (
    <input
      type="range"
      className={`player-slider ${className ?? ''}`}
      style={{ '--fill': `${fill}%` } as CSSProperties}
      aria-label={label}
      aria-valuetext={valueText}
      min={min}
      max={max}
      step={step}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.currentTarget.valueAsNumber)}
      onPointerDown={() => {
        onPointerDown?.();
        // A drag can end outside the input (its pointerup lands elsewhere): the window hears it anyway.
        if (!onPointerUp) return;
        const release = () => {
          window.removeEventListener('pointerup', release);
          window.removeEventListener('pointercancel', release);
          onPointerUp();
        };
        window.addEventListener('pointerup', release);
        window.addEventListener('pointercancel', release);
      }}
    />
  );
}
