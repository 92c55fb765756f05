import { chmodSync } from 'node:fs';
import { dirname } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { RouteSpec } from './api/route.js';
import { createServer } from './api/server.js';
import { systemClock, type Clock } from './clock.js';
import type { Config } from './config/config.js';
import { SETTINGS } from './config/settings.js';
import { buildRoutes, buildServices, newContext, type AppContext, type Services } from './context.js';
import { AppError, messageOf } from './errors.js';
import type { HourlyLogStreamOptions } from './discardable/log-files.js';
import { createLogger, type LogSink } from './discardable/logger.js';
import type { Embedder } from './embeddings/embedder.js';
import { selectEmbedder } from './embeddings/select-embedder.js';
import { ReconfirmFlusher } from './facts/reconfirm-flusher.js';
import { randomIds, type IdGenerator } from './ids.js';
import { jobRegistry } from './jobs/registry.js';
import { JobScheduler } from './jobs/scheduler.js';
import { lockDatabase, type DatabaseLock } from './lifecycle/database-lock.js';
import { dataDirOwnNames, ensurePrivateDir } from './lifecycle/private-dir.js';
import { claimSocketPath, removeSocketFile, socketIdentity, type SocketIdentity } from './lifecycle/socket.js';
import { explainSystemPromptError, openDaemonDatabase } from './lifecycle/start-problems.js';
import type { Database } from './storage/database.js';
import { IdleCheckpointer } from './storage/idle-checkpointer.js';
import { UnusableDatabaseError, unusableDatabaseErrorOf } from './storage/transaction.js';
import { createTokenizer } from './tokens/create-tokenizer.js';
import type { Tokenizer } from './tokens/tokenizer.js';

export type { AppContext } from './context.js';

/** What tests and the start script may replace; everything else comes from the config. */
export interface DaemonOptions {
  config: Config;
  clock?: Clock;
  ids?: IdGenerator;
  /** A fixed embedder (tests use the hashing one or a tiny model) instead of selecting one. */
  embedder?: Embedder;
  /** A tokenizer already built for `config.tokenizer` (the warm-up shares the daemon's) instead of loading one. */
  tokenizer?: Tokenizer;
  /** Run the cron scheduler (default true); tests drive jobs directly with an injected clock. */
  scheduler?: boolean;
  /** The log files' write call and notice (tests pass a write that fails as on a full disk). */
  logFiles?: HourlyLogStreamOptions;
}

export interface RunningDaemon {
  readonly context: AppContext;
  readonly services: Services;
  readonly socketPath: string;
  /** Start created the database file (there was none at MEMORYD_DB): `npm start` says so, a mistyped or deleted path would start on an empty memory. */
  readonly createdDatabase: boolean;
  /**
   * Stops accepting, finishes requests in flight, writes queued fact re-confirmations,
   * closes the database and removes the socket. Not clean when the re-confirmations could
   * not be written (logged: they are lost); `problem` then says so, and why.
   */
  stop(reason: string): Promise<StopOutcome>;
}

/** How a stop went: clean, or what went wrong, in a sentence for stderr. */
export type StopOutcome = { clean: true } | { clean: false; problem: string };

/** Builds every dependency, serves the API on the socket and starts the jobs. */
export async function startDaemon(options: DaemonOptions): Promise<RunningDaemon> {
  const { config } = options;
  if (options.tokenizer !== undefined && options.tokenizer.encoding !== config.tokenizer) {
    throw new AppError('INTERNAL', `a ${options.tokenizer.encoding} tokenizer was given for a daemon configured with ${config.tokenizer}`);
  }
  const clock = options.clock ?? systemClock;
  ensurePrivateDir(config.dataDir, { setting: SETTINGS.dataDir.env, ownNames: dataDirOwnNames(config) });
  const socketDir = dirname(config.socketPath);
  if (socketDir !== config.dataDir) ensurePrivateDir(socketDir, { setting: SETTINGS.socket.env });
  const log = createLogger({ logsDir: config.logsDir, level: config.logLevel, verbose: config.verbose, clock, files: options.logFiles });
  const logger = log.logger.child({ part: 'daemon' });
  const opened: Array<() => void> = [() => log.files.close()];
  try {
    const claim = await claimSocketPath(config.socketPath);
    if (claim === 'recovered') logger.warn({ socketPath: config.socketPath }, 'removed a stale socket left by a previous run');
    // One daemon per database, whatever socket each serves: the sessions' in-memory copy assumes it.
    const lock = lockDatabase(config.dbPath);
    opened.unshift(() => lock.release());
    const { database, created, migrated } = openDaemonDatabase(config.dbPath);
    opened.unshift(() => database.close());
    if (created) logger.info({ dbPath: config.dbPath }, 'created a new, empty database');
    if (migrated !== null) {
      logger.info({ dbPath: config.dbPath, count: migrated.names.length, migrations: migrated.names, from: migrated.from, to: migrated.to }, 'applied migrations');
    }
    const context = await baseContext(options, { clock, log, database });
    const services = await buildServices(context).catch((error: unknown) => {
      throw explainSystemPromptError(error, config.systemPromptFile);
    });
    const routes = buildRoutes(context, services);
    const reconfirmations = new ReconfirmFlusher(services.facts, log.logger, (count) => context.metrics.facts.inc({ kind: 'reconfirmed' }, count));
    reconfirmations.start();
    opened.unshift(() => reconfirmations.stop());
    const checkpointer = new IdleCheckpointer(database, log.logger);
    opened.unshift(() => checkpointer.stop());
    const app = createServer({
      routes: routes.map((route) => answeringUnusableDatabase(route, database)),
      logger: log.logger,
      maxBodyBytes: config.maxBodyBytes,
      onResponse: (route, status) => {
        context.metrics.httpRequests.inc({ route, status: String(status) });
        checkpointer.noteActivity();
      },
    });
    const socket = await listenPrivately(app, config.socketPath);
    opened.unshift(() => removeSocketFile(config.socketPath, socket));
    const scheduler = new JobScheduler(jobRegistry(), { config, database, clock, logger: log.logger }, (outcome) =>
      context.metrics.jobRuns.inc({ job: outcome.job, outcome: outcome.error === null ? 'ok' : 'error' }),
    );
    if (options.scheduler ?? true) await scheduler.start();
    logger.info(
      { socketPath: config.socketPath, embedder: context.embedder.id, embedderReason: context.embedderReason, tokenizer: config.tokenizer },
      'memoryd ready',
    );
    return {
      context,
      services,
      socketPath: config.socketPath,
      createdDatabase: created,
      stop: once((reason) => shutdown(reason, { context, app, scheduler, checkpointer, reconfirmations, lock, socket })),
    };
  } catch (error) {
    for (const close of opened) close();
    throw error;
  }
}

