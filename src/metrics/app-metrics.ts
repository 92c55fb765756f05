import type { UsageLevel } from '../compiler/compile-prompt.js';
import type { SummaryWork } from '../conversation/segment-summarizer.js';
import type { LensName } from '../layout/types.js';
import { MetricsRegistry, type Counter, type Gauge, type Histogram } from './registry.js';

/** A change to a fact, by a message or by `/v1/facts` (`edited`: by PATCH alone). */
export type FactChangeLabel = 'added' | 'edited' | 'reconfirmed' | 'superseded' | 'deleted';

/** Every metric memoryd exports on `GET /v1/metrics`, created once by the composition root. */
export interface AppMetrics {
  registry: MetricsRegistry;
  /** `route` is the route's path pattern (`/v1/facts/:id`), or `unmatched`. */
  httpRequests: Counter<{ route: string; status: string }>;
  promptTokens: Histogram;
  compileMs: Histogram;
  contextMs: Histogram;
  /** `truncate` when a section was cut after its lenses. */
  compressions: Counter<{ lens: LensName | 'truncate' }>;
  drops: Counter<{ section: string }>;
  overflows: Counter;
  thresholdCrossings: Counter<{ level: Exclude<UsageLevel, 'ok'> }>;
  cacheHits: Counter;
  dedupHits: Counter;
  cacheMisses: Counter;
  toolCacheLookups: Counter<{ result: 'hit' | 'miss' }>;
  facts: Counter<{ kind: FactChangeLabel }>;
  /** A `ShiftReason`: similarity, phrase or domain. */
  topicShifts: Counter<{ reason: string }>;
  summariesCreated: Counter;
  summaryWork: Counter<{ work: SummaryWork }>;
  windowSize: Histogram;
  jobRuns: Counter<{ job: string; outcome: 'ok' | 'error' }>;
  logLinesDropped: Counter;
  uptime: Gauge;
}

export function createAppMetrics(): AppMetrics {
  const registry = new MetricsRegistry();
  return {
    registry,
    httpRequests: registry.counter('memoryd_http_requests_total', 'HTTP requests by route and status', ['route', 'status']),
    promptTokens: registry.histogram('memoryd_prompt_tokens', 'tokens of each compiled prompt', [250, 500, 1000, 1500, 2000, 2500, 3000, 3500, 4000, 8000]),
    compileMs: registry.histogram('memoryd_compile_ms', 'in-process prompt compile time (layout and render), ms', [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 50]),
    contextMs: registry.histogram('memoryd_context_ms', 'whole context call in the daemon (ingest and compile), ms', [0.25, 0.5, 1, 2, 5, 10, 25, 100, 1000]),
    compressions: registry.counter('memoryd_layout_compressions_total', 'compressions applied by the layout, per lens', ['lens']),
    drops: registry.counter('memoryd_layout_drops_total', 'sections dropped by the layout, per section', ['section']),
    overflows: registry.counter('memoryd_context_overflows_total', 'context calls refused because the critical sections exceed the budget'),
    thresholdCrossings: registry.counter('memoryd_context_threshold_total', 'prompts at or above a usage threshold, per level', ['level']),
    cacheHits: registry.counter('memoryd_cache_hits_total', 'context calls answered from the response cache'),
    dedupHits: registry.counter('memoryd_dedup_hits_total', 'context calls answered by intent dedup'),
    cacheMisses: registry.counter('memoryd_cache_misses_total', 'context calls whose message the cache may answer, with no cached answer'),
    toolCacheLookups: registry.counter('memoryd_tool_cache_lookups_total', 'tool-cache lookups, per result (hit, miss)', ['result']),
    facts: registry.counter(
      'memoryd_facts_total',
      'fact changes by messages and by /v1/facts, per kind (added, reconfirmed, superseded, deleted; edited by PATCH)',
      ['kind'],
    ),
    topicShifts: registry.counter('memoryd_topic_shifts_total', 'topic shifts detected, per reason', ['reason']),
    summariesCreated: registry.counter('memoryd_summaries_total', 'summaries written'),
    summaryWork: registry.counter(
      'memoryd_summary_work_total',
      'segment summaries computed ahead of time (prepared; failed when that threw), ready when their segment closed (anticipated), or computed at closing (computed)',
      ['work'],
    ),
    windowSize: registry.histogram('memoryd_window_turns', 'active window size in turns at each context call', [2, 4, 5, 6, 7, 8, 12]),
    jobRuns: registry.counter('memoryd_job_runs_total', 'job runs, per job and outcome', ['job', 'outcome']),
    logLinesDropped: registry.counter(
      'memoryd_log_lines_dropped_total',
      'log lines the log files could not take (a full disk), dropped; a discardable record is refused with a 503 instead',
    ),
    uptime: registry.gauge('memoryd_uptime_seconds', 'seconds since the daemon started'),
  };
}
