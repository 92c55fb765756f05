import { defineRoute, Reply, type RouteSpec } from '../route.js';

export function metricsRoutes(deps: { render(): string }): RouteSpec[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/v1/metrics',
      summary: 'Prometheus text format: prompt tokens, compile latency, compressions, drops, overflows, cache hits, facts, shifts, window size',
      produces: 'text/plain',
      handler: () => Reply.text(deps.render(), 'text/plain; version=0.0.4; charset=utf-8'),
    }),
  ];
}
