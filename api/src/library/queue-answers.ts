import type { ApolloServerPlugin } from '@apollo/server';
import { Kind, type OperationDefinitionNode } from 'graphql';
import type { GraphQLContext } from '../graphql/context.js';
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

/** Apollo's own serialisation of a result (its default `stringifyResult`). */
const stringified = (result: unknown) => `${JSON.stringify(result)}\n`;

/**
 * Answers a repeated queue read from the data its first execution produced, kept with the cached
 * queue (QueueService.queueEntry): the same document and variables over an unchanged queue give the
 * same data, and executing 150 songs' fields again, then serialising them, is most of such a read's
 * cost. Runs after the cost check (didResolveOperation); only an answer without errors is kept, and
 * its JSON is written once (`stringifyResult`, Apollo's hook for serialising results).
 */
export class QueueAnswers {
  /** The kept answers' data, with their JSON once written. */
  private readonly json = new WeakMap<object, string | null>();

  constructor(private readonly queue: QueueService) {}

  /** Apollo's `stringifyResult`: a kept answer's JSON, written on its first use; anything else as Apollo writes it. */
  readonly stringifyResult = (result: { data?: unknown; errors?: unknown; extensions?: unknown }): string => {
    const { data } = result;
    if (result.errors !== undefined || result.extensions !== undefined || typeof data !== 'object' || data === null || !this.json.has(data)) return stringified(result);
    let json = this.json.get(data);
    if (!json) this.json.set(data, (json = stringified({ data })));
    return json;
  };

  readonly plugin: ApolloServerPlugin<GraphQLContext> = {
    requestDidStart: async () => {
      let toKeep: { entry: CachedQueue; key: string } | null = null;
      return {
        responseForOperation: async ({ operation, contextValue, queryHash, operationName, request, response }) => {
          const viewer = contextValue.userView;
          if (!viewer || !asksForQueueOnly(operation)) return null;
          const entry = await this.queue.queueEntry(contextValue.em, Number(viewer.id));
          const key = `graphql ${queryHash} ${operationName ?? ''} ${JSON.stringify(request.variables ?? {})}`;
          const data = entry.answers.get(key);
          if (data) return { http: response.http, body: { kind: 'single', singleResult: { data: data as Record<string, unknown> } } };
          toKeep = { entry, key };
          return null;
        },
        willSendResponse: async ({ response }) => {
          if (!toKeep || response.body.kind !== 'single') return;
          const { data, errors } = response.body.singleResult;
          if (!data || errors) return;
          const kept = this.queue.reads.answer(toKeep.entry, toKeep.key, () => data);
          if (!this.json.has(kept)) this.json.set(kept, null);
        },
      };
    },
  };
}
