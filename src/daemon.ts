import { chmodSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createServer } from './api/server.js';
import type { RouteSpec } from './api/route.js';
import { systemRoutes } from './api/routes/system.js';
import type { HealthResponse } from './api/schemas/health.js';
import { systemClock, type Clock } from './clock.js';
import type { Config } from './config/config.js';
import { AppError } from './errors.js';
import { SETTINGS } from './config/settings.js';
import { createLogger, type LogSink } from './discardable/logger.js';
import type { Embedder } from './embeddings/embedder.js';
import { selectEmbedder } from './embeddings/select-embedder.js';
import { randomIds, type IdGenerator } from './ids.js';
import { jobRegistry } from './jobs/registry.js';
import { JobScheduler } from './jobs/scheduler.js';
import { ensurePrivateDir } from './lifecycle/private-dir.js';
import { claimSocketPath, removeSocketFile } from './lifecycle/socket.js';
import { createAppMetrics, type AppMetrics } from './metrics/app-metrics.js';
import { openDatabase, type Database } from './storage/database.js';
import { createTokenizer } from './tokens/create-tokenizer.js';
import type { Tokenizer } from './tokens/tokenizer.js';

/** What tests and the start script may replace; everything else comes from the config. */
export interface DaemonOptions {
  config: Config;
  clock?: Clock;
  ids?: IdGenerator;
  /** A fixed embedder (tests use the hashing one or a tiny model) instead of selecting one. */
  embedder?: Embedder;
  /** Run the cron scheduler (default true); tests drive jobs directly with an injected clock. */
  scheduler?: boolean;
}

/** The concrete dependencies every part of memoryd is built from. */
export interface AppContext {
  config: Config;
  clock: Clock;
  ids: IdGenerator;
  log: LogSink;
  database: Database;
  tokenizer: Tokenizer;
  embedder: Embedder;
  embedderReason: string;
  metrics: AppMetrics;
  version: string;
  startedAt: number;
}

export interface RunningDaemon {
  readonly context: AppContext;
  readonly socketPath: string;
  /** Stops accepting, finishes requests in flight, flushes, closes the database and removes the socket. */
  stop(reason: string): Promise<void>;
}

/** Builds every dependency, serves the API on the socket and starts the jobs. */
export async function startDaemon(options: DaemonOptions): Promise<RunningDaemon> {
  const { config } = options;
  const clock = options.clock ?? systemClock;
  ensurePrivateDir(config.dataDir, { tighten: true, setting: SETTINGS.dataDir.env });
  const socketDir = dirname(config.socketPath);
  if (socketDir !== config.dataDir) ensurePrivateDir(socketDir, { tighten: false, setting: SETTINGS.socket.env });
  const log = createLogger({ logsDir: config.logsDir, level: config.logLevel, verbose: config.verbose, clock });
  const logger = log.logger.child({ part: 'daemon' });
  const opened: Array<() => void> = [() => log.files.close()];
  try {
    const claim = await claimSocketPath(config.socketPath);
    if (claim === 'recovered') logger.warn({ socketPath: config.socketPath }, 'removed a stale socket left by a previous run');
    const database = openDatabase(config.dbPath);
    opened.unshift(() => database.close());
    const context = await buildContext(options, { clock, log, database });
    const routes = buildRoutes(context);
    const app = createServer({
      routes,
      logger: log.logger,
      maxBodyBytes: config.maxBodyBytes,
      onResponse: (route, status) => context.metrics.httpRequests.inc({ route, status: String(status) }),
    });
    await listenPrivately(app, config.socketPath);
    opened.unshift(() => removeSocketFile(config.socketPath));
    const scheduler = new JobScheduler(jobRegistry(), { config, database, clock, logger: log.logger }, (outcome) =>
      context.metrics.jobRuns.inc({ job: outcome.job, outcome: outcome.error === null ? 'ok' : 'error' }),
    );
    if (options.scheduler ?? true) await scheduler.start();
    logger.info(
      { socketPath: config.socketPath, embedder: context.embedder.id, embedderReason: context.embedderReason, tokenizer: config.tokenizer },
      'memoryd ready',
    );
    return { context, socketPath: config.socketPath, stop: once((reason) => shutdown(reason, { context, app, scheduler })) };
  } catch (error) {
    for (const close of opened) close();
    throw error;
  }
}

