import { describe, expect, it } from 'vitest';
import type { ContextRequestBody } from '../../src/api/schemas/sessions.js';
import { syntheticConversation } from '../../src/bench/synthetic-conversation.js';
import {
  parseStartArgs,
  runFigures,
  startOrder,
  startReport,
  timeContextCalls,
  variantFigures,
  type StartRunSample,
} from '../../src/bench/start-bench.js';

const MIB = 1024 * 1024;
const repeat = (value: number, times: number): number[] => Array.from({ length: times }, () => value);
const sample = (variant: string, start: number, healthyMs: number, rssBytes: number | null, callMs: number[]): StartRunSample => ({
  variant,
  start,
  healthyMs,
  rssBytes,
  callMs,
});

// Three starts with warm-up, one without; 12 calls each. Per start (warm-up on):
//   start 1: first 20, mean 1–10 (20 + 9×2)/10 = 3.8, mean 11–12 (1 + 45)/2 = 23, slowest 45
//   start 3: first 12, mean 1–10 (12 + 9×3)/10 = 3.9, mean 11–12 2, slowest 12
//   start 5: first 30, mean 1–10 (30 + 9×2)/10 = 4.8, mean 11–12 4, slowest 30
const SAMPLES: StartRunSample[] = [
  sample('warm-up on', 1, 300, 80 * MIB, [20, ...repeat(2, 9), 1, 45]),
  sample('warm-up off', 2, 100, 60 * MIB, [500, ...repeat(50, 11)]),
  sample('warm-up on', 3, 250, null, [12, ...repeat(3, 9), 2, 2]),
  sample('warm-up on', 5, 400, 90 * MIB, [30, ...repeat(2, 9), 4, 4]),
];

describe('the start benchmark flags', () => {
  it('default to 6 starts per variant, 30 calls, a 2 s pause and seed 42', () => {
    expect(parseStartArgs([])).toEqual({ runs: 6, calls: 30, pauseMs: 2000, seed: 42 });
    expect(parseStartArgs(['--runs', '2', '--calls', '20', '--pause-ms', '0', '--seed=-3'])).toEqual({ runs: 2, calls: 20, pauseMs: 0, seed: -3 });
  });

  it('name the flag that is wrong', () => {
    expect(() => parseStartArgs(['--runs', '0'])).toThrow('--runs must be a positive integer');
    expect(() => parseStartArgs(['--runs', ''])).toThrow('--runs');
    expect(() => parseStartArgs(['--calls', '2.5'])).toThrow('--calls');
    expect(() => parseStartArgs(['--pause-ms=-1'])).toThrow('--pause-ms must be a non-negative whole number');
    expect(() => parseStartArgs(['--seed', 'x'])).toThrow('--seed');
    expect(() => parseStartArgs(['--turns', '10'])).toThrow('unknown option --turns (it takes --runs, --calls, --pause-ms, --seed)');
    expect(() => parseStartArgs(['--runs'])).toThrow('--runs needs a value');
  });
});

describe('the start order', () => {
  it('starts the variants in turn, each the given number of times', () => {
    expect(startOrder(3).map((variant) => variant.name)).toEqual(['warm-up on', 'warm-up off', 'warm-up on', 'warm-up off', 'warm-up on', 'warm-up off']);
    expect(startOrder(2)[1]?.env).toEqual({ MEMORYD_WARM_UP_EXCHANGES: '0' });
  });
});

describe('timing the first context calls', () => {
  it('sends the first N user turns of the seeded chat with their answers in between, and times only the context calls', async () => {
    let clock = 0;
    const sent: Array<{ kind: 'context'; body: ContextRequestBody } | { kind: 'reply'; content: string }> = [];
    const target = {
      context: async (body: ContextRequestBody) => {
        sent.push({ kind: 'context', body });
        clock += sent.filter((request) => request.kind === 'context').length; // the k-th call takes k ms
      },
      reply: async (content: string) => {
        sent.push({ kind: 'reply', content });
        clock += 1000;
      },
    };
    const calls = 60;
    const times = await timeContextCalls(target, calls, 7, () => clock);

    expect(times).toEqual(Array.from({ length: calls }, (_, i) => i + 1));
    const exchanges = syntheticConversation({ seed: 7 });
    const expected = Array.from({ length: calls }, () => exchanges.next().value).flatMap((exchange, i) => {
      const body = exchange.toolResult === null ? { message: exchange.user } : { message: exchange.user, toolResults: [exchange.toolResult] };
      const context = { kind: 'context' as const, body };
      return i === calls - 1 ? [context] : [context, { kind: 'reply' as const, content: exchange.assistant }];
    });
    expect(sent).toEqual(expected);
    // The chat of seed 7 brings a tool result within its first 60 user turns, so that path is covered.
    expect(sent.some((request) => request.kind === 'context' && request.body.toolResults !== undefined)).toBe(true);
  });
});

