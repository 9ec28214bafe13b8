import type { ApolloServerPlugin } from '@apollo/server';
import { Kind, type OperationDefinitionNode } from 'graphql';
import type { GraphQLContext } from '../graphql/context.js';
import { variablesKey } from '../graphql/variables-key.js';
import type { QueueService } from './queue.service.js';
import type { CachedQueue } from './queue-read-cache.js';

/** A query that asks for the queue and nothing else (the player's read), whatever it selects inside it. */
function asksForQueueOnly(operation: OperationDefinitionNode | undefined): boolean {
  if (operation?.operation !== 'query') return false;
  const fields = operation.selectionSet.selections;
  return (
    fields.some((field) => field.kind === Kind.FIELD && field.name.value === 'queue') &&
    fields.every((field) => field.kind === Kind.FIELD && !field.directives?.length && (field.name.value === 'queue' || field.name.value === '__typename'))
  );
}

/** Answers to queries with longer variables (as JSON) are not kept: the player's read has none. */
const KEYED_VARIABLES_MAX_CHARS = 2_000;

/** Apollo's own serialisation of a result (its default `stringifyResult`). */
const stringified = (result: unknown) => `${JSON.stringify(result)}\n`;

/**
 * Answers a repeated queue read with the JSON its first execution produced, kept with the cached
 * queue (QueueService.queueEntry, QueueReadCache.keptAnswer): the same document and variables over
 * an unchanged queue give the same answer, and executing 150 songs' fields, then serialising them,
 * is most of such a read's cost. Runs after the cost check (didResolveOperation); only an answer
 * without errors is kept. Apollo serialises every result through `stringifyResult` (its hook for
 * that): a kept answer's data is a placeholder object standing for its JSON there, and an answer
 * to keep is taken from there once written.
 */
export class QueueAnswers {
  /** Placeholders standing for a kept answer's JSON. */
  private readonly placeholders = new WeakMap<object, string>();
  /** Executed answers to keep once serialised. */
  private readonly toKeep = new WeakMap<object, { userId: number; queue: CachedQueue; key: string }>();

  constructor(private readonly queue: QueueService) {}

  /** Apollo's `stringifyResult`. */
  readonly stringifyResult = (result: { data?: unknown; errors?: unknown; extensions?: unknown }): string => {
    const { data } = result;
    const plain = result.errors === undefined && result.extensions === undefined && typeof data === 'object' && data !== null;
    const kept = plain ? this.placeholders.get(data) : undefined;
    if (kept !== undefined) return kept;
    const json = stringified(result);
    const keep = plain ? this.toKeep.get(data) : undefined;
    if (keep) this.queue.reads.keepAnswer(keep.userId, keep.queue, keep.key, json);
    return json;
  };

  readonly plugin: ApolloServerPlugin<GraphQLContext> = {
    requestDidStart: async () => {
      let read: { userId: number; queue: CachedQueue; key: string } | null = null;
      return {
        responseForOperation: async ({ operation, contextValue, queryHash, operationName, request, response }) => {
          const viewer = contextValue.userView;
          if (!viewer || !asksForQueueOnly(operation)) return null;
          const variables = variablesKey(request.variables, KEYED_VARIABLES_MAX_CHARS);
          if (variables === null) return null;
          const userId = Number(viewer.id);
          const queue = await this.queue.queueEntry(contextValue.em, userId);
          const key = `graphql ${queryHash} ${operationName ?? ''} ${variables}`;
          const json = this.queue.reads.keptAnswer(userId, queue, key);
          if (json === null) {
            read = { userId, queue, key };
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
