import { PubSub as MemoryPubSub } from 'graphql-subscriptions';
import { buildSchema, parse, type ExecutionResult, type GraphQLObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { TopicFanOut } from '../pubsub/topic-fan-out.js';
import { SharedSubscriptionResults } from './shared-subscription-results.js';

interface Viewer {
  id: number;
  name: string;
}

const QUEUE = parse('subscription { queueChanged { version viewer } }');
const QUEUE_VERSION = parse('subscription { queueChanged { version } }');

/** A schema whose queueChanged follows the viewer's topic and counts how often it is resolved. */
function queueSchema(fanOut: TopicFanOut) {
  const schema = buildSchema('type Query { ok: Boolean } type Subscription { queueChanged: Queue } type Queue { version: Int viewer: String }');
  const resolved = { count: 0 };
  const field = schema.getSubscriptionType()!.getFields().queueChanged!;
  field.subscribe = (_root, _args, context: { topicUser: number }) => fanOut.subscribe(`QUEUE_CHANGED.user.${context.topicUser}`);
  field.resolve = (event: { version: number }) => (resolved.count++, event);
  (schema.getType('Queue') as GraphQLObjectType).getFields().viewer!.resolve = (_queue, _args, context: { user: Viewer | null }) => context.user?.name ?? 'anonymous';
  return { schema, resolved };
}

describe('subscription results shared between subscriptions of one viewer', () => {
  it("executes an event once per document and viewer object, and never hands one viewer's result to another", async () => {
    const engine = new MemoryPubSub();
    const { schema, resolved } = queueSchema(new TopicFanOut(engine, (e) => expect.fail(String(e))));
    const shared = new SharedSubscriptionResults();
    const alice: Viewer = { id: 1, name: 'alice' };
    // The same user looked up again (their row changed): a viewer object of its own.
    const aliceAgain: Viewer = { id: 1, name: 'alice (renamed)' };
    const subscribe = async (user: Viewer | null, document = QUEUE) => {
      const stream = await shared.subscribe({ schema, document, contextValue: { user, topicUser: 1 } });
      if (!(Symbol.asyncIterator in stream)) throw new Error(JSON.stringify(stream));
      return stream;
    };
    const tabs = [await subscribe(alice), await subscribe(alice), await subscribe(alice)];
    const others = [await subscribe(aliceAgain), await subscribe(null), await subscribe(alice, QUEUE_VERSION)];
    const next = [...tabs, ...others].map((stream) => stream.next());
    await engine.publish('QUEUE_CHANGED.user.1', { version: 7 });
    const [first, second, third, renamed, anonymous, versionOnly] = (await Promise.all(next)).map((r) => r.value as ExecutionResult);

    expect(first).toEqual({ data: { queueChanged: { version: 7, viewer: 'alice' } } });
    expect(second).toBe(first);
    expect(third).toBe(first);
    expect(renamed).toEqual({ data: { queueChanged: { version: 7, viewer: 'alice (renamed)' } } });
    expect(anonymous).toEqual({ data: { queueChanged: { version: 7, viewer: 'anonymous' } } });
    expect(versionOnly).toEqual({ data: { queueChanged: { version: 7 } } });
    // Alice's three tabs: one execution; each other viewer or document: one of its own.
    expect(resolved.count).toBe(4);

    // The next event is executed anew.
    const again = tabs.map((stream) => stream.next());
    await engine.publish('QUEUE_CHANGED.user.1', { version: 8 });
    for (const result of await Promise.all(again)) expect(result.value).toEqual({ data: { queueChanged: { version: 8, viewer: 'alice' } } });
    expect(resolved.count).toBe(5);

    for (const stream of [...tabs, ...others]) expect(await stream.return!()).toEqual({ value: undefined, done: true });
    expect(await tabs[0]!.next()).toEqual({ value: undefined, done: true });
  });

  it('answers errors of the subscribe step as a result, like graphql-js', async () => {
    const { schema } = queueSchema(new TopicFanOut(new MemoryPubSub(), (e) => expect.fail(String(e))));
    schema.getSubscriptionType()!.getFields().queueChanged!.subscribe = () => {
      throw new Error('Not signed in');
    };
    const result = await new SharedSubscriptionResults().subscribe({ schema, document: QUEUE, contextValue: { user: null } });
    expect(Symbol.asyncIterator in result).toBe(false);
    expect((result as ExecutionResult).errors?.[0]?.message).toBe('Not signed in');
  });
});
