import { createSourceEventStream, execute, type DocumentNode, type ExecutionArgs, type ExecutionResult } from 'graphql';

type Result = ExecutionResult | Promise<ExecutionResult>;

/**
 * graphql-js's `subscribe`, except that an event is executed once for all the subscriptions that
 * would compute the same result from it: the same document (GraphQLLimits hands every socket the
 * same parsed document for the same text), operation and variables, and the same viewer (the same
 * user object: the sockets of one session share theirs, see subscription-server.ts). A user's 2,000
 * sockets on queueChanged then cost one execution per event and 2,000 serialisations, instead of
 * 2,000 of each. Subscriptions without a signed-in user are executed each on their own.
 */
export class SharedSubscriptionResults {
  /** event -> document -> viewer -> operation and variables -> result; gone with the event. */
  private readonly byEvent = new WeakMap<object, WeakMap<DocumentNode, WeakMap<object, Map<string, Result>>>>();

  async subscribe(args: ExecutionArgs): Promise<AsyncIterableIterator<ExecutionResult> | ExecutionResult> {
    const events = await createSourceEventStream(args);
    if (!(Symbol.asyncIterator in events)) return events;
    const source = events[Symbol.asyncIterator]();
    const results: AsyncIterableIterator<ExecutionResult> = {
      next: async () => {
        const event = await source.next();
        if (event.done) return event;
        return { value: await this.resultOf(args, event.value), done: false };
      },
      return: async () => {
        await source.return?.();
        return { value: undefined, done: true };
      },
      throw: async (error: unknown) => {
        await source.return?.();
        throw error;
      },
      [Symbol.asyncIterator]: () => results,
    };
    return results;
  }

  private resultOf(args: ExecutionArgs, event: unknown): Result {
    const user = (args.contextValue as { user?: unknown } | undefined)?.user;
    if (typeof event !== 'object' || event === null || typeof user !== 'object' || user === null) return execute({ ...args, rootValue: event });
    let byDocument = this.byEvent.get(event);
    if (!byDocument) this.byEvent.set(event, (byDocument = new WeakMap()));
    let byViewer = byDocument.get(args.document);
    if (!byViewer) byDocument.set(args.document, (byViewer = new WeakMap()));
    let byVariables = byViewer.get(user);
    if (!byVariables) byViewer.set(user, (byVariables = new Map()));
    const key = JSON.stringify([args.operationName ?? null, args.variableValues ?? null]);
    let result = byVariables.get(key);
    if (!result) byVariables.set(key, (result = execute({ ...args, rootValue: event })));
    return result;
  }
}
