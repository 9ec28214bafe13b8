/**
 * The visual rule editor: a group of conditions and nested groups ("all" / "any"), each condition a
 * field, an operator and an input fitting the field (sliders for BPM and energy, chips for genres
 * and moods, date pickers, relative periods, yes/no, a playlist picker).
 */
import { FolderPlus, Plus, Trash2 } from 'lucide-react';
import { LIBRARY_GENRES } from '../library/genres';
import { STUDIO_MOODS } from '../studio/studioOptions';
import {
  FIELDS,
  OPERATOR_LABELS,
  PERIOD_UNITS,
  RULE_FIELDS,
  defaultValue,
  isRelativePeriod,
  newCondition,
  newGroup,
  operatorsFor,
  periodParts,
  valueKind,
  type ConditionModel,
  type GroupModel,
  type RuleField,
  type RuleValue,
} from './ruleModel';

export interface PlaylistOption {
  id: string;
  name: string;
}

const CHIPS = { genres: LIBRARY_GENRES, moods: STUDIO_MOODS } as const;
/** Nesting the server accepts (docs/smart-playlists.md). */
const MAX_DEPTH = 5;

function NumberInput({ label, value, onChange, slider }: { label: string; value: number; onChange(value: number): void; slider?: { min: number; max: number; step: number } }) {
  if (slider) {
    return (
      <span className="rule__slider">
        <input type="range" aria-label={label} min={slider.min} max={slider.max} step={slider.step} value={value} onChange={(e) => onChange(Number(e.target.value))} />
        <output>{value}</output>
      </span>
    );
  }
  return <input type="number" className="rule__input rule__input--number" aria-label={label} value={Number.isFinite(value) ? value : 0} onChange={(e) => onChange(e.target.value === '' ? 0 : Number(e.target.value))} />;
}

function ValueInput({ condition, playlists, onChange }: { condition: ConditionModel; playlists: readonly PlaylistOption[]; onChange(value: RuleValue): void }) {
  const { field, operator, value } = condition;
  const info = FIELDS[field];
  const label = `${info.label} value`;
  switch (valueKind(field, operator)) {
    case 'text': {
      const chips = 'chips' in info ? CHIPS[info.chips] : null;
      return (
        <span className="rule__text">
          <input type="text" className="rule__input" aria-label={label} value={String(value)} maxLength={200} onChange={(e) => onChange(e.target.value)} />
          {chips && (
            <span className="rule__chips" role="group" aria-label={`${info.label} choices`}>
              {chips.map((chip) => (
                <button key={chip.id} type="button" className="smart-chip" aria-pressed={String(value).toLowerCase() === chip.id} onClick={() => onChange(chip.id)}>
                  {chip.label}
                </button>
              ))}
            </span>
          )}
        </span>
      );
    }
    case 'number': {
      const slider = 'slider' in info ? info.slider : undefined;
      if (operator === 'inTheRange') {
        const [low, high] = Array.isArray(value) ? (value as [number, number]) : [0, 0];
        return (
          <span className="rule__range">
            <NumberInput label={`${info.label} from`} value={low} slider={slider} onChange={(v) => onChange([Math.min(v, high), high])} />
            <span>and</span>
            <NumberInput label={`${info.label} to`} value={high} slider={slider} onChange={(v) => onChange([low, Math.max(v, low)])} />
          </span>
        );
      }
      return <NumberInput label={label} value={Number(value)} slider={slider} onChange={onChange} />;
    }
    case 'date': {
      if (isRelativePeriod(operator)) {
        const { count, unit } = periodParts(Number(value) || 1);
        return (
          <span className="rule__range">
            <input type="number" className="rule__input rule__input--number" aria-label={`${info.label} period`} min={1} value={count} onChange={(e) => onChange(Math.max(1, Math.round(Number(e.target.value) || 1)) * unit.days)} />
            <select className="rule__select" aria-label={`${info.label} period unit`} value={unit.id} onChange={(e) => onChange(count * PERIOD_UNITS.find((u) => u.id === e.target.value)!.days)}>
              {PERIOD_UNITS.map((u) => (
                <option key={u.id} value={u.id}>
                  {u.label}
                </option>
              ))}
            </select>
          </span>
        );
      }
      if (operator === 'inTheRange') {
        const [from, to] = Array.isArray(value) ? (value as [string, string]) : ['', ''];
        return (
          <span className="rule__range">
            <input type="date" className="rule__input" aria-label={`${info.label} from`} value={from} onChange={(e) => onChange([e.target.value, to])} />
            <span>and</span>
            <input type="date" className="rule__input" aria-label={`${info.label} to`} value={to} onChange={(e) => onChange([from, e.target.value])} />
          </span>
        );
      }
      return <input type="date" className="rule__input" aria-label={label} value={String(value)} onChange={(e) => onChange(e.target.value)} />;
    }
    case 'boolean':
      return (
        <select className="rule__select" aria-label={label} value={value ? 'yes' : 'no'} onChange={(e) => onChange(e.target.value === 'yes')}>
          <option value="yes">yes</option>
          <option value="no">no</option>
        </select>
      );
    case 'playlist':
      return (
        <select className="rule__select" aria-label={label} value={String(value)} onChange={(e) => onChange(e.target.value)}>
          {playlists.length === 0 && <option value="">(no playlists yet)</option>}
          {playlists.map((playlist) => (
            <option key={playlist.id} value={playlist.id}>
              {playlist.name}
            </option>
          ))}
        </select>
      );
  }
}

