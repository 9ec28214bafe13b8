import type { EntityManager } from '@mikro-orm/postgresql';
import type { RuleCondition, RuleField, RuleNode, SmartRules, SortField } from './smart-rules.js';
import { listedSongsSql } from '../songs/song-access.js';

/**
 * Compiles parsed rules (smart-rules.ts) into ONE SQL query over `songs`. Field and operator names
 * only pick fixed SQL text from the tables below; every value from the rules is a bound parameter.
 */

interface Fragment {
  sql: string;
  bindings: unknown[];
}

const DAY_MS = 86_400_000;

/** SQL for a field's value for this user; `?` placeholders take the user id. */
const FIELD_SQL: Record<Exclude<RuleField, 'inPlaylist'>, { sql: string; perUser: number }> = {
  title: { sql: 's.title', perUser: 0 },
  artist: { sql: 's.artist', perUser: 0 },
  genre: { sql: 's.genre', perUser: 0 },
  mood: { sql: 's.mood', perUser: 0 },
  key: { sql: 's.musical_key', perUser: 0 },
  bpm: { sql: 's.bpm', perUser: 0 },
  energy: { sql: 's.energy', perUser: 0 },
  loudness: { sql: 's.loudness', perUser: 0 },
  duration: { sql: 's.duration', perUser: 0 },
  likeCount: { sql: 's.like_count', perUser: 0 },
  createdAt: { sql: 's.created_at', perUser: 0 },
  public: { sql: 's.is_public', perUser: 0 },
  mySong: { sql: 'coalesce(s.user_id = ?, false)', perUser: 1 },
  // playCount and lastPlayed are the listener's own, as in Navidrome (play_history (user_id, music_id, played_at) index).
  playCount: { sql: '(select count(*) from play_history ph where ph.music_id = s.id and ph.user_id = ?)', perUser: 1 },
  lastPlayed: { sql: '(select max(ph.played_at) from play_history ph where ph.music_id = s.id and ph.user_id = ?)', perUser: 1 },
  liked: { sql: 'exists (select 1 from liked_songs l where l.music_id = s.id and l.user_id = ?)', perUser: 1 },
};
/** When the user liked the song (null when they have not): for liked with date operators, and sorting on liked. */
const LIKED_AT_SQL = '(select l.created_at from liked_songs l where l.music_id = s.id and l.user_id = ?)';
/** Membership of a playlist the user may see (their own or a public one); another's private playlist counts as empty. */
const IN_PLAYLIST_SQL =
  'exists (select 1 from playlist_songs ps join playlists p on p.id = ps.playlist_id where ps.music_id = s.id and ps.playlist_id = cast(? as integer) and (p.user_id = ? or p.is_public))';

const TEXT_FIELDS = new Set<RuleField>(['title', 'artist', 'genre', 'mood', 'key']);

export interface CompileContext {
  userId: number;
  now: Date;
}

const fragment = (sql: string, ...bindings: unknown[]): Fragment => ({ sql, bindings });
const userBindings = (field: keyof typeof FIELD_SQL, userId: number) => Array.from({ length: FIELD_SQL[field].perUser }, () => userId);

/** Start of a UTC day 'YYYY-MM-DD', shifted by whole days. */
const dayStart = (day: string, plusDays = 0) => new Date(Date.parse(`${day}T00:00:00Z`) + plusDays * DAY_MS);

