import { readFileSync } from 'node:fs';
import type { RouteSpec } from './api/route.js';
import { toolCacheRoutes } from './api/routes/cache.js';
import { discardRoutes } from './api/routes/discard.js';
import { factsRoutes } from './api/routes/facts.js';
import { metricsRoutes } from './api/routes/metrics.js';
import { sessionsRoutes } from './api/routes/sessions.js';
import { systemRoutes } from './api/routes/system.js';
import type { HealthResponse } from './api/schemas/health.js';
import { createAnswerStore } from './cache/answer-store.js';
import { ResponseCache } from './cache/response-cache.js';
import { ToolCache } from './cache/tool-cache.js';
import type { Clock } from './clock.js';
import { runContextCall, type ContextDeps, type ContextRequest, type ContextOutcome } from './compiler/context-service.js';
import { countFrames } from './compiler/frames.js';
import { SummaryArchiveCache } from './compiler/summary-retrieval.js';
import { loadSystemPrompt } from './compiler/system-prompt.js';
import { DEFAULT_FORMAT_INSTRUCTIONS } from './compiler/system-prompt-text.js';
import { ToolCatalog } from './compiler/tool-catalog.js';
import type { Config } from './config/config.js';
import { markOutputInvalid } from './conversation/output-validity.js';
import { recordReply, type AnswerStore } from './conversation/record-reply.js';
import { SegmentSummarizer, type SummaryWork } from './conversation/segment-summarizer.js';
import { eraseSessionRows, withLogLinesErased } from './conversation/erase-session.js';
import { truncateWal, withSecureDelete } from './storage/secure-delete.js';
import { endSession, sessionView } from './conversation/session-view.js';
import { TurnVectors } from './conversation/turn-vectors.js';
import type { RecorderDeps } from './conversation/turn-recorder.js';
import { lastErrorForRetry } from './discardable/error-log.js';
import { OFF_STDERR, type LogSink } from './discardable/logger.js';
import type { Embedder } from './embeddings/embedder.js';
import { createFactsService, type FactsService } from './facts/facts-service.js';
import { messageOf } from './errors.js';
import type { IdGenerator } from './ids.js';
import { ContextCriticalOverflowError } from './layout/index.js';
import { watchDatabaseFile, type DatabaseFileWatch } from './lifecycle/database-file-watch.js';
import { createAppMetrics, type AppMetrics } from './metrics/app-metrics.js';
import { recordContextMetrics, recordSummariesWritten } from './metrics/context-metrics.js';
import { SessionStats } from './metrics/session-stats.js';
import { ConversationStore } from './storage/conversation-store.js';
import type { Database } from './storage/database.js';
import { lastWriteFailure, onAfterCommitError, runInTransaction } from './storage/transaction.js';
import { toChunk } from './tokens/chunks.js';
import type { Tokenizer } from './tokens/tokenizer.js';

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

/** The domain services, built once from the context. */
export interface Services {
  recorder: RecorderDeps;
  facts: FactsService;
  responseCache: ResponseCache;
  toolCache: ToolCache;
  answers: AnswerStore;
  stats: SessionStats;
  contextDeps: ContextDeps;
  systemVersion: string;
}

export function newContext(base: Omit<AppContext, 'metrics' | 'version' | 'startedAt'>): AppContext {
  const metrics = createAppMetrics();
  base.log.files.onDropped((lines) => metrics.logLinesDropped.inc({}, lines));
  return { ...base, metrics, version: readVersion(), startedAt: base.clock.now() };
}

