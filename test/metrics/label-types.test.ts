import { describe, expect, it } from 'vitest';
import { createAppMetrics } from '../../src/metrics/app-metrics.js';
import { MetricsRegistry } from '../../src/metrics/registry.js';

function samples(text: string): string[] {
  return text.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
}

// A metric is counted after the write it reports has committed: a wrong label is caught by
// tsc (the @ts-expect-error lines below fail the type-check if it ever compiles again),
// and at run time it can no longer throw and turn that committed write into a 500.
describe('metric labels', () => {
  it('are the declared ones, or the code does not type-check; a slip past the types still counts, without throwing', () => {
    const registry = new MetricsRegistry();
    const plain = registry.counter('x_total', 'x');
    const jobs = registry.counter<{ job: string; outcome: 'ok' | 'error' }>('jobs_total', 'jobs', ['job', 'outcome']);
    const gauge = registry.gauge<{ kind: string }>('g', 'g', ['kind']);

    // @ts-expect-error a metric without labels takes none
    expect(() => plain.inc({ kind: 'a' })).not.toThrow();
    // @ts-expect-error a labelled metric needs its labels
    expect(() => jobs.inc()).not.toThrow();
    // @ts-expect-error an outcome the metric does not declare
    expect(() => jobs.inc({ job: 'decay', outcome: 'maybe' })).not.toThrow();
    // @ts-expect-error a label the metric does not declare
    expect(() => jobs.inc({ job: 'decay', outcome: 'ok', extra: 'b' })).not.toThrow();
    // @ts-expect-error a missing label
    expect(() => jobs.inc({ job: 'decay' })).not.toThrow();
    // @ts-expect-error another label name
    expect(() => gauge.set(1, { other: 'a' })).not.toThrow();

    jobs.inc({ job: 'decay', outcome: 'ok' }, 2);
    // Every series keeps the metric's own labels, whatever it was given.
    expect(samples(registry.render())).toEqual([
      'x_total 1',
      'jobs_total{job="",outcome=""} 1',
      'jobs_total{job="decay",outcome=""} 1',
      'jobs_total{job="decay",outcome="maybe"} 1',
      'jobs_total{job="decay",outcome="ok"} 3',
      'g{kind=""} 1',
    ]);
  });

  it('refuses, when the registry is built, a metric that declares a label twice', () => {
    const registry = new MetricsRegistry();
    expect(() => registry.counter<{ kind: string }>('y_total', 'y', ['kind', 'kind'])).toThrow('metric y_total declares a label twice: [kind, kind]');
  });

  it('shows every label the app metrics declare on their series', () => {
    const metrics = createAppMetrics();
    metrics.httpRequests.inc({ route: '/v1/health', status: '200' });
    metrics.compressions.inc({ lens: 'truncate' });
    metrics.drops.inc({ section: 'tools' });
    metrics.thresholdCrossings.inc({ level: 'warning' });
    metrics.toolCacheLookups.inc({ result: 'hit' });
    metrics.facts.inc({ kind: 'added' }, 3);
    metrics.topicShifts.inc({ reason: 'phrase' });
    metrics.summaryWork.inc({ work: 'prepared' });
    metrics.jobRuns.inc({ job: 'decay', outcome: 'error' });
    metrics.uptime.set(7);
    const lines = samples(metrics.registry.render());
    expect(lines).toEqual(
      expect.arrayContaining([
        'memoryd_http_requests_total{route="/v1/health",status="200"} 1',
        'memoryd_layout_compressions_total{lens="truncate"} 1',
        'memoryd_layout_drops_total{section="tools"} 1',
        'memoryd_context_threshold_total{level="warning"} 1',
        'memoryd_tool_cache_lookups_total{result="hit"} 1',
        'memoryd_facts_total{kind="added"} 3',
        'memoryd_topic_shifts_total{reason="phrase"} 1',
        'memoryd_summary_work_total{work="prepared"} 1',
        'memoryd_job_runs_total{job="decay",outcome="error"} 1',
        'memoryd_uptime_seconds 7',
      ]),
    );
    // @ts-expect-error the facts metric counts kinds of change, not statuses
    metrics.facts.inc({ kind: 'stale' });
    // @ts-expect-error a job run's outcome is ok or error
    metrics.jobRuns.inc({ job: 'decay', outcome: 'failed' });
  });
});