/** `\`, `%` and `_` match themselves in a LIKE pattern. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function textCondition(expr: Fragment, operator: RuleCondition['operator'], value: string): Fragment {
  const text = `coalesce(${expr.sql}, '')`;
  const like = (pattern: string, negate = false) => fragment(`${text} ${negate ? 'not ilike' : 'ilike'} ? escape '\\'`, ...expr.bindings, pattern);
  switch (operator) {
    case 'is':
      return fragment(`lower(${text}) = lower(?)`, ...expr.bindings, value);
    case 'isNot':
      return fragment(`lower(${text}) <> lower(?)`, ...expr.bindings, value);
    case 'contains':
      return like(`%${escapeLike(value)}%`);
    case 'notContains':
      return like(`%${escapeLike(value)}%`, true);
    case 'startsWith':
      return like(`${escapeLike(value)}%`);
    case 'endsWith':
      return like(`%${escapeLike(value)}`);
    default:
      throw new Error(`Operator ${operator} is not a text operator`);
  }
}

function numberCondition(expr: Fragment, operator: RuleCondition['operator'], value: RuleCondition['value']): Fragment {
  const num = 'cast(? as double precision)';
  switch (operator) {
    case 'is':
      return fragment(`${expr.sql} = ${num}`, ...expr.bindings, value);
    case 'isNot':
      return fragment(`${expr.sql} is distinct from ${num}`, ...expr.bindings, value);
    case 'gt':
      return fragment(`${expr.sql} > ${num}`, ...expr.bindings, value);
    case 'lt':
      return fragment(`${expr.sql} < ${num}`, ...expr.bindings, value);
    case 'inTheRange': {
      const [low, high] = value as [number, number];
      return fragment(`${expr.sql} between ${num} and ${num}`, ...expr.bindings, low, high);
    }
    default:
      throw new Error(`Operator ${operator} is not a number operator`);
  }
}

function dateCondition(expr: Fragment, operator: RuleCondition['operator'], value: RuleCondition['value'], now: Date): Fragment {
  const at = 'cast(? as timestamptz)';
  switch (operator) {
    case 'is':
      return fragment(`(${expr.sql} >= ${at} and ${expr.sql} < ${at})`, ...expr.bindings, dayStart(value as string), ...expr.bindings, dayStart(value as string, 1));
    case 'before':
      return fragment(`${expr.sql} < ${at}`, ...expr.bindings, dayStart(value as string));
    case 'after':
      return fragment(`${expr.sql} >= ${at}`, ...expr.bindings, dayStart(value as string, 1));
    case 'inTheRange': {
      const [from, to] = value as [string, string];
      return fragment(`(${expr.sql} >= ${at} and ${expr.sql} < ${at})`, ...expr.bindings, dayStart(from), ...expr.bindings, dayStart(to, 1));
    }
    case 'inTheLast':
      return fragment(`${expr.sql} >= ${at}`, ...expr.bindings, new Date(now.getTime() - (value as number) * DAY_MS));
    case 'notInTheLast':
      // Never played (or never liked) is "not in the last n days" too.
      return fragment(`(${expr.sql} is null or ${expr.sql} < ${at})`, ...expr.bindings, ...expr.bindings, new Date(now.getTime() - (value as number) * DAY_MS));
    default:
      throw new Error(`Operator ${operator} is not a date operator`);
  }
}

function conditionSql(condition: RuleCondition, ctx: CompileContext): Fragment {
  const { field, operator, value } = condition;
  if (field === 'inPlaylist') {
    const sql = operator === 'notInPlaylist' ? `not ${IN_PLAYLIST_SQL}` : IN_PLAYLIST_SQL;
    return fragment(sql, value, ctx.userId);
  }
  if (field === 'liked' && operator !== 'is' && operator !== 'isNot') return dateCondition(fragment(LIKED_AT_SQL, ctx.userId), operator, value, ctx.now);
  const expr = fragment(FIELD_SQL[field].sql, ...userBindings(field, ctx.userId));
  if (TEXT_FIELDS.has(field)) return textCondition(expr, operator, value as string);
  if (field === 'createdAt' || field === 'lastPlayed') return dateCondition(expr, operator, value, ctx.now);
  if (field === 'liked' || field === 'mySong' || field === 'public') {
    return fragment(`(${expr.sql}) ${operator === 'is' ? '=' : 'is distinct from'} cast(? as boolean)`, ...expr.bindings, value);
  }
  return numberCondition(expr, operator, value);
}

function nodeSql(node: RuleNode, ctx: CompileContext): Fragment {
  if (!('all' in node) && !('any' in node)) return conditionSql(node, ctx);
  const [children, joiner] = 'all' in node ? [node.all, ' and '] : [node.any, ' or '];
  // An empty group sets no condition (the editor's fresh group), whether "all" or "any".
  if (children.length === 0) return fragment('true');
  const parts = children.map((child) => nodeSql(child, ctx));
  return { sql: `(${parts.map((part) => part.sql).join(joiner)})`, bindings: parts.flatMap((part) => part.bindings) };
}

function sortSql(field: SortField, order: 'asc' | 'desc', userId: number): Fragment {
  // Sorting on liked puts the most recently liked first (desc); songs not liked come last either way.
  const expr = field === 'liked' ? fragment(LIKED_AT_SQL, userId) : fragment(FIELD_SQL[field].sql, ...userBindings(field, userId));
  const sql = TEXT_FIELDS.has(field) ? `lower(${expr.sql})` : expr.sql;
  return { sql: `${sql} ${order} nulls last`, bindings: expr.bindings };
}

export interface MatchingSongs {
  /** Song ids in the rules' order, at most `take` of them. */
  ids: string[];
  /** How many songs the playlist holds: every match, capped by the rules' limit. */
  count: number;
}

/**
 * The songs the user may see (public ones and their own, docs/permissions.md) that match the
 * rules, in their order: one query, which also counts every match (a window count before LIMIT).
 */
export async function findMatchingSongs(em: EntityManager, rules: SmartRules, ctx: CompileContext, take: number): Promise<MatchingSongs> {
  const knex = em.getKnex();
  const where = nodeSql(rules, ctx);
  const query = knex
    .from({ s: 'songs' })
    .select('s.id', knex.raw('count(*) over () as matched'))
    .whereRaw(listedSongsSql('s'), [ctx.userId])
    .andWhereRaw(where.sql, where.bindings as never[])
    .limit(Math.min(take, rules.limit ?? take));
  if (rules.sort === 'random') {
    query.orderByRaw('random()');
  } else {
    for (const key of rules.sort ?? [{ field: 'title', order: 'asc' }]) {
      const order = sortSql(key.field, key.order, ctx.userId);
      query.orderByRaw(order.sql, order.bindings as never[]);
    }
    query.orderBy('s.id', 'asc');
  }
  const rows = await em.execute<Array<{ id: string; matched: string | number }>>(query);
  const matched = rows.length > 0 ? Number(rows[0]!.matched) : 0;
  return { ids: rows.map((row) => row.id), count: Math.min(matched, rules.limit ?? matched) };
}