/** Builds the tiers and the compiler; re-embeds stale fact vectors and loads the indexes. */
export async function buildServices(context: AppContext): Promise<Services> {
  const { config, clock, ids, database, tokenizer, embedder } = context;
  const logger = context.log.logger;
  onAfterCommitError(database, (error) =>
    logger.error({ part: 'storage', err: error }, 'an in-memory index update failed after a commit: the write is on disk; a restart rebuilds the indexes from it'),
  );
  const responseCache = new ResponseCache({ db: database.db, clock, embedder, dedupThreshold: config.dedupThreshold });
  const facts = createFactsService({
    database,
    embedder,
    tokenizer,
    clock,
    ids,
    // A cached answer never contradicts current facts: any fact change drops every answer (see invalidateAll).
    onFactsChanged: (scope) => void responseCache.invalidateAll(scope),
  });
  const started = await facts.start();
  logger.info({ part: 'facts', ...started }, 'facts index loaded');
  const countWork = (work: SummaryWork): void => context.metrics.summaryWork.inc({ work });
  const summarizer = new SegmentSummarizer(tokenizer, config.window.maxSummaryTokens, config.window.anticipatedSummaries, countWork);
  const recorder: RecorderDeps = { store: new ConversationStore(database), clock, ids, tokenizer, embedder, summarizer, vectors: new TurnVectors(), config };
  const system = runInTransaction(database, () => loadSystemPrompt({ db: database.db, tokenizer, now: clock.now(), tokenCap: config.tokenCap }, config.systemPromptFile));
  logger.info({ part: 'compiler', version: system.version, source: system.source, tokens: system.tokens }, 'system prompt loaded');
  const formatText = toChunk(DEFAULT_FORMAT_INSTRUCTIONS);
  const contextDeps: ContextDeps = {
    config,
    clock,
    database,
    recorder,
    frames: countFrames(tokenizer),
    system,
    format: { text: formatText, tokens: tokenizer.count(formatText) },
    facts,
    cache: responseCache,
    tools: new ToolCatalog(tokenizer, embedder),
    summaryArchive: new SummaryArchiveCache(),
    logger: logger.child({ part: 'compiler' }),
  };
  return {
    recorder,
    facts,
    responseCache,
    toolCache: new ToolCache({ database, clock }),
    answers: createAnswerStore({ embedder, cache: responseCache }),
    stats: new SessionStats(),
    contextDeps,
    systemVersion: system.version,
  };
}

/** Every route of the API, wired to the services. */
export function buildRoutes(context: AppContext, services: Services): RouteSpec[] {
  const { config, database, clock, metrics } = context;
  const routes: RouteSpec[] = [];
  routes.push(
    ...systemRoutes({ health: healthCheck(context), version: context.version, tokenCap: config.tokenCap, routes: () => routes }),
    ...sessionsRoutes({
      context: (request) => contextWithMetrics(context, services, request),
      // A recorded turn and the end of a session move the window too: their summaries count as a context call's do.
      reply: async (sessionId, input) => {
        const outcome = await recordReply({ recorder: services.recorder, database, config, answers: services.answers, facts: services.facts }, sessionId, input);
        recordSummariesWritten(metrics, outcome.recorded.window);
        return outcome;
      },
      view: (sessionId) => sessionView(services.recorder.store, sessionId),
      end: (sessionId) => {
        const outcome = runInTransaction(database, (scope) => endSession({ ...services.recorder, clock }, sessionId, scope));
        recordSummariesWritten(metrics, outcome);
        return outcome;
      },
      // With full secure delete, and the WAL truncated after: the erased rows' bytes are
      // zeroed in the file's pages, and no older page image keeps them (unless another
      // process holds a transaction open: the hourly cleanup truncates it then).
      erase: (sessionId) => {
        const rows = withSecureDelete(database.sqlite, () =>
          runInTransaction(database, (scope) =>
            eraseSessionRows(
              {
                db: database.db,
                store: services.recorder.store,
                vectors: services.recorder.vectors,
                summarizer: services.recorder.summarizer,
                summaryArchive: services.contextDeps.summaryArchive,
                cache: services.responseCache,
                forget: (id) => services.stats.forget(id),
              },
              sessionId,
              scope,
            ),
          ),
        );
        truncateWal(database.sqlite);
        return withLogLinesErased(config.logsDir, sessionId, rows);
      },
      stats: (sessionId) => services.stats.summary(sessionId),
      lastError: (sessionId) => {
        const last = lastErrorForRetry(database.db, sessionId, clock.now());
        return last === null ? null : { code: last.code, message: last.message, at: new Date(last.at).toISOString() };
      },
      systemVersion: services.systemVersion,
      tokenCap: config.tokenCap,
    }),
    ...factsRoutes({ facts: services.facts, onChange: (kind) => metrics.facts.inc({ kind }) }),
    ...toolCacheRoutes({
      toolCache: services.toolCache,
      maxMessageBytes: config.maxMessageBytes,
      onLookup: (result) => metrics.toolCacheLookups.inc({ result }),
    }),
    ...discardRoutes({
      database,
      clock,
      log: context.log,
      maxMessageBytes: config.maxMessageBytes,
      outputs: { markInvalid: (sessionId) => markOutputInvalid({ store: services.recorder.store, database }, sessionId) },
    }),
    ...metricsRoutes({
      render: () => {
        metrics.uptime.set(Math.round((clock.now() - context.startedAt) / 1000));
        return metrics.registry.render();
      },
    }),
  );
  return routes;
}

