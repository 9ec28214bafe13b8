import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_SIGNUPS_PER_HOUR } from '../auth/throttles.js';
import type { OidcSettings } from '../auth/oidc.js';
import type { S3Settings } from '../storage/s3-storage.js';

/** Everything the process is configured with; read once from the environment. */
export interface AppConfig {
  port: number;
  /** Real PostgreSQL server; null selects the embedded PGlite database under dataDir. */
  databaseUrl: string | null;
  /** Redis for pub/sub (and the job queue); null selects in-memory pub/sub. */
  redisUrl: string | null;
  dataDir: string;
  /** The local storage backend's folder (and the migration command's default source). */
  mediaDir: string;
  /** Where media lives: MEDIA_DIR (local) or an S3-compatible bucket (docs/storage.md). */
  storage: StorageSettings;
  /** How clients get media after the access check: streamed by the API, or redirected to a presigned URL (S3 only). */
  mediaUrls: 'proxy' | 'presigned';
  /** Lifetime of a presigned media URL. */
  mediaUrlTtlSeconds: number;
  sessionSecret: string;
  /** ENCRYPTION_KEY: encrypts stored provider API keys; null: one is created in DATA_DIR/encryption-key on first use. */
  encryptionKey: string | null;
  /** Serve the built web app from this folder when it exists. */
  webDistDir: string;
  /** Set behind an HTTPS reverse proxy so req.secure (and Secure cookies) follow X-Forwarded-Proto. */
  trustProxy: boolean;
  /** Accounts one IP address may create per hour (docs/auth.md). */
  signUpsPerHour: number;
  /** Paint the first-start artwork and generate the demo catalogue (radio stations are always seeded). */
  seed: boolean;
  /** Generation jobs this process runs at once (0: none, e.g. an API behind `npm run worker`s). */
  workerConcurrency: number;
  /** First start of an empty installation queues a demo catalogue (one song per radio genre). */
  demoCatalogue: boolean;
  /** A process that generates readies its workers soon after start, a short throwaway song included (docs/generation.md). */
  generationWarmUp: boolean;
  /** First automatic retry of a failed generation step waits this long; each further one 4x longer. */
  generationRetryDelayMs: number;
  /** BullMQ lock time: a job whose worker died is taken over by another worker after about this long. */
  jobLockMs: number;
  /** BullMQ queue name; processes sharing a Redis and database must agree on it. */
  generationQueueName: string;
  logLevel: 'silent' | 'error' | 'info' | 'debug';
  /** The speech synthesiser the DJ voice runs (eSpeak NG; the voice is off when it does not run). */
  djVoiceCommand: string;
  /** Answer GraphQL introspection queries (the schema is public in schema.graphql; off by default). */
  graphqlIntrospection: boolean;
  /** Run only safelisted GraphQL operations: the web app's (graphql-safelist.json) and those of graphqlSafelistFiles (docs/api.md). */
  graphqlSafelist: boolean;
  /** More persisted-query manifests (third-party clients' operations) the safelist allows. */
  graphqlSafelistFiles: string[];
  /** The cost model's prices (US dollars) until an admin sets others (docs/generation.md). */
  costPerCpuSecond: number;
  costPerGbMonth: number;
  /** Single sign-on with an OpenID Connect provider (docs/auth.md); null: the button is not shown. */
  oidc: OidcSettings | null;
  /** Card payments through Stripe (docs/permissions.md); null: plan codes only. */
  stripe: StripeSettings | null;
}

export type StorageSettings = { kind: 'local' } | ({ kind: 's3' } & S3Settings);

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** The public address of this app, where Checkout and the portal send users back. */
  returnBase: string;
  /** Another address for Stripe's API (tests point it at a local fake; never set from the environment). */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

/** About $0.07 per CPU-hour (an on-demand cloud vCPU) and $0.023 per GB-month (object storage). */
const DEFAULT_COST_PER_CPU_SECOND = 0.00002;
const DEFAULT_COST_PER_GB_MONTH = 0.023;

const repoRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');

/** A configuration the process cannot start with; its message is the whole story (no stack needed). */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const DATABASE_URL_SHAPE = 'expected postgres://user[:password]@host[:port]/database';

