import { startPlanExpiry } from '../plans/plan-expiry.js';
import 'reflect-metadata';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type Express } from 'express';
import helmet from 'helmet';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { WebSocketServer } from 'ws';
import { Redis } from 'ioredis';
import type { AppConfig } from '../config/config.js';
import { openDatabase, type Database } from '../db/database.js';
import { createPubSub } from '../pubsub/pubsub.js';
import { buildAppSchema } from '../graphql/schema.js';
import { formatGraphQLError } from '../graphql/errors.js';
import { GraphQLLimits } from '../graphql/limits.js';
import { requestGuardsPlugin } from '../graphql/request-guards.js';
import { queueAnswers } from '../library/queue-answers.js';
import { KeptAnswers } from '../graphql/kept-answers.js';
import { libraryAnswers } from '../songs/library-reads.js';
import { APQ_LIMITS, Safelist, WEB_SAFELIST_FILE, persistedQueryCache } from '../graphql/persisted-queries.js';
import { graphqlEndpoint, isGraphQLRequest } from '../graphql/http-endpoint.js';
import { rejectUnsafeInput } from '../http/safe-input.js';
import type { GraphQLContext } from '../graphql/context.js';
import { createServices, type Services } from './services.js';
import { serveSubscriptions } from './subscription-server.js';
import { requestContext } from '../http/request-context.js';
import { restErrorHandler } from '../http/errors.js';
import { apiRoutes, hotApiReads } from '../http/api-routes.js';
import { hotRestReads } from '../http/hot-rest-reads.js';
import { fixedHeaders } from '../http/fixed-headers.js';
import { subsonicRoutes } from '../subsonic/subsonic.routes.js';
import { stripeWebhookRoutes } from '../plans/stripe-webhook.routes.js';
import { allowsWebSocketOrigin, refuseCrossSiteRequests } from '../http/origin.js';
import { precompressedAssets, withoutEncodingSuffix } from '../http/precompressed.js';
import { seedDatabase } from '../seed/seed.js';
import { seedArtwork } from '../seed/seed-artwork.js';
import { mediaRoutes } from '../storage/media.routes.js';
import { startGeneration } from '../generation/start-generation.js';
import type { MusicProvider } from '../music/types.js';
import { createLogger, type Logger } from './logger.js';

export interface RunningApp {
  server: Server;
  /** The Express app behind `server`: REST, media and the web build (GraphQL is answered beside it). */
  expressApp: Express;
  services: Services;
  database: Database;
  logger: Logger;
  /** Starts listening; resolves with the bound port. */
  listen(port?: number): Promise<number>;
  close(): Promise<void>;
}

/** On close, requests still running and sockets still open after this long are cut. */
const SOCKET_GRACE_MS = 3000;

