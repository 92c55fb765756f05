import { validate as isValidCron, validateDetailed as cronProblems } from 'node-cron';
import { modelIdProblem, MODEL_ID_FORM } from '../embeddings/model-files.js';
import { ENCODINGS } from '../tokens/tokenizer.js';

/** One environment variable: its default, what it allows, and how to read it. */
export interface Setting<T> {
  env: string;
  default: string;
  allowed: string;
  description: string;
  /** The value, or undefined when `raw` is not allowed. */
  parse(raw: string): T | undefined;
  /** Why `raw` is not allowed, when more can be said than `allowed` (which field of a cron expression is wrong). */
  whyNot?(raw: string): string | undefined;
}

function integer(env: string, def: number, min: number, max: number, description: string): Setting<number> {
  return {
    env,
    default: String(def),
    allowed: `an integer from ${min} to ${max}`,
    description,
    parse: (raw) => {
      // Written as a person would: an explicit "+" as well as leading zeros ("+4000", "04000").
      if (!/^[+-]?\d+$/.test(raw)) return undefined;
      const value = Number(raw);
      return value >= min && value <= max ? value : undefined;
    },
  };
}

function decimal(env: string, def: number, min: number, max: number, description: string): Setting<number> {
  return {
    env,
    default: String(def),
    allowed: `a number from ${min} to ${max}`,
    description,
    parse: (raw) => {
      if (!/^[+-]?\d+(\.\d+)?$/.test(raw)) return undefined;
      const value = Number(raw);
      return value >= min && value <= max ? value : undefined;
    },
  };
}

function oneOf<T extends string>(env: string, values: readonly T[], def: T, description: string): Setting<T> {
  return {
    env,
    default: def,
    allowed: `one of ${values.join(', ')}`,
    description,
    parse: (raw) => values.find((value) => value === raw),
  };
}

function path(env: string, def: string, description: string): Setting<string> {
  return {
    env,
    default: def,
    allowed: 'a path (relative paths resolve under the data dir)',
    description,
    parse: (raw) => (raw.includes('\0') ? undefined : raw),
  };
}

function cron(env: string, def: string, description: string): Setting<string> {
  return {
    env,
    default: def,
    allowed: 'a cron expression (5 or 6 fields)',
    description,
    parse: (raw) => (isValidCron(raw) ? raw : undefined),
    // node-cron's own words, e.g. "61 is a invalid expression for minute".
    whyNot: (raw) => cronProblems(raw).errors.map((error) => error.message).join('; ') || undefined,
  };
}

const MIB = 1024 * 1024;

/**
 * Every setting memoryd reads from the environment. The README's configuration table
 * mirrors this list.
 */