// A route whose request fails because the database file cannot be used (a disk I/O error,
// a read-only file or file system, a file SQLite cannot open) answers 503 naming the file
// (the server logs every such 503, api/server.ts). A transaction throws that error itself
// (storage/transaction.ts, as it does DatabaseFullError); this is the one place that maps
// SQLite's own error from a plain read outside any transaction (GET /v1/facts, a tool-cache
// lookup, a session's view), which would otherwise answer 500.
function answeringUnusableDatabase(route: RouteSpec, database: Database): RouteSpec {
  return {
    ...route,
    handler: async (input) => {
      try {
        return await route.handler(input);
      } catch (error) {
        if (error instanceof UnusableDatabaseError) throw error;
        throw unusableDatabaseErrorOf(database, error) ?? error;
      }
    },
  };
}

async function baseContext(options: DaemonOptions, base: { clock: Clock; log: LogSink; database: Database }): Promise<AppContext> {
  const { config } = options;
  const tokenizer = options.tokenizer ?? (await createTokenizer(config.tokenizer));
  const selected = options.embedder
    ? { embedder: options.embedder, reason: `embedder ${options.embedder.id} given by the caller` }
    : await selectEmbedder({ modelsDir: config.modelsDir, modelId: config.embeddingModel, prefer: config.embedder });
  return newContext({
    config,
    clock: base.clock,
    ids: options.ids ?? randomIds(() => base.clock.now()),
    log: base.log,
    database: base.database,
    tokenizer,
    embedder: selected.embedder,
    embedderReason: selected.reason,
  });
}

// Listens with a umask that keeps the socket 0600 from its first instant; returns the
// socket's identity, so that shutdown removes this socket and never one made there later.
async function listenPrivately(app: FastifyInstance, socketPath: string): Promise<SocketIdentity> {
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
  return socketIdentity(socketPath);
}

async function shutdown(
  reason: string,
  parts: {
    context: AppContext;
    app: FastifyInstance;
    scheduler: JobScheduler;
    checkpointer: IdleCheckpointer;
    reconfirmations: ReconfirmFlusher;
    lock: DatabaseLock;
    socket: SocketIdentity;
  },
): Promise<StopOutcome> {
  const { context, app, scheduler, checkpointer, reconfirmations, lock, socket } = parts;
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
  // After the last request: every re-confirmation it queued is written before the database closes.
  reconfirmations.stop();
  const failure = reconfirmations.flushLast();
  const problem = failure === null ? null : lostReconfirmations(context.database.path, failure.error);
  if (problem !== null) logger.error({ err: failure?.error, reason }, problem);
  checkpointer.stop();
  context.database.close();
  lock.release();
  // Node removes the path when the server closes (libuv unlinks it), so by now another
  // daemon may serve a socket of its own there: only this daemon's own socket is removed.
  removeSocketFile(context.config.socketPath, socket);
  logger.info({ reason }, 'stopped');
  context.log.files.close();
  return problem === null ? { clean: true } : { clean: false, problem };
}

// Why the shutdown is not clean when the last flush of the queued re-confirmations failed:
// a sentence naming the database and the cause, logged with the error. A file memoryd
// cannot use is named here already: its cause is SQLite's own error.
function lostReconfirmations(dbPath: string, error: unknown): string {
  const cause = error instanceof UnusableDatabaseError ? error.cause : error;
  return (
    `the queued fact re-confirmations could not be written to the database ${dbPath} before it closed (${messageOf(cause)}): they are lost; ` +
    'the facts keep their previous confirmation time'
  );
}

function once<T>(fn: (reason: string) => Promise<T>): (reason: string) => Promise<T> {
  let running: Promise<T> | null = null;
  return (reason) => (running ??= fn(reason));
}