/** Wires database, pub/sub, services, GraphQL (HTTP + graphql-ws), REST, media and the web app. */
export async function createApp(config: AppConfig, options: { database?: Database; musicProvider?: MusicProvider } = {}): Promise<RunningApp> {
  const logger = createLogger(config.logLevel);
  const database = options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: null }) : null;
  const pubsub = createPubSub(config.redisUrl, (e) => logger.error(e, 'Publishing an event failed'));
  const services = await createServices({ config, orm: database.orm, pubsub, redis, logger, musicProvider: options.musicProvider });
  await seedDatabase(database.orm.em.fork(), logger);
  // With presigned media URLs the browser loads audio and images from the bucket's address.
  const mediaOrigins = config.mediaUrls === 'presigned' ? [await presignedOrigin(services)] : [];
  let closing = false;
  let artwork: Promise<void> = Promise.resolve();
  /** Resolves with the function that stops this process's worker heartbeat. */
  let generation: Promise<() => Promise<void>> = Promise.resolve(async () => {});
  let stopPlanExpiry = () => {};
  // Painting the first-start artwork takes a few seconds: it starts once the server listens.
  const startBackgroundWork = () => {
    if (config.seed) artwork = seedArtwork(database.orm.em.fork(), services.media.storage, logger, () => closing).catch((e) => logger.error(e, 'Seeding artwork failed'));
    generation = startGeneration(services, config.workerConcurrency, logger).catch((e) => {
      logger.error(e, 'Starting generation workers failed');
      return async () => {};
    });
    stopPlanExpiry = startPlanExpiry(services.plans, database.orm, logger);
  };

  const app = express();
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  // No ETag hashed over every JSON answer: API answers are per user and not cached (GraphQL's are
  // no-store), and media and the web build carry their own validators.
  app.set('etag', false);
  const securityHeaders = fixedHeaders(helmet({
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'blob:', ...mediaOrigins],
        'media-src': ["'self'", 'blob:', ...mediaOrigins],
        // 'self' covers same-origin ws: and wss: (CSP Level 3).
        'connect-src': ["'self'", ...mediaOrigins],
        'style-src': ["'self'", "'unsafe-inline'"],
        'worker-src': ["'self'"],
        'upgrade-insecure-requests': null,
      },
    },
    // Audio and images are fetched cross-origin by nothing but ourselves; keep defaults strict.
    crossOriginEmbedderPolicy: false,
  }));
  app.use(securityHeaders);
  // GraphQL over HTTP is answered beside Express, once Apollo has started (graphql/http-endpoint.ts).
  let graphql: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  // The player's repeated REST reads too, once the routes are in place (http/hot-rest-reads.ts).
  let hotReads: ((req: IncomingMessage, res: ServerResponse) => boolean) | null = null;
  const server = createHttpServer((req, res) => {
    if (graphql && isGraphQLRequest(req.url)) graphql(req, res);
    else if (!hotReads?.(req, res)) app(req, res);
  });

  const stopSessionSockets = services.sessionSockets.start(database.orm, (e) => logger.error(e, 'Closing the sockets of ended sessions failed'));
  const stopSessionCache = services.sessions.start((e) => logger.error(e, 'Dropping cached sessions failed'));
  const stopQueueReadCache = services.queue.reads.start((e) => logger.error(e, 'Dropping cached queue reads failed'));
  const stopLibraryReads = services.libraryReads.start((e) => logger.error(e, 'Dropping cached library pages failed'));
  const schema = await buildAppSchema(pubsub);
  const limits = new GraphQLLimits(redis);
  const safelist = config.graphqlSafelist ? Safelist.load([WEB_SAFELIST_FILE, ...config.graphqlSafelistFiles]) : null;
  const wsServer = new WebSocketServer({
    server,
    path: '/graphql',
    verifyClient: ({ req }, done) => (allowsWebSocketOrigin(req, config.trustProxy) ? done(true) : done(false, 403, 'Cross-origin WebSocket refused')),
  });
  const wsCleanup = serveSubscriptions({ wsServer, schema, orm: database.orm, services, limits, safelist });

  const graphqlLimits = limits.apolloOptions();
  const keptAnswers = new KeptAnswers([queueAnswers(services.queue), libraryAnswers(services.libraryReads)]);
  const apollo = new ApolloServer<GraphQLContext>({
    schema,
    // main.ts owns SIGINT/SIGTERM; Apollo's own handler raced it and shutdown never finished.
    stopOnTerminationSignals: false,
    formatError: (formatted, error) => formatGraphQLError(formatted, error, (e) => logger.error(e, 'GraphQL resolver failed')),
    // Production behaviour whatever NODE_ENV says: no stack traces, no CDN landing page, introspection only when configured.
    includeStacktraceInErrorResponses: false,
    introspection: config.graphqlIntrospection,
    parseOptions: graphqlLimits.parseOptions,
    validationRules: graphqlLimits.validationRules,
    persistedQueries: { cache: persistedQueryCache(redis, safelist), ttl: APQ_LIMITS.ttlSeconds },
    stringifyResult: keptAnswers.stringifyResult,
    plugins: [
      ApolloServerPluginLandingPageDisabled(),
      // No field has a cache hint, and the plugin's per-field hook wraps every resolver of the schema
      // (a queue of 150 songs resolves 2,000 fields): the answers are per user, no-store (set below).
      ApolloServerPluginCacheControlDisabled(),
      requestGuardsPlugin,
      ...graphqlLimits.plugins,
      keptAnswers.plugin,
      ApolloServerPluginDrainHttpServer({ httpServer: server }),
      { async serverWillStart() { return { async drainServer() { await wsCleanup.dispose(); } }; } },
    ],
  });
  await apollo.start();

  app.get('/api/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.use(stripeWebhookRoutes(services));
  app.use('/api', refuseCrossSiteRequests(config.trustProxy), express.json({ limit: '1mb' }), rejectUnsafeInput, requestContext(services), apiRoutes(services));
  app.use('/api', (_req, res) => {
    res.status(404).json({ error: 'Not found' });
  });
  // The Subsonic API for existing music apps (docs/subsonic.md): its own auth (app passwords, API keys), no cookies.
  app.use('/rest', subsonicRoutes(services), (_req, res) => {
    res.status(404).json({ error: 'Not found' });
  });
  graphql = graphqlEndpoint({ apollo, services, safelist, trustProxy: config.trustProxy, securityHeaders, log: (e) => logger.error(e, 'Request failed') });
  hotReads = hotRestReads({ reads: hotApiReads(services), services, securityHeaders, log: (e) => logger.error(e, 'Request failed') });
  // Media from the storage backend, to whoever may see it (docs/storage.md).
  app.use('/media', mediaRoutes(services));
  if (existsSync(config.webDistDir)) {
    app.use(precompressedAssets(path.resolve(config.webDistDir)), express.static(config.webDistDir, { index: false, maxAge: '1h', setHeaders: noCacheForEntryPoints }));
    // Client-side routes: every other GET that wants HTML gets the app shell.
    app.get(/.*/, (req, res, next) => {
      if (!req.accepts('html')) return next();
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(path.join(config.webDistDir, 'index.html'));
    });
  } else {
    logger.info(`No web build at ${config.webDistDir}: serving the API only (run npm run build).`);
  }
  app.use(restErrorHandler((e) => logger.error(e, 'Request failed')));

  return {
    server,
    expressApp: app,
    services,
    database,
    logger,
    listen: (port = config.port) =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, () => {
          startBackgroundWork();
          const address = server.address();
          resolve(typeof address === 'object' && address ? address.port : port);
        });
      }),
    async close() {
      closing = true;
      stopPlanExpiry();
      // Requests in flight and sockets that do not close by themselves get SOCKET_GRACE_MS.
      const hangUp = setTimeout(() => {
        for (const client of wsServer.clients) client.terminate();
        server.closeAllConnections();
      }, SOCKET_GRACE_MS);
      // Stop accepting (Apollo's drain closes the listener and idle keep-alive sockets, graphql-ws
      // says goodbye) while the generation jobs stop, both at once (docs/decisions.md, Process).
      await Promise.all([
        apollo.stop(),
        (async () => {
          await artwork;
          const stopHeartbeat = await generation;
          await services.generationQueue.close();
          await stopHeartbeat();
        })(),
      ]);
      clearTimeout(hangUp);
      wsServer.close();
      await stopSessionSockets();
      await stopSessionCache();
      await stopQueueReadCache();
      await stopLibraryReads();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
      await pubsub.close();
      redis?.disconnect();
      await database.close();
    },
  };
}

/** The origin presigned media URLs point at (the bucket's endpoint), for the Content-Security-Policy. */
async function presignedOrigin(services: Services): Promise<string> {
  const url = await services.media.storage.presignedUrl('origin-probe', { expiresInSeconds: 60, contentType: 'application/octet-stream' });
  if (!url) throw new Error('MEDIA_URLS=presigned needs a storage backend that presigns URLs');
  return new URL(url).origin;
}

/** Hashed assets cache for long; index.html, the service worker and manifest must revalidate. */
function noCacheForEntryPoints(res: import('express').Response, servedPath: string) {
  const filePath = withoutEncodingSuffix(servedPath);
  const name = path.basename(filePath);
  if (name === 'index.html' || name === 'sw.js' || name.endsWith('.webmanifest')) res.setHeader('Cache-Control', 'no-cache');
  else if (filePath.includes(`${path.sep}assets${path.sep}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
}
