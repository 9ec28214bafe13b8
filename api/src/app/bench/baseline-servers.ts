/**
 * The bare baselines `npm run bench:api` measures the app against, each run as its own process:
 * `node` is a plain node:http server answering fixed JSON, `apollo` a bare @apollo/server answering
 * `{ hello }`, `ws` a bare graphql-ws server with an in-memory pub/sub (below).
 * Prints `listening on http://localhost:PORT` like the app.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { ApolloServer } from '@apollo/server';
import { startStandaloneServer } from '@apollo/server/standalone';
import { buildSchema } from 'graphql';
import { PubSub } from 'graphql-subscriptions';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';

const kind = process.argv[2];
if (kind === 'node') {
  const body = JSON.stringify({ data: { hello: 'world' } });
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    console.log(`listening on http://localhost:${typeof address === 'object' && address ? address.port : 0}`);
  });
} else if (kind === 'apollo') {
  const apollo = new ApolloServer({ typeDefs: 'type Query { hello: String! }', resolvers: { Query: { hello: () => 'world' } } });
  const { url } = await startStandaloneServer(apollo, { listen: { port: 0, host: '127.0.0.1' } });
  console.log(`listening on http://localhost:${new URL(url).port}`);
} else if (kind === 'ws') {
  // The app's own schema (schema.graphql) with graphql-js' default resolvers, so the same subscription
  // document runs over the same payload; the user is a connection parameter instead of a session, and
  // each user has a topic of their own, as in the app. POST /publish {"user", "payload"} publishes
  // payload as that user's queueChanged.
  const schema = buildSchema(readFileSync(new URL('../../../../schema.graphql', import.meta.url), 'utf8'));
  const pubsub = new PubSub();
  const queueChanged = schema.getSubscriptionType()!.getFields().queueChanged!;
  queueChanged.subscribe = (_root, _args, context: { user: number }) => pubsub.asyncIterableIterator(`QUEUE_CHANGED.user.${context.user}`);
  queueChanged.resolve = (payload: { queue: unknown }) => payload.queue;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const { user, payload } = JSON.parse(body) as { user: number; payload: unknown };
      void pubsub.publish(`QUEUE_CHANGED.user.${user}`, { queue: payload });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"published":true}');
    });
  });
  useServer({ schema, context: (ctx) => ({ user: Number(ctx.connectionParams?.user) }) }, new WebSocketServer({ server, path: '/graphql' }));
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    console.log(`listening on http://localhost:${typeof address === 'object' && address ? address.port : 0}`);
  });
} else {
  console.error('usage: baseline-servers.ts node|apollo|ws');
  process.exit(2);
}