describe('the start figures', () => {
  it('split one start into its first call, the mean of calls 1–10 and of the rest, and its slowest', () => {
    expect(runFigures(SAMPLES[0] as StartRunSample)).toEqual({ healthyMs: 300, rssBytes: 80 * MIB, firstMs: 20, earlyMeanMs: 3.8, laterMeanMs: 23, slowestMs: 45 });
    const short = runFigures(sample('warm-up on', 1, 1, null, [9, 3]));
    expect(short.earlyMeanMs).toBe(6);
    expect(short.laterMeanMs).toBeNaN();
  });

  it('aggregate a variant over its own starts only: medians, the first call’s max and the slowest of all', () => {
    expect(variantFigures('warm-up on', SAMPLES)).toEqual({
      name: 'warm-up on',
      runs: 3,
      healthyMs: 300, // of 250, 300, 400 (the warm-up-off start's 100 would make it 250)
      rssBytes: 80 * MIB, // of the two starts that have one, the lower by nearest rank
      firstMedianMs: 20,
      firstMaxMs: 30,
      earlyMeanMs: 3.9,
      laterMeanMs: 4, // of 2, 4, 23
      slowestMs: 45,
    });
    expect(variantFigures('warm-up on', [sample('warm-up on', 1, 5, null, [1])]).rssBytes).toBeNull();
  });
});

describe('the start report', () => {
  it('says what was measured and prints both variants, then every start in order', () => {
    expect(startReport({ runs: 3, calls: 12, pauseMs: 2000, seed: 42 }, SAMPLES)).toMatchInlineSnapshot(`
      "memoryd start benchmark — the first 12 context calls after a daemon start (synthetic chat, seed 42), 3 starts per variant, the variants in turn; a pause of 2000 ms between the answered health check and the first call; hashing embedder
      variants: warm-up on (MEMORYD_WARM_UP_EXCHANGES=24), warm-up off (MEMORYD_WARM_UP_EXCHANGES=0)

      per variant: medians over its starts (nearest rank); 1st call max and slowest = the largest over its starts
                   runs   healthy  RSS before 1st  1st call  1st call max  mean 1–10  mean 11–12   slowest
      warm-up on      3  300.0 ms        80.0 MiB   20.0 ms       30.0 ms    3.90 ms     4.00 ms   45.0 ms
      warm-up off     1  100.0 ms        60.0 MiB  500.0 ms      500.0 ms    95.0 ms     50.0 ms  500.0 ms

      per start, in the order started:
      start  variant       healthy  RSS before 1st  1st call  mean 1–10  mean 11–12   slowest
      1      warm-up on   300.0 ms        80.0 MiB   20.0 ms    3.80 ms     23.0 ms   45.0 ms
      2      warm-up off  100.0 ms        60.0 MiB  500.0 ms    95.0 ms     50.0 ms  500.0 ms
      3      warm-up on   250.0 ms             n/a   12.0 ms    3.90 ms     2.00 ms   12.0 ms
      5      warm-up on   400.0 ms        90.0 MiB   30.0 ms    4.80 ms     4.00 ms   30.0 ms

      healthy = from starting the daemon child (temp data dir, spawn) to its first answered GET /v1/health (polled every 50 ms).
      RSS = VmRSS from /proc (Linux only) after the pause. Calls = client round trips of POST /v1/sessions/…/context on a fresh
      session, each assistant answer recorded in between (not counted). MiB = 2^20 bytes.
      "
    `);
  });

  it('leaves out the column of the later calls when there are none', () => {
    const report = startReport({ runs: 1, calls: 2, pauseMs: 0, seed: 1 }, [sample('warm-up on', 1, 5, null, [9, 3]), sample('warm-up off', 2, 6, null, [7, 1])]);
    expect(report).toContain('mean 1–2');
    expect(report).not.toContain('mean 11–');
  });
});
