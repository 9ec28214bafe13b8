/**
 * The two bare baselines `npm run bench:api` measures the app against, each run as its own process:
 * `node` is a plain node:http server answering fixed JSON, `apollo` a bare @apollo/server answering `{ hello }`.
 * Prints `listening on http://localhost:PORT` like the app.
 */
import { createServer } from 'node:http';
import { ApolloServer } from '@apollo/server';
import { startStandaloneServer } from '@apollo/server/standalone';

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
} else {
  console.error('usage: baseline-servers.ts node|apollo');
  process.exit(2);
}
