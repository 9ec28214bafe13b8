/**
 * The rule editor's model of smart playlist rules (docs/smart-playlists.md) and its conversion to
 * and from the JSON the API stores. The server validates; this only offers what it accepts.
 */

export type FieldKind = 'text' | 'number' | 'date' | 'boolean' | 'playlist';

interface FieldInfo {
  label: string;
  kind: FieldKind;
  /** Number fields: the slider's range and step (others get a plain number box). */
  slider?: { min: number; max: number; step: number };
  /** Text fields with a known vocabulary: chips to pick from. */
  chips?: 'genres' | 'moods';
}

export const FIELDS = {
  title: { label: 'Title', kind: 'text' },
  artist: { label: 'Artist', kind: 'text' },
  genre: { label: 'Genre', kind: 'text', chips: 'genres' },
  mood: { label: 'Mood', kind: 'text', chips: 'moods' },
  bpm: { label: 'BPM', kind: 'number', slider: { min: 40, max: 220, step: 1 } },
  key: { label: 'Key', kind: 'text' },
  energy: { label: 'Energy', kind: 'number', slider: { min: 0, max: 1, step: 0.05 } },
  loudness: { label: 'Loudness (LUFS)', kind: 'number' },
  duration: { label: 'Duration (seconds)', kind: 'number' },
  createdAt: { label: 'Date added', kind: 'date' },
  playCount: { label: 'My play count', kind: 'number' },
  lastPlayed: { label: 'Last played', kind: 'date' },
  liked: { label: 'Liked', kind: 'boolean' },
  likeCount: { label: 'Like count', kind: 'number' },
  mySong: { label: 'My song', kind: 'boolean' },
  public: { label: 'Public', kind: 'boolean' },
  inPlaylist: { label: 'Playlist', kind: 'playlist' },
} as const satisfies Record<string, FieldInfo>;

export type RuleField = keyof typeof FIELDS;
export const RULE_FIELDS = Object.keys(FIELDS) as RuleField[];
export const SORT_FIELDS = RULE_FIELDS.filter((field) => field !== 'inPlaylist');

export const OPERATOR_LABELS: Record<string, string> = {
  is: 'is',
  isNot: 'is not',
  gt: 'is greater than',
  lt: 'is less than',
  inTheRange: 'is between',
  contains: 'contains',
  notContains: 'does not contain',
  startsWith: 'starts with',
  endsWith: 'ends with',
  before: 'is before',
  after: 'is after',
  inTheLast: 'in the last',
  notInTheLast: 'not in the last',
  inPlaylist: 'is in',
  notInPlaylist: 'is not in',
};

const OPERATORS_BY_KIND: Record<FieldKind, readonly string[]> = {
  text: ['is', 'isNot', 'contains', 'notContains', 'startsWith', 'endsWith'],
  number: ['is', 'isNot', 'gt', 'lt', 'inTheRange'],
  date: ['inTheLast', 'notInTheLast', 'is', 'before', 'after', 'inTheRange'],
  boolean: ['is', 'isNot'],
  playlist: ['inPlaylist', 'notInPlaylist'],
};

/** The operators a field takes; `liked` also takes the date ones (when it was liked). */
export function operatorsFor(field: RuleField): readonly string[] {
  if (field === 'liked') return [...OPERATORS_BY_KIND.boolean, 'inTheLast', 'notInTheLast', 'before', 'after'];
  return OPERATORS_BY_KIND[FIELDS[field].kind];
}

/** The kind of value a field and operator take (liked with a date operator takes a date). */
export function valueKind(field: RuleField, operator: string): FieldKind {
  if (field === 'liked' && operator !== 'is' && operator !== 'isNot') return 'date';
  return FIELDS[field].kind;
}

export const isRelativePeriod = (operator: string) => operator === 'inTheLast' || operator === 'notInTheLast';

export type RuleValue = string | number | boolean | [string, string] | [number, number];

export interface ConditionModel {
  type: 'condition';
  id: number;
  field: RuleField;
  operator: string;
  value: RuleValue;
}
export interface GroupModel {
  type: 'group';
  id: number;
  match: 'all' | 'any';
  children: Array<ConditionModel | GroupModel>;
}
export interface SortKeyModel {
  field: string;
  order: 'asc' | 'desc';
}
export interface RulesModel {
  root: GroupModel;
  /** null: random order. */
  sort: SortKeyModel[] | null;
  limit: number | null;
}

let nextId = 1;
const newId = () => (nextId += 1);

const todayString = () => new Date().toISOString().slice(0, 10);