/** The pg driver would fall back to $USER (often unset in containers) and fail deep in a stack trace. */
const databaseUrl = z.string().superRefine((value, ctx) => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    ctx.addIssue({ code: 'custom', message: `not a URL (${DATABASE_URL_SHAPE})` });
    return;
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    ctx.addIssue({ code: 'custom', message: `unsupported scheme ${url.protocol} (${DATABASE_URL_SHAPE})` });
  } else if (!url.username && !url.searchParams.get('user')) {
    ctx.addIssue({ code: 'custom', message: `no user name (${DATABASE_URL_SHAPE})` });
  }
});

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: databaseUrl.optional(),
  REDIS_URL: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).optional(),
  MEDIA_DIR: z.string().min(1).optional(),
  SESSION_SECRET: z.string().min(16, 'SESSION_SECRET must be at least 16 characters').optional(),
  ENCRYPTION_KEY: z.string().min(16, 'ENCRYPTION_KEY must be at least 16 characters').optional(),
  WEB_DIST_DIR: z.string().min(1).optional(),
  TRUST_PROXY: z.enum(['true', 'false', '1', '0']).optional(),
  SIGNUPS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).optional(),
  SEED: z.enum(['true', 'false', '1', '0']).optional(),
  WORKER_CONCURRENCY: z.coerce.number().int().min(0).max(64).optional(),
  DEMO_CATALOGUE: z.enum(['true', 'false', '1', '0']).optional(),
  GENERATION_WARM_UP: z.enum(['true', 'false', '1', '0']).optional(),
  GENERATION_RETRY_DELAY_MS: z.coerce.number().int().min(0).max(3_600_000).optional(),
  JOB_LOCK_MS: z.coerce.number().int().min(1000).max(600_000).optional(),
  GENERATION_QUEUE: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'GENERATION_QUEUE: letters, digits, _ or -').optional(),
  LOG_LEVEL: z.enum(['silent', 'error', 'info', 'debug']).optional(),
  DJ_VOICE_COMMAND: z.string().min(1).max(200).optional(),
  GRAPHQL_INTROSPECTION: z.enum(['true', 'false', '1', '0']).optional(),
  GRAPHQL_SAFELIST: z.enum(['true', 'false', '1', '0']).optional(),
  GRAPHQL_SAFELIST_FILES: z.string().optional(),
  COST_PER_CPU_SECOND: z.coerce.number().min(0).max(1000).optional(),
  COST_PER_GB_MONTH: z.coerce.number().min(0).max(1000).optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http(s) URL' }).optional(),
  OIDC_ISSUER_URL: z.url({ protocol: /^https?$/, error: 'OIDC_ISSUER_URL must be an http(s) URL' }).optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_REDIRECT_BASE: z.url({ protocol: /^https?$/, error: 'OIDC_REDIRECT_BASE must be an http(s) URL' }).optional(),
  OIDC_LABEL: z.string().trim().min(1).max(40).optional(),
  STORAGE: z.enum(['local', 's3'], { error: 'STORAGE must be local or s3' }).optional(),
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3_BUCKET must be a bucket name (3-63 lower-case letters, digits, . or -)').optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'S3_ENDPOINT must be an http(s) URL' }).optional(),
  S3_REGION: z.string().min(1).max(64).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0']).optional(),
  MEDIA_URLS: z.enum(['proxy', 'presigned'], { error: 'MEDIA_URLS must be proxy or presigned' }).optional(),
  MEDIA_URL_TTL: z.coerce.number().int().min(10).max(604_800).optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
});

const isTrue = (value: string | undefined, fallback: boolean) =>
  value === undefined ? fallback : value === 'true' || value === '1';

/**
 * A secret the environment did not give (SESSION_SECRET, ENCRYPTION_KEY) is generated once and kept
 * in DATA_DIR/`fileName`, so it survives restarts without any secret ever living in the repository.
 * Put in place with link(2), which fails when the file exists: of two processes starting at once,
 * the second reads the first's (complete) secret instead of replacing it.
 */
