import { describe, expect, it } from 'vitest';
import { MetricsRegistry } from '../../src/metrics/registry.js';
import { daemonPerFile } from '../helpers/test-daemon.js';

// Prometheus convention: a metric without labels exposes its one series from the start
// (`name 0`), so a rule on it sees a value, not an absent series, before its first change.
const file = daemonPerFile();

const UNLABELLED_COUNTERS = [
  'memoryd_context_overflows_total',
  'memoryd_cache_hits_total',
  'memoryd_dedup_hits_total',
  'memoryd_cache_misses_total',
  'memoryd_summaries_total',
  'memoryd_log_lines_dropped_total',
];
const HISTOGRAMS = ['memoryd_prompt_tokens', 'memoryd_compile_ms', 'memoryd_context_ms', 'memoryd_window_turns'];

function samples(text: string): string[] {
  return text.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
}

describe('GET /v1/metrics of a daemon that has done nothing yet', () => {
  it('shows every counter without labels at 0, and the histograms with no observation', async () => {
    const lines = samples(await file.client.metrics());
    for (const name of UNLABELLED_COUNTERS) expect(lines).toContain(`${name} 0`);
    for (const name of HISTOGRAMS) expect(lines).toEqual(expect.arrayContaining([`${name}_count 0`, `${name}_sum 0`, `${name}_bucket{le="+Inf"} 0`]));
    expect(lines.some((line) => line.startsWith('memoryd_uptime_seconds '))).toBe(true);
  });

  it('counts up from that 0 once something happens', async () => {
    await file.client.context('chat', { message: 'Where did I stay in Peru?' });
    await file.client.recordTurn('chat', { role: 'assistant', content: 'In Cusco.', cacheable: true });
    await file.client.context('chat', { message: 'Where did I stay in Peru?' });
    const lines = samples(await file.client.metrics());
    expect(lines).toContain('memoryd_cache_hits_total 1');
    expect(lines).toContain('memoryd_dedup_hits_total 0');
  });

  it('counts a wrong method on a known path under that route, an unknown path as unmatched', async () => {
    expect((await file.client.raw('DELETE', '/v1/health')).status).toBe(405);
    expect((await file.client.raw('GET', '/v1/nowhere')).status).toBe(404);
    const lines = samples(await file.client.metrics());
    expect(lines).toContain('memoryd_http_requests_total{route="/v1/health",status="405"} 1');
    expect(lines).toContain('memoryd_http_requests_total{route="unmatched",status="404"} 1');
  });
});

describe('the metrics registry', () => {
  it('renders a counter or a gauge without labels as `name 0` before it moves, and a labelled one with no series', () => {
    const registry = new MetricsRegistry();
    registry.counter('x_total', 'x');
    registry.gauge('g', 'g');
    registry.counter('y_total', 'y', ['kind']);
    registry.gauge('h', 'h', ['kind']);
    expect(samples(registry.render())).toEqual(['x_total 0', 'g 0']);
  });

  it("keeps a series to the metric's own labels: others do not type-check, and one that slips past the types never throws after a commit", () => {
    const registry = new MetricsRegistry();
    const plain = registry.counter('x_total', 'x');
    const byKind = registry.counter<{ kind: string }>('y_total', 'y', ['kind']);
    const gauge = registry.gauge<{ kind: string }>('g', 'g', ['kind']);
    // @ts-expect-error a metric without labels takes none
    plain.inc({ kind: 'a' });
    // @ts-expect-error a labelled metric needs its labels
    byKind.inc();
    // @ts-expect-error a label the metric does not declare
    byKind.inc({ kind: 'a', extra: 'b' });
    // @ts-expect-error another label in place of the metric's
    gauge.set(1, { other: 'a' });
    plain.inc({}, 2);
    byKind.inc({ kind: 'a' });
    expect(samples(registry.render())).toEqual(['x_total 3', 'y_total{kind=""} 1', 'y_total{kind="a"} 2', 'g{kind=""} 1']);
  });
});
