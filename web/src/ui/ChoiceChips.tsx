/** Toggle chips for choosing any number of values from a list (genres, moods). */
import './chips.css';
import type { ReactNode } from 'react';

export function ChoiceChips({ legend, options, chosen, onChange }: { legend: ReactNode; options: readonly string[]; chosen: readonly string[]; onChange: (chosen: string[]) => void }) {
  return (
    <fieldset className="choice-chips">
      <legend>{legend}</legend>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          className="chip"
          aria-pressed={chosen.includes(option)}
          onClick={() => onChange(chosen.includes(option) ? chosen.filter((c) => c !== option) : [...chosen, option])}
        >
          {option}
        </button>
      ))}
    </fieldset>
  );
}