async function buildContext(
  options: DaemonOptions,
  base: { clock: Clock; log: LogSink; database: Database },
): Promise<AppContext> {
  const { config } = options;
  const tokenizer = await createTokenizer(config.tokenizer);
  const selected = options.embedder
    ? { embedder: options.embedder, reason: `embedder ${options.embedder.id} given by the caller` }
    : await selectEmbedder({ modelsDir: config.modelsDir, modelId: config.embeddingModel, prefer: config.embedder });
  return {
    config,
    clock: base.clock,
    ids: options.ids ?? randomIds(() => base.clock.now()),
    log: base.log,
    database: base.database,
    tokenizer,
    embedder: selected.embedder,
    embedderReason: selected.reason,
    metrics: createAppMetrics(),
    version: readVersion(),
    startedAt: base.clock.now(),
  };
}

function buildRoutes(context: AppContext): RouteSpec[] {
  const routes: RouteSpec[] = [];
  routes.push(...systemRoutes({ health: () => health(context), version: context.version, routes: () => routes }));
  return routes;
}

function health(context: AppContext): HealthResponse {
  let db: 'ok' | 'error' = 'ok';
  try {
    context.database.sqlite.prepare('select 1').get();
  } catch (error) {
    db = 'error';
    context.log.logger.error({ err: error, part: 'daemon' }, 'database health check failed');
  }
  const { embedder } = context;
  return {
    status: db === 'ok' ? 'ok' : 'degraded',
    version: context.version,
    uptimeS: Math.round((context.clock.now() - context.startedAt) / 1000),
    db,
    embedder: { id: embedder.id, dims: embedder.dims, kind: embedder.kind, reason: context.embedderReason },
    tokenizer: context.tokenizer.encoding,
    tokenCap: context.config.tokenCap,
  };
}

/** Listens with a umask that keeps the socket 0600 from its first instant. */
async function listenPrivately(app: FastifyInstance, socketPath: string): Promise<void> {
  const previous = process.umask(0o177);
  try {
    await app.listen({ path: socketPath });
  } catch (error) {
    await app.close();
    // Another daemon bound the path between our probe and our listen.
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new AppError('ALREADY_RUNNING', `another memoryd is already serving ${socketPath}`, { cause: error });
    }
    throw new AppError('CONFIG_INVALID', `cannot listen on ${socketPath}: ${(error as Error).message}`, { cause: error });
  } finally {
    process.umask(previous);
  }
  chmodSync(socketPath, 0o600);
}

async function shutdown(
  reason: string,
  parts: { context: AppContext; app: FastifyInstance; scheduler: JobScheduler },
): Promise<void> {
  const { context, app, scheduler } = parts;
  const logger = context.log.logger.child({ part: 'daemon' });
  logger.info({ reason }, 'shutting down');
  await scheduler.stop();
  // Requests in flight may finish; past the timeout their connections are cut.
  const deadline = setTimeout(() => app.server.closeAllConnections(), context.config.shutdownTimeoutMs);
  try {
    await app.close();
  } finally {
    clearTimeout(deadline);
  }
  context.database.close();
  removeSocketFile(context.config.socketPath);
  logger.info({ reason }, 'stopped');
  context.log.files.close();
}

function once(fn: (reason: string) => Promise<void>): (reason: string) => Promise<void> {
  let running: Promise<void> | null = null;
  return (reason) => (running ??= fn(reason));
}

function readVersion(): string {
  const packageJson = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: string };
  return packageJson.version ?? '0.0.0';
}