function ConditionRow({ condition, playlists, onChange, onRemove }: { condition: ConditionModel; playlists: readonly PlaylistOption[]; onChange(next: ConditionModel): void; onRemove(): void }) {
  const playlistIds = playlists.map((p) => p.id);
  const setField = (field: RuleField) => {
    const operator = operatorsFor(field)[0]!;
    onChange({ ...condition, field, operator, value: defaultValue(field, operator, playlistIds) });
  };
  const setOperator = (operator: string) => {
    // Keep the value when it still fits (e.g. "is" to "is not"), else start from the default.
    const keep = valueKind(condition.field, operator) === valueKind(condition.field, condition.operator) && (operator === 'inTheRange') === (condition.operator === 'inTheRange') && isRelativePeriod(operator) === isRelativePeriod(condition.operator);
    onChange({ ...condition, operator, value: keep ? condition.value : defaultValue(condition.field, operator, playlistIds) });
  };
  return (
    <li className="rule">
      <select className="rule__select" aria-label="Field" value={condition.field} onChange={(e) => setField(e.target.value as RuleField)}>
        {RULE_FIELDS.map((field) => (
          <option key={field} value={field}>
            {FIELDS[field].label}
          </option>
        ))}
      </select>
      <select className="rule__select" aria-label="Operator" value={condition.operator} onChange={(e) => setOperator(e.target.value)}>
        {operatorsFor(condition.field).map((operator) => (
          <option key={operator} value={operator}>
            {OPERATOR_LABELS[operator]}
          </option>
        ))}
      </select>
      <ValueInput condition={condition} playlists={playlists} onChange={(value) => onChange({ ...condition, value })} />
      <button type="button" className="icon-button rule__remove" aria-label={`Remove condition ${FIELDS[condition.field].label}`} onClick={onRemove}>
        <Trash2 size={16} aria-hidden />
      </button>
    </li>
  );
}

export function RuleGroup({
  group,
  depth = 1,
  playlists,
  onChange,
  onRemove,
}: {
  group: GroupModel;
  depth?: number;
  playlists: readonly PlaylistOption[];
  onChange(next: GroupModel): void;
  /** Absent for the outermost group. */
  onRemove?: () => void;
}) {
  const replaceChild = (id: number, next: GroupModel['children'][number] | null) =>
    onChange({ ...group, children: group.children.flatMap((child) => (child.id === id ? (next ? [next] : []) : [child])) });
  return (
    <fieldset className="rule-group" data-depth={depth}>
      <legend className="rule-group__legend">
        <span>Match</span>
        <select className="rule__select" aria-label={depth === 1 ? 'Match' : `Match (group ${depth})`} value={group.match} onChange={(e) => onChange({ ...group, match: e.target.value as 'all' | 'any' })}>
          <option value="all">all</option>
          <option value="any">any</option>
        </select>
        <span>of these</span>
        {onRemove && (
          <button type="button" className="icon-button" aria-label="Remove group" onClick={onRemove}>
            <Trash2 size={16} aria-hidden />
          </button>
        )}
      </legend>
      <ul className="rule-group__items">
        {group.children.map((child) =>
          child.type === 'group' ? (
            <li key={child.id}>
              <RuleGroup group={child} depth={depth + 1} playlists={playlists} onChange={(next) => replaceChild(child.id, next)} onRemove={() => replaceChild(child.id, null)} />
            </li>
          ) : (
            <ConditionRow key={child.id} condition={child} playlists={playlists} onChange={(next) => replaceChild(child.id, next)} onRemove={() => replaceChild(child.id, null)} />
          ),
        )}
      </ul>
      <div className="rule-group__actions">
        <button type="button" className="button" onClick={() => onChange({ ...group, children: [...group.children, newCondition('genre', playlists.map((p) => p.id))] })}>
          <Plus size={16} aria-hidden /> Add condition
        </button>
        {depth < MAX_DEPTH && (
          <button type="button" className="button" onClick={() => onChange({ ...group, children: [...group.children, newGroup('any', [newCondition()])] })}>
            <FolderPlus size={16} aria-hidden /> Add group
          </button>
        )}
      </div>
    </fieldset>
  );
}
