import { isAbsolute, resolve } from 'node:path';
import { ConfigError, type FieldIssue } from '../errors.js';
import type { EncodingName } from '../tokens/tokenizer.js';
import { crossSettingIssues, type SettingReading } from './cross-checks.js';
import { SETTINGS, type Setting } from './settings.js';

export { maxSocketPathBytes } from './cross-checks.js';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
export type EmbedderPreference = 'auto' | 'hashing' | 'transformers';

/** Conversation-tier parameters of the spec §2. */
export interface WindowParams {
  windowDefault: number;
  windowMin: number;
  windowMax: number;
  maxWindowTokens: number;
  segmentSize: number;
  maxSummaries: number;
  maxSummaryTokens: number;
  totalSummariesMax: number;
  maxArchivedSummaries: number;
  /** Summaries of segments expected to close, computed when an assistant turn is recorded; 0 turns it off. */
  anticipatedSummaries: number;
  pressureTokens: number;
}

/** Everything memoryd can be told, validated once at start. Paths are absolute. */
export interface Config {
  dataDir: string;
  socketPath: string;
  dbPath: string;
  logsDir: string;
  modelsDir: string;
  systemPromptFile: string;
  tokenCap: number;
  tokenizer: EncodingName;
  logLevel: LogLevel;
  verbose: boolean;
  embedder: EmbedderPreference;
  embeddingModel: string;
  decaySchedule: string;
  cleanupSchedule: string;
  dedupThreshold: number;
  maxBodyBytes: number;
  maxMessageBytes: number;
  shutdownTimeoutMs: number;
  /** Applied by the daemon's entry point only (`npm start`), after it listens; 0: no warm-up. */
  warmUpExchanges: number;
  /** Applied by the daemon's entry point only (a process-wide V8 setting). */
  heapGrowthPercent: number;
  window: WindowParams;
  /** The usage levels' thresholds, in % of a prompt's budget (spec §2: 70, 80, 90). */
  usageThresholds: UsageThresholds;
}

/** Where a prompt's usage of its budget reaches each level, in % (warning ≤ compress ≤ critical). */
export interface UsageThresholds {
  warning: number;
  compress: number;
  critical: number;
}

export type Environment = Readonly<Record<string, string | undefined>>;

/**
 * Reads every `MEMORYD_*` variable, applies defaults and validates them all at once, so
 * a bad start names every wrong variable and what it allows. `cwd` anchors relative
 * data dirs; other relative paths resolve under the data dir.
 */
export function loadConfig(
  env: Environment,
  options: { cwd: string; verbose?: boolean; platform?: NodeJS.Platform },
): Config {
  const issues: FieldIssue[] = [];
  // How each variable was read, for the rules between settings to name values and sources.
  const readings = new Map<string, SettingReading>();
  const read = <T>(setting: Setting<T>): T => {
    const raw = env[setting.env];
    const given = raw !== undefined && raw.trim() !== '';
    const text = given ? raw.trim() : setting.default;
    const value = setting.parse(text);
    readings.set(setting.env, { text, set: given, refused: value === undefined });
    if (value !== undefined) return value;
    const why = given ? setting.whyNot?.(raw.trim()) : undefined;
    issues.push({ path: setting.env, message: `must be ${setting.allowed} (got ${JSON.stringify(raw)}${why === undefined ? '' : `: ${why}`})` });
    // A placeholder keeps reading the other settings so one start reports every mistake.
    return setting.parse(setting.default) as T;
  };

  const dataDir = resolve(options.cwd, read(SETTINGS.dataDir));
  const underData = (path: string): string => (isAbsolute(path) ? path : resolve(dataDir, path));
  const window: WindowParams = {
    windowDefault: read(SETTINGS.windowDefault),
    windowMin: read(SETTINGS.windowMin),
    windowMax: read(SETTINGS.windowMax),
    maxWindowTokens: read(SETTINGS.maxWindowTokens),
    segmentSize: read(SETTINGS.segmentSize),
    maxSummaries: read(SETTINGS.maxSummaries),
    maxSummaryTokens: read(SETTINGS.maxSummaryTokens),
    totalSummariesMax: read(SETTINGS.totalSummariesMax),
    maxArchivedSummaries: read(SETTINGS.maxArchivedSummaries),
    anticipatedSummaries: read(SETTINGS.anticipatedSummaries),
    pressureTokens: read(SETTINGS.pressureTokens),
  };
  const config: Config = {
    dataDir,
    socketPath: underData(read(SETTINGS.socket)),
    dbPath: underData(read(SETTINGS.db)),
    logsDir: underData(read(SETTINGS.logsDir)),
    modelsDir: underData(read(SETTINGS.modelsDir)),
    systemPromptFile: underData(read(SETTINGS.systemPromptFile)),
    tokenCap: read(SETTINGS.tokenCap),
    tokenizer: read(SETTINGS.tokenizer),
    logLevel: read(SETTINGS.logLevel),
    verbose: options.verbose ?? false,
    embedder: read(SETTINGS.embedder),
    embeddingModel: read(SETTINGS.embeddingModel),
    decaySchedule: read(SETTINGS.decaySchedule),
    cleanupSchedule: read(SETTINGS.cleanupSchedule),
    dedupThreshold: read(SETTINGS.dedupThreshold),
    maxBodyBytes: read(SETTINGS.maxBodyBytes),
    maxMessageBytes: read(SETTINGS.maxMessageBytes),
    shutdownTimeoutMs: read(SETTINGS.shutdownTimeoutMs),
    warmUpExchanges: read(SETTINGS.warmUpExchanges),
    heapGrowthPercent: read(SETTINGS.heapGrowthPercent),
    window,
    usageThresholds: { warning: read(SETTINGS.warningPercent), compress: read(SETTINGS.compressPercent), critical: read(SETTINGS.criticalPercent) },
  };
  issues.push(...crossSettingIssues(config, readings, { platform: options.platform ?? process.platform, cwd: options.cwd }));
  if (issues.length > 0) {
    const lines = issues.map((issue) => `  ${issue.path}: ${issue.message}`).join('\n');
    throw new ConfigError(`invalid configuration:\n${lines}`, issues);
  }
  return config;
}
