import type { ApolloServerPlugin } from '@apollo/server';
import { Kind, type OperationDefinitionNode } from 'graphql';
import type { GraphQLContext } from './context.js';
import { variablesKey } from './variables-key.js';

/**
 * Reads whose whole answers are kept in memory (library/queue-answers.ts, songs/library-reads.ts):
 * the query fields it answers, the state a viewer's answer is read at now (the same object while
 * nothing the answer shows has changed), and where answers are kept with that state.
 */
export interface AnswerSource<S> {
  /** A query asking for these fields only (and __typename) is this source's. */
  fields: ReadonlySet<string>;
  state(ctx: GraphQLContext, userId: number): Promise<S> | S;
  kept(userId: number, state: S, key: string): string | null;
  keep(userId: number, state: S, key: string, json: string): void;
}

/** The source that answers `operation`: a query asking, besides __typename, only for that source's fields. */
function sourceOf(sources: ReadonlyArray<AnswerSource<unknown>>, operation: OperationDefinitionNode | undefined): AnswerSource<unknown> | null {
  if (operation?.operation !== 'query') return null;
  const names: string[] = [];
  for (const field of operation.selectionSet.selections) {
    if (field.kind !== Kind.FIELD || field.directives?.length) return null;
    if (field.name.value !== '__typename') names.push(field.name.value);
  }
  if (names.length === 0) return null;
  return sources.find((source) => names.every((name) => source.fields.has(name))) ?? null;
}

/** Answers to queries with longer variables (as JSON) are not kept: the player's read has none. */
const KEYED_VARIABLES_MAX_CHARS = 2_000;

/** Apollo's own serialisation of a result (its default `stringifyResult`). */
const stringified = (result: unknown) => `${JSON.stringify(result)}\n`;

interface Read {
  source: AnswerSource<unknown>;
  userId: number;
  state: unknown;
  key: string;
}

/**
 * Answers a repeated read with the JSON its first execution produced, kept with the state it was
 * read at: the same document and variables over an unchanged state give the same answer, and
 * executing a list of songs' fields, then serialising them, is most of such a read's cost. Runs
 * after the cost check (didResolveOperation); only an answer without errors is kept. Apollo
 * serialises every result through `stringifyResult` (its hook for that): a kept answer's data is a
 * placeholder object standing for its JSON there, and an answer to keep is taken from there once written.
 */
export class KeptAnswers {
  /** Placeholders standing for a kept answer's JSON. */
  private readonly placeholders = new WeakMap<object, string>();
  /** Executed answers to keep once serialised. */
  private readonly toKeep = new WeakMap<object, Read>();

  constructor(private readonly sources: ReadonlyArray<AnswerSource<unknown>>) {}

  /** Apollo's `stringifyResult`. */
  readonly stringifyResult = (result: { data?: unknown; errors?: unknown; extensions?: unknown }): string => {
    const { data } = result;
    const plain = result.errors === undefined && result.extensions === undefined && typeof data === 'object' && data !== null;
    const kept = plain ? this.placeholders.get(data) : undefined;
    if (kept !== undefined) return kept;
    const json = stringified(result);
    const keep = plain ? this.toKeep.get(data) : undefined;
    if (keep) keep.source.keep(keep.userId, keep.state, keep.key, json);
    return json;
  };

  readonly plugin: ApolloServerPlugin<GraphQLContext> = {
    requestDidStart: async () => {
      let read: Read | null = null;
      return {
        responseForOperation: async ({ operation, contextValue, queryHash, operationName, request, response }) => {
          const viewer = contextValue.userView;
          const source = viewer ? sourceOf(this.sources, operation) : null;
          if (!viewer || !source) return null;
          const variables = variablesKey(request.variables, KEYED_VARIABLES_MAX_CHARS);
          if (variables === null) return null;
          const userId = Number(viewer.id);
          const state = await source.state(contextValue, userId);
          const key = `graphql ${queryHash} ${operationName ?? ''} ${variables}`;
          const json = source.kept(userId, state, key);
          if (json === null) {
            read = { source, userId, state, key };
            return null;
          }
          const placeholder = {};
          this.placeholders.set(placeholder, json);
          return { http: response.http, body: { kind: 'single', singleResult: { data: placeholder } } };
        },
        willSendResponse: async ({ response }) => {
          if (!read || response.body.kind !== 'single') return;
          const { data, errors } = response.body.singleResult;
          if (data && !errors) this.toKeep.set(data, read);
        },
      };
    },
  };
}
