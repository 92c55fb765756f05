import type { ContextOutcome } from '../compiler/context-service.js';
import type { WindowOutcome } from '../conversation/window-advance.js';
import type { AppMetrics } from './app-metrics.js';
import type { SessionStats } from './session-stats.js';

/**
 * Records one successful context call in the metrics and the session's stats. A dry run
 * changes nothing (api.md): only what it cost is measured, none of what it would have done.
 */
export function recordContextMetrics(metrics: AppMetrics, stats: SessionStats, sessionId: string, outcome: ContextOutcome, ms: number): void {
  const { prompt, window } = outcome;
  metrics.contextMs.observe(ms);
  metrics.compileMs.observe(outcome.compileMs);
  if (outcome.dryRun) return;
  metrics.promptTokens.observe(prompt.tokens);
  metrics.windowSize.observe(window.windowTurns.length);
  if (prompt.level !== 'ok') metrics.thresholdCrossings.inc({ level: prompt.level });
  for (const section of prompt.report.sections) {
    for (const action of section.actions) {
      if (action.kind === 'compressed') for (const lens of action.lenses) metrics.compressions.inc({ lens });
      if (action.kind === 'truncated') metrics.compressions.inc({ lens: 'truncate' });
      // An empty section the deficit reaches is reported dropped (token-box.md §2.4d) but loses nothing.
      if (action.kind === 'dropped' && section.base > 0) metrics.drops.inc({ section: section.id });
    }
  }
  for (const reason of outcome.shiftReasons) metrics.topicShifts.inc({ reason });
  recordSummariesWritten(metrics, window);
  const changes = outcome.factChanges;
  if (changes.added.length > 0) metrics.facts.inc({ kind: 'added' }, changes.added.length);
  if (changes.reconfirmed.length > 0) metrics.facts.inc({ kind: 'reconfirmed' }, changes.reconfirmed.length);
  if (changes.superseded.length > 0) metrics.facts.inc({ kind: 'superseded' }, changes.superseded.length);
  if (changes.deleted.length > 0) metrics.facts.inc({ kind: 'deleted' }, changes.deleted.length);
  if (outcome.cached?.source === 'cache') metrics.cacheHits.inc();
  if (outcome.cached?.source === 'dedup') metrics.dedupHits.inc();
  if (outcome.cacheMiss) metrics.cacheMisses.inc();
  stats.record(sessionId, prompt.tokens);
}

/**
 * Counts the summaries a committed window move wrote, whatever the route that moved it
 * (a context call, a recorded turn, the end of a session). Call it only once the
 * request's transaction has committed: a rolled-back move wrote nothing.
 */
export function recordSummariesWritten(metrics: AppMetrics, window: Pick<WindowOutcome, 'summariesCreated'>): void {
  if (window.summariesCreated.length > 0) metrics.summariesCreated.inc({}, window.summariesCreated.length);
}
