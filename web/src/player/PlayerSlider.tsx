import * as RadixSlider from '@radix-ui/react-slider';

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

/** The player's slider look on Radix's accessible slider (keyboard steps, pointer drag). */
export function PlayerSlider({ label, value, min, max, step, disabled, valueText, onChange, onPointerDown, onPointerUp, className }: PlayerSliderProps) {
  return (
    <RadixSlider.Root
      className={`player-slider ${className ?? ''}`}
      min={min}
      max={max}
      step={step}
      value={[value]}
      disabled={disabled}
      onValueChange={([next]) => onChange(next)}
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
      onLostPointerCapture={onPointerUp}
    >
      <RadixSlider.Track className="player-slider__track">
        <RadixSlider.Range className="player-slider__range" />
      </RadixSlider.Track>
      <RadixSlider.Thumb className="player-slider__thumb" aria-label={label} aria-valuetext={valueText} />
    </RadixSlider.Root>
  );
}