export const SETTINGS = {
  dataDir: {
    env: 'MEMORYD_DATA_DIR',
    default: './data',
    allowed: 'a path (relative to the working directory)',
    description: 'where the database, socket, logs and models live',
    parse: (raw: string) => (raw.includes('\0') ? undefined : raw),
  } satisfies Setting<string>,
  socket: path('MEMORYD_SOCKET', 'memoryd.sock', 'the Unix socket the API is served on'),
  db: path('MEMORYD_DB', 'memoryd.db', 'the SQLite database file'),
  logsDir: path('MEMORYD_LOGS_DIR', 'logs', 'the discardable logs (24 h TTL)'),
  modelsDir: path('MEMORYD_MODELS_DIR', 'models', 'where `npm run fetch-model` puts the embedding model'),
  systemPromptFile: path('MEMORYD_SYSTEM_PROMPT', 'system-prompt.md', 'replaces the built-in system prompt when the file exists'),
  tokenCap: integer('MEMORYD_TOKEN_CAP', 4000, 512, 1_000_000, 'hard cap on the tokens of every compiled prompt'),
  tokenizer: oneOf('MEMORYD_TOKENIZER', ENCODINGS, 'cl100k_base', 'the js-tiktoken encoding tokens are counted with'),
  warningPercent: integer('MEMORYD_WARNING_PERCENT', 70, 1, 100, 'a prompt at this share of its budget or more is at level `warning` (logged and counted)'),
  compressPercent: integer('MEMORYD_COMPRESS_PERCENT', 80, 1, 100, 'a prompt at this share of its budget or more is at level `compress`'),
  criticalPercent: integer('MEMORYD_CRITICAL_PERCENT', 90, 1, 100, 'a prompt at this share of its budget or more is at level `critical`'),
  logLevel: oneOf(
    'MEMORYD_LOG_LEVEL',
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const,
    'info',
    'the lowest level written to the log files',
  ),
  embedder: oneOf(
    'MEMORYD_EMBEDDER',
    ['auto', 'hashing', 'transformers'] as const,
    'auto',
    'auto: the model when it is on disk, else the hashing fallback',
  ),
  embeddingModel: {
    env: 'MEMORYD_EMBEDDING_MODEL',
    default: 'Xenova/all-MiniLM-L6-v2',
    allowed: `a model id: ${MODEL_ID_FORM}`,
    description: 'the transformers.js model loaded from the models dir',
    parse: (raw: string) => (modelIdProblem(raw) === null ? raw : undefined),
    whyNot: (raw: string) => modelIdProblem(raw) ?? undefined,
  } satisfies Setting<string>,
  decaySchedule: cron('MEMORYD_DECAY_SCHEDULE', '17 3 * * *', 'when the fact decay job runs (daily by default)'),
  cleanupSchedule: cron('MEMORYD_CLEANUP_SCHEDULE', '7 * * * *', 'when the TTL cleanup of logs and caches runs (hourly)'),
  dedupThreshold: decimal('MEMORYD_DEDUP_THRESHOLD', 0.85, 0.5, 1, 'similarity above which a rephrased question reuses an answer'),
  maxBodyBytes: integer('MEMORYD_MAX_BODY_BYTES', MIB, 1024, 64 * MIB, 'largest request body accepted (413 above)'),
  maxMessageBytes: integer('MEMORYD_MAX_MESSAGE_BYTES', 256 * 1024, 256, 64 * MIB, 'largest single text: a message, reply, tool result or description, discardable record or cached tool result (413 above)'),
  shutdownTimeoutMs: integer('MEMORYD_SHUTDOWN_TIMEOUT_MS', 4000, 100, 60_000, 'how long shutdown waits for requests in flight'),
  windowDefault: integer('MEMORYD_WINDOW_DEFAULT', 6, 1, 64, 'active window in turns, by default'),
  windowMin: integer('MEMORYD_WINDOW_MIN', 4, 1, 64, 'active window under low continuity or pressure'),
  windowMax: integer('MEMORYD_WINDOW_MAX', 8, 1, 64, 'active window under high continuity'),
  maxWindowTokens: integer('MEMORYD_MAX_WINDOW_TOKENS', 1200, 50, 100_000, 'the window never holds more tokens'),
  segmentSize: integer('MEMORYD_SEGMENT_SIZE', 3, 1, 64, 'turns per segment before it closes into a summary'),
  maxSummaries: integer('MEMORYD_MAX_SUMMARIES', 4, 0, 64, 'active summaries per session'),
  maxSummaryTokens: integer('MEMORYD_MAX_SUMMARY_TOKENS', 50, 20, 1000, 'tokens per summary'),
  totalSummariesMax: integer('MEMORYD_TOTAL_SUMMARIES_MAX', 200, 20, 10_000, 'tokens of summaries in one prompt'),
  maxArchivedSummaries: integer('MEMORYD_MAX_ARCHIVED_SUMMARIES', 200, 0, 100_000, 'archived summaries kept per session (older ones are deleted in batches, once the archive holds an eighth more)'),
  anticipatedSummaries: integer('MEMORYD_ANTICIPATED_SUMMARIES', 8, 0, 64, 'segment summaries prepared ahead of time, while the user reads an answer (0: none)'),
  pressureTokens: integer('MEMORYD_PRESSURE_TOKENS', 3000, 100, 1_000_000, 'context size that forces aggressive summarisation'),
  warmUpExchanges: integer('MEMORYD_WARM_UP_EXCHANGES', 24, 0, 200, 'exchanges of a canned chat replayed into a throw-away scratch daemon after start, so the first real requests run warm (0: none)'),
  heapGrowthPercent: integer('MEMORYD_HEAP_GROWTH_PERCENT', 50, 0, 300, 'garbage the JS heap may hold past its live size before a full collection, in % (0: V8 decides)'),
} as const;

export type SettingName = keyof typeof SETTINGS;