/** A sensible starting value for a field and operator (what the input shows first). */
export function defaultValue(field: RuleField, operator: string, playlistIds: readonly string[] = []): RuleValue {
  const kind = valueKind(field, operator);
  const slider = 'slider' in FIELDS[field] ? (FIELDS[field] as FieldInfo).slider : undefined;
  switch (kind) {
    case 'text':
      return '';
    case 'boolean':
      return true;
    case 'playlist':
      return playlistIds[0] ?? '';
    case 'number': {
      const middle = slider ? Math.round(((slider.min + slider.max) / 2) / slider.step) * slider.step : 0;
      return operator === 'inTheRange' ? [slider?.min ?? 0, slider?.max ?? 100] : middle;
    }
    case 'date':
      if (isRelativePeriod(operator)) return 30;
      return operator === 'inTheRange' ? [todayString(), todayString()] : todayString();
  }
}

export function newCondition(field: RuleField = 'genre', playlistIds: readonly string[] = []): ConditionModel {
  const operator = operatorsFor(field)[0]!;
  return { type: 'condition', id: newId(), field, operator, value: defaultValue(field, operator, playlistIds) };
}

export function newGroup(match: 'all' | 'any' = 'all', children: GroupModel['children'] = []): GroupModel {
  return { type: 'group', id: newId(), match, children };
}

export const emptyRules = (): RulesModel => ({ root: newGroup('all'), sort: [{ field: 'title', order: 'asc' }], limit: null });

type Json = Record<string, unknown>;

function groupToJson(group: GroupModel): Json {
  return {
    [group.match]: group.children.map((child) =>
      child.type === 'group' ? groupToJson(child) : { field: child.field, operator: child.operator, value: child.value },
    ),
  };
}

/** The JSON the API takes (and export writes). */
export function toRulesJson(model: RulesModel): Json {
  const json = groupToJson(model.root);
  json.sort = model.sort ?? 'random';
  if (model.limit !== null) json.limit = model.limit;
  return json;
}

function groupFromJson(json: Json): GroupModel {
  const match = 'any' in json ? 'any' : 'all';
  const items = json[match];
  if (!Array.isArray(items)) throw new Error(`"${match}" must be a list`);
  return newGroup(
    match,
    items.map((item: unknown) => {
      if (typeof item !== 'object' || item === null) throw new Error('Each rule must be an object');
      const node = item as Json;
      if ('all' in node || 'any' in node) return groupFromJson(node);
      if (typeof node.field !== 'string' || !(node.field in FIELDS)) throw new Error(`Unknown field ${JSON.stringify(node.field)}`);
      return { type: 'condition', id: newId(), field: node.field as RuleField, operator: String(node.operator), value: node.value as RuleValue };
    }),
  );
}

/** Reads rules JSON (stored, a preset or an import) into the editor's model; throws on a shape it cannot show. */
export function fromRulesJson(json: unknown): RulesModel {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new Error('Rules must be an object with "all" or "any"');
  const rules = json as Json;
  if (!('all' in rules) && !('any' in rules)) throw new Error('Rules must have "all" or "any"');
  const sort = rules.sort === 'random' ? null : Array.isArray(rules.sort) ? (rules.sort as SortKeyModel[]) : [{ field: 'title', order: 'asc' as const }];
  return { root: groupFromJson(rules), sort, limit: typeof rules.limit === 'number' ? rules.limit : null };
}

/** Reads an imported file: `{ name, rules }` (what export writes) or bare rules. */
export function parseImport(text: string): { name: string | null; rules: RulesModel } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error('The file is not JSON');
  }
  if (typeof json === 'object' && json !== null && 'rules' in json) {
    const named = json as { name?: unknown; rules: unknown };
    return { name: typeof named.name === 'string' ? named.name : null, rules: fromRulesJson(named.rules) };
  }
  return { name: null, rules: fromRulesJson(json) };
}

/** What export writes: the name and the rules, readable by parseImport. */
export const exportJson = (name: string, model: RulesModel) => JSON.stringify({ name, rules: toRulesJson(model) }, null, 2);

/** Relative periods in the editor: a count of days, weeks or months (30 days), stored as days. */
export const PERIOD_UNITS = [
  { id: 'days', label: 'days', days: 1 },
  { id: 'weeks', label: 'weeks', days: 7 },
  { id: 'months', label: 'months', days: 30 },
] as const;

/** The largest unit that divides a number of days evenly, for showing a stored period. */
export function periodParts(days: number): { count: number; unit: (typeof PERIOD_UNITS)[number] } {
  const unit = [...PERIOD_UNITS].reverse().find((candidate) => days % candidate.days === 0) ?? PERIOD_UNITS[0];
  return { count: days / unit.days, unit };
}
