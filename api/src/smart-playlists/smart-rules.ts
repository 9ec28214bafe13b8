import { badInput } from '../common/errors.js';
import { UNSAFE_TEXT_MESSAGE, hasUnsafeText } from '../common/validation.js';

/**
 * Smart playlist rules as data, in the spirit of Navidrome's .nsp files (docs/smart-playlists.md):
 *
 *   { "all": [ { "field": "bpm", "operator": "gt", "value": 120 },
 *              { "any": [ { "field": "mood", "operator": "is", "value": "chill" }, ... ] } ],
 *     "sort": [ { "field": "playCount", "order": "desc" } ],   // or "random"
 *     "limit": 50 }
 *
 * `parseRules` is the one gate: it accepts only the fields and operators below, and values of the
 * field's kind, so the compiler never sees anything else.
 */

export type FieldKind = 'text' | 'number' | 'date' | 'boolean' | 'playlist';

export const FIELD_KINDS = {
  title: 'text',
  artist: 'text',
  genre: 'text',
  mood: 'text',
  bpm: 'number',
  key: 'text',
  energy: 'number',
  loudness: 'number',
  duration: 'number',
  createdAt: 'date',
  playCount: 'number',
  lastPlayed: 'date',
  liked: 'boolean',
  likeCount: 'number',
  mySong: 'boolean',
  public: 'boolean',
  inPlaylist: 'playlist',
} as const satisfies Record<string, FieldKind>;

export type RuleField = keyof typeof FIELD_KINDS;
export const RULE_FIELDS = Object.keys(FIELD_KINDS) as RuleField[];

export const OPERATORS_BY_KIND: Record<FieldKind, readonly string[]> = {
  text: ['is', 'isNot', 'contains', 'notContains', 'startsWith', 'endsWith'],
  number: ['is', 'isNot', 'gt', 'lt', 'inTheRange'],
  date: ['is', 'before', 'after', 'inTheRange', 'inTheLast', 'notInTheLast'],
  boolean: ['is', 'isNot'],
  playlist: ['inPlaylist', 'notInPlaylist'],
};

/** `liked` is a yes/no field that also knows when: "liked in the last 30 days" (the 'Liked this month' preset). */
export const LIKED_DATE_OPERATORS = ['before', 'after', 'inTheLast', 'notInTheLast'] as const;

export const RULE_OPERATORS = [
  'is',
  'isNot',
  'gt',
  'lt',
  'inTheRange',
  'contains',
  'notContains',
  'startsWith',
  'endsWith',
  'before',
  'after',
  'inTheLast',
  'notInTheLast',
  'inPlaylist',
  'notInPlaylist',
] as const;
export type RuleOperator = (typeof RULE_OPERATORS)[number];

/** Fields a list can be sorted on (every field but inPlaylist). */
export type SortField = Exclude<RuleField, 'inPlaylist'>;
export const SORT_FIELDS = RULE_FIELDS.filter((field): field is SortField => field !== 'inPlaylist');

export type RuleValue = string | number | boolean | [string, string] | [number, number];

export interface RuleCondition {
  field: RuleField;
  operator: RuleOperator;
  value: RuleValue;
}
export type RuleGroup = { all: RuleNode[] } | { any: RuleNode[] };
export type RuleNode = RuleCondition | RuleGroup;
export interface SortKey {
  field: SortField;
  order: 'asc' | 'desc';
}
export type SmartRules = RuleGroup & { sort?: SortKey[] | 'random'; limit?: number };