export function loadOrCreateSecret(dataDir: string, fileName: string): string {
  const file = path.join(dataDir, fileName);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  const draft = `${file}.${process.pid}`;
  writeFileSync(draft, secret, { mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFileSync(file, 'utf8').trim();
  } finally {
    unlinkSync(draft);
  }
  return secret;
}

/** Both or neither: half a configuration is a mistake worth stopping for. */
function oidcSettings(e: z.infer<typeof envSchema>): OidcSettings | null {
  if (!e.OIDC_ISSUER_URL) return null;
  const redirectBase = e.OIDC_REDIRECT_BASE ?? e.PUBLIC_URL;
  if (!e.OIDC_CLIENT_ID || !e.OIDC_CLIENT_SECRET || !redirectBase) {
    throw new ConfigError('Invalid configuration: OIDC_ISSUER_URL needs OIDC_CLIENT_ID, OIDC_CLIENT_SECRET and OIDC_REDIRECT_BASE (or PUBLIC_URL)');
  }
  return { issuerUrl: e.OIDC_ISSUER_URL, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET, redirectBase, label: e.OIDC_LABEL ?? 'Google' };
}

/** STORAGE=s3 needs a bucket; keys come in pairs; path-style addressing is the default for a custom endpoint. */
function storageSettings(e: z.infer<typeof envSchema>): StorageSettings {
  if ((e.STORAGE ?? 'local') === 'local') return { kind: 'local' };
  if (!e.S3_BUCKET) throw new ConfigError('Invalid configuration: STORAGE=s3 needs S3_BUCKET');
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  }
  return {
    kind: 's3',
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT ?? null,
    region: e.S3_REGION ?? 'us-east-1',
    credentials: e.S3_ACCESS_KEY_ID ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY! } : null,
    forcePathStyle: isTrue(e.S3_FORCE_PATH_STYLE, Boolean(e.S3_ENDPOINT)),
  };
}

function stripeSettings(e: z.infer<typeof envSchema>): StripeSettings | null {
  if (!e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) return null;
  if (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET || !e.PUBLIC_URL) {
    throw new ConfigError('Invalid configuration: Stripe needs STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and PUBLIC_URL');
  }
  return { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, returnBase: e.PUBLIC_URL };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(`Invalid configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(repoRoot, overrides.dataDir ?? e.DATA_DIR ?? 'data');
  const redisUrl = overrides.redisUrl !== undefined ? overrides.redisUrl : (e.REDIS_URL ?? null);
  const storage = overrides.storage ?? storageSettings(e);
  const mediaUrls = overrides.mediaUrls ?? e.MEDIA_URLS ?? 'proxy';
  if (mediaUrls === 'presigned' && storage.kind !== 's3') throw new ConfigError('Invalid configuration: MEDIA_URLS=presigned needs STORAGE=s3');
  return {
    port: e.PORT,
    databaseUrl: e.DATABASE_URL ?? null,
    redisUrl,
    dataDir,
    mediaDir: path.resolve(repoRoot, e.MEDIA_DIR ?? path.join(dataDir, 'media')),
    storage,
    mediaUrls,
    mediaUrlTtlSeconds: e.MEDIA_URL_TTL ?? 300,
    sessionSecret: e.SESSION_SECRET ?? loadOrCreateSecret(dataDir, 'session-secret'),
    encryptionKey: e.ENCRYPTION_KEY ?? null,
    webDistDir: path.resolve(repoRoot, e.WEB_DIST_DIR ?? 'web/dist'),
    trustProxy: isTrue(e.TRUST_PROXY, false),
    signUpsPerHour: e.SIGNUPS_PER_HOUR ?? DEFAULT_SIGNUPS_PER_HOUR,
    seed: isTrue(e.SEED, true),
    // With Redis the generation work normally belongs to `npm run worker` processes.
    workerConcurrency: e.WORKER_CONCURRENCY ?? (redisUrl ? 0 : Math.max(1, cpus().length - 1)),
    demoCatalogue: isTrue(e.DEMO_CATALOGUE, true),
    generationWarmUp: isTrue(e.GENERATION_WARM_UP, true),
    generationRetryDelayMs: e.GENERATION_RETRY_DELAY_MS ?? 5000,
    jobLockMs: e.JOB_LOCK_MS ?? 30_000,
    generationQueueName: e.GENERATION_QUEUE ?? 'generation',
    logLevel: e.LOG_LEVEL ?? 'info',
    graphqlIntrospection: isTrue(e.GRAPHQL_INTROSPECTION, false),
    graphqlSafelist: isTrue(e.GRAPHQL_SAFELIST, false),
    graphqlSafelistFiles: (e.GRAPHQL_SAFELIST_FILES ?? '').split(',').map((file) => file.trim()).filter(Boolean).map((file) => path.resolve(repoRoot, file)),
    djVoiceCommand: e.DJ_VOICE_COMMAND ?? 'espeak-ng',
    costPerCpuSecond: e.COST_PER_CPU_SECOND ?? DEFAULT_COST_PER_CPU_SECOND,
    costPerGbMonth: e.COST_PER_GB_MONTH ?? DEFAULT_COST_PER_GB_MONTH,
    oidc: oidcSettings(e),
    stripe: stripeSettings(e),
    ...overrides,
  };
}
