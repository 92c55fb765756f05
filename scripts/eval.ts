// npm run eval -- <name> [args…]: runs one evaluation from src/eval and sets the exit code.
import { runNamed } from '../src/cli/run-named.js';

const evaluations = {
  'topic-shift': () => import('../src/eval/topic-shift-eval.js'),
  facts: () => import('../src/eval/facts-eval.js'),
  dedup: () => import('../src/eval/dedup-eval.js'),
  locomo: () => import('../src/eval/locomo-eval.js'),
};

process.exitCode = await runNamed('eval', evaluations, process.argv.slice(2), { noun: 'evaluation' });
