import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowDown, ArrowUp } from 'lucide-react';

/** Small controls the admin sections share. */

/** Up and down buttons for an item at `place` (1-based) of an ordered line-up; `onMove` gets the new place and a toast title. */
export function OrderButtons({ label, place, last, disabled, onMove }: { label: string; place: number; last: boolean; disabled: boolean; onMove: (place: number, done: string) => void }) {
  return (
    <div className="station-editor__order">
      <button type="button" className="icon-button" aria-label={`Move ${label} up`} disabled={disabled || place === 1} onClick={() => onMove(place - 1, `Moved the ${label} up`)}>
        <ArrowUp aria-hidden size={16} />
      </button>
      <button type="button" className="icon-button" aria-label={`Move ${label} down`} disabled={disabled || last} onClick={() => onMove(place + 1, `Moved the ${label} down`)}>
        <ArrowDown aria-hidden size={16} />
      </button>
    </div>
  );
}

/** A labelled select with an 'All' choice (the empty value) before the given options. */
export function FilterSelect({ label, value, options, onChange }: { label: string; value: string; options: ReadonlyArray<readonly [string, string]>; onChange: (value: string) => void }) {
  return (
    <label>
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">All</option>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Previous / next buttons over an offset-paged list. */
export function OffsetPager({ offset, pageSize, total, onChange, labels, children }: { offset: number; pageSize: number; total: number; onChange: (offset: number) => void; labels: [string, string]; children?: ReactNode }) {
  return (
    <div className="admin__pager">
      <button type="button" className="button" disabled={offset === 0} onClick={() => onChange(Math.max(0, offset - pageSize))}>
        {labels[0]}
      </button>
      {children}
      <button type="button" className="button" disabled={offset + pageSize >= total} onClick={() => onChange(offset + pageSize)}>
        {labels[1]}
      </button>
    </div>
  );
}

/** What an admin page shows someone without canAccessAdmin (the server refuses its operations anyway). */
export function AdminAccessRequired({ title }: { title: string }) {
  return (
    <div className="admin">
      <h1>{title}</h1>
      <p role="alert">You need admin access to see this page.</p>
    </div>
  );
}

/** A sub-page's way back to the Admin Panel and its title. */
export function AdminSubPageHeading({ title }: { title: string }) {
  return (
    <>
      <p className="admin__muted">
        <Link to="/admin">Admin Panel</Link> / {title}
      </p>
      <h1>{title}</h1>
    </>
  );
}