async function contextWithMetrics(context: AppContext, services: Services, request: ContextRequest): Promise<ContextOutcome> {
  const started = performance.now();
  try {
    const outcome = await runContextCall(services.contextDeps, request);
    recordContextMetrics(context.metrics, services.stats, request.sessionId, outcome, performance.now() - started);
    if (outcome.prompt.level !== 'ok' && !outcome.dryRun) {
      context.log.logger.warn(
        { part: 'compiler', ...OFF_STDERR, sessionId: request.sessionId, tokens: outcome.prompt.tokens, budget: outcome.prompt.budget, usageLevel: outcome.prompt.level },
        'prompt usage crossed a threshold',
      );
    }
    return outcome;
  } catch (error) {
    // A dry run moves no metric but its time (api.md: it changes nothing).
    if (error instanceof ContextCriticalOverflowError && request.dryRun !== true) context.metrics.overflows.inc();
    throw error;
  }
}

// The health check, and the watch on the database file it reports (which refuses writes
// while the file is not at its path: see watchDatabaseFile).
function healthCheck(context: AppContext): () => HealthResponse {
  const databaseFile = watchDatabaseFile(context.database, context.log.logger);
  return () => health(context, databaseFile);
}

function health(context: AppContext, databaseFile: DatabaseFileWatch): HealthResponse {
  const dbError = databaseProblem(context, databaseFile);
  const { embedder } = context;
  return {
    status: dbError === null ? 'ok' : 'degraded',
    version: context.version,
    uptimeS: Math.round((context.clock.now() - context.startedAt) / 1000),
    db: dbError === null ? 'ok' : 'error',
    ...(dbError === null ? {} : { dbError }),
    embedder: { id: embedder.id, dims: embedder.dims, kind: embedder.kind, reason: context.embedderReason },
    tokenizer: context.tokenizer.encoding,
    tokenCap: context.config.tokenCap,
  };
}

// What is wrong with the database, in words, or null: it does not answer, its file is no
// longer at its path, or the latest write failed with a storage error (until one commits).
function databaseProblem(context: AppContext, databaseFile: DatabaseFileWatch): string | null {
  const { database } = context;
  try {
    database.sqlite.prepare('select 1').get();
  } catch (error) {
    context.log.logger.error({ err: error, part: 'daemon' }, 'database health check failed');
    return `the database ${database.path} does not answer: ${messageOf(error)}`;
  }
  const gone = databaseFile.check();
  if (gone !== null) return gone;
  const failure = lastWriteFailure(database);
  if (failure === null) return null;
  return `the latest write to the database ${database.path} failed with ${failure.code} (${failure.message}); writes may fail until one succeeds again`;
}

function readVersion(): string {
  const packageJson = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: string };
  return packageJson.version ?? '0.0.0';
}