export const RULES_MAX_CONDITIONS = 50;
export const RULES_MAX_DEPTH = 5;
export const RULES_MAX_SORT_KEYS = 5;
export const RULES_LIMIT_MAX = 5000;
export const RULE_TEXT_MAX = 200;
/** inTheLast / notInTheLast take whole days, up to a century. */
export const RULE_DAYS_MAX = 36_500;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A calendar day 'YYYY-MM-DD' that exists (UTC). */
function isDay(value: unknown): value is string {
  if (typeof value !== 'string' || !DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

class RulesParser {
  private conditions = 0;

  group(raw: unknown, where: string, depth: number): RuleGroup {
    if (!isRecord(raw)) throw badInput(`${where} must be an object with "all" or "any"`);
    const kinds = (['all', 'any'] as const).filter((kind) => kind in raw);
    if (kinds.length !== 1) throw badInput(`${where} must have exactly one of "all" or "any"`);
    const kind = kinds[0]!;
    if (depth > RULES_MAX_DEPTH) throw badInput(`Groups may be nested at most ${RULES_MAX_DEPTH} deep`);
    const items = raw[kind];
    if (!Array.isArray(items)) throw badInput(`${where}: "${kind}" must be a list of conditions and groups`);
    const nodes = items.map((item, index) => this.node(item, `${where} › ${index + 1}`, depth));
    return kind === 'all' ? { all: nodes } : { any: nodes };
  }

  private node(raw: unknown, where: string, depth: number): RuleNode {
    if (isRecord(raw) && ('all' in raw || 'any' in raw)) return this.group(raw, where, depth + 1);
    return this.condition(raw, where);
  }

  private condition(raw: unknown, where: string): RuleCondition {
    if (!isRecord(raw)) throw badInput(`${where} must be a condition or a group`);
    this.conditions += 1;
    if (this.conditions > RULES_MAX_CONDITIONS) throw badInput(`At most ${RULES_MAX_CONDITIONS} conditions`);
    const { field, operator, value } = raw;
    if (typeof field !== 'string' || !(field in FIELD_KINDS)) throw badInput(`${where}: unknown field ${JSON.stringify(field)}`);
    const kind = FIELD_KINDS[field as RuleField];
    const allowed = field === 'liked' ? [...OPERATORS_BY_KIND.boolean, ...LIKED_DATE_OPERATORS] : OPERATORS_BY_KIND[kind];
    if (typeof operator !== 'string' || !allowed.includes(operator)) {
      throw badInput(`${where}: ${field} cannot use the operator ${JSON.stringify(operator)} (use ${allowed.join(', ')})`);
    }
    const op = operator as RuleOperator;
    const dateLike = kind === 'date' || (field === 'liked' && (LIKED_DATE_OPERATORS as readonly string[]).includes(op));
    return { field: field as RuleField, operator: op, value: this.value(dateLike ? 'date' : kind, op, value, `${where}: ${field}`) };
  }

  private value(kind: FieldKind, operator: RuleOperator, value: unknown, where: string): RuleValue {
    switch (kind) {
      case 'text':
        if (typeof value !== 'string') throw badInput(`${where} needs a text value`);
        if (value.length > RULE_TEXT_MAX) throw badInput(`${where}: text must be at most ${RULE_TEXT_MAX} characters`);
        return value;
      case 'boolean':
        if (typeof value !== 'boolean') throw badInput(`${where} needs true or false`);
        return value;
      case 'playlist':
        if ((typeof value !== 'string' && typeof value !== 'number') || !/^[1-9]\d{0,8}$/.test(String(value).trim())) throw badInput(`${where} needs a playlist`);
        return String(value).trim();
      case 'number': {
        const isNumber = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);
        if (operator === 'inTheRange') {
          if (!Array.isArray(value) || value.length !== 2 || !value.every(isNumber)) throw badInput(`${where} needs a range of two numbers`);
          if (value[0] > value[1]) throw badInput(`${where}: the range must go from the lower to the higher number`);
          return [value[0], value[1]];
        }
        if (!isNumber(value)) throw badInput(`${where} needs a number`);
        return value;
      }
      case 'date':
        if (operator === 'inTheLast' || operator === 'notInTheLast') {
          if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > RULE_DAYS_MAX) {
            throw badInput(`${where} needs a whole number of days from 1 to ${RULE_DAYS_MAX}`);
          }
          return value;
        }
        if (operator === 'inTheRange') {
          if (!Array.isArray(value) || value.length !== 2 || !value.every(isDay)) throw badInput(`${where} needs a range of two dates (YYYY-MM-DD)`);
          if (value[0] > value[1]) throw badInput(`${where}: the range must go from the earlier to the later date`);
          return [value[0], value[1]];
        }
        if (!isDay(value)) throw badInput(`${where} needs a date (YYYY-MM-DD)`);
        return value;
    }
  }
}

function parseSort(raw: unknown): SortKey[] | 'random' | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (raw === 'random') return 'random';
  if (!Array.isArray(raw)) throw badInput('sort must be "random" or a list of { field, order }');
  if (raw.length > RULES_MAX_SORT_KEYS) throw badInput(`Sort on at most ${RULES_MAX_SORT_KEYS} fields`);
  return raw.map((key, index) => {
    if (!isRecord(key) || typeof key.field !== 'string' || !(SORT_FIELDS as string[]).includes(key.field)) {
      throw badInput(`Sort ${index + 1}: unknown field ${JSON.stringify(isRecord(key) ? key.field : key)}`);
    }
    const order = key.order ?? 'asc';
    if (order !== 'asc' && order !== 'desc') throw badInput(`Sort ${index + 1}: order must be "asc" or "desc"`);
    return { field: key.field as SortField, order };
  });
}

/** Validates rules from a client (GraphQL, a JSON import) into their canonical form; anything else is BAD_USER_INPUT. */
export function parseRules(raw: unknown): SmartRules {
  if (!isRecord(raw)) throw badInput('Rules must be an object with "all" or "any"');
  if (hasUnsafeText(raw)) throw badInput(UNSAFE_TEXT_MESSAGE);
  const known = new Set(['all', 'any', 'sort', 'limit']);
  const unknown = Object.keys(raw).find((key) => !known.has(key));
  if (unknown) throw badInput(`Rules: unknown key ${JSON.stringify(unknown)}`);
  const { sort: rawSort, limit: rawLimit, ...group } = raw;
  const rules: SmartRules = new RulesParser().group(group, 'Rules', 1);
  const sort = parseSort(rawSort);
  if (sort) rules.sort = sort;
  if (rawLimit !== undefined && rawLimit !== null) {
    if (typeof rawLimit !== 'number' || !Number.isInteger(rawLimit) || rawLimit < 1 || rawLimit > RULES_LIMIT_MAX) {
      throw badInput(`limit must be a whole number from 1 to ${RULES_LIMIT_MAX}`);
    }
    rules.limit = rawLimit;
  }
  return rules;
}
