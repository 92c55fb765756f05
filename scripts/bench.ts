// npm run bench -- [name] [args…]: runs the named benchmark with its arguments (layout and context when none is named).
import { runNamed } from '../src/cli/run-named.js';

const benchmarks = {
  layout: () => import('../src/bench/layout-bench.js'),
  context: () => import('../src/bench/context-bench.js'),
  load: () => import('../src/bench/load-bench.js'),
  cache: () => import('../src/bench/cache-bench.js'),
  'hot-path': () => import('../src/bench/hot-path-bench.js'),
  facts: () => import('../src/bench/facts-bench.js'),
  start: () => import('../src/bench/start-bench.js'),
};

process.exitCode = await runNamed('bench', benchmarks, process.argv.slice(2), { noun: 'benchmark', runAllWhenEmpty: ['layout', 'context'] });
