// npm run bench -- cache [--sizes 100,1000,10000] [--calls 2000]
// The response cache is looked up on every context call (budget ~1 ms for the whole
// request): time per lookup — exact hit, dedup hit, miss — with N cached questions.
// The message's vector is given, as in the context call (which embeds it anyway).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ResponseCache } from '../cache/response-cache.js';
import { CommandExit, parseOrRefuse, readCommandArgs, type Command } from '../cli/command-line.js';
import { integerFlag, integerListFlag } from '../cli/flags.js';
import { ManualClock } from '../clock.js';
import { createHashingEmbedder } from '../embeddings/hashing-embedder.js';
import { openDatabase } from '../storage/database.js';
import { seededRandom } from '../seeded-random.js';

const CACHE: Command = { name: 'cache bench', usage: 'usage: npm run bench -- cache [--sizes 100,1000,10000] [--calls 2000]\n' };
const WORDS = (
  'work job office team project deploy server database editor language city sister brother dog cat car bike ' +
  'book film song band food diet coffee tea sport gym doctor bank school course trip flight hotel country ' +
  'house garden phone laptop password email manager client budget salary meeting habit hobby friend wife ' +
  'husband son daughter birthday allergy medicine favourite colour keyboard framework library deadline'
).split(' ');
const OPENERS = ['What is my', 'Which of my', 'Where is my', 'Who is my', 'What did I decide about my', 'How did I pick my', 'Do I have a'];

function question(next: () => number): string {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const words = Array.from({ length: 3 + Math.floor(next() * 4) }, () => pick(WORDS));
  return `${pick(OPENERS)} ${words.join(' ')}?`;
}

async function measure(size: number, calls: number): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'memoryd-bench-'));
  const database = openDatabase(join(dir, 'bench.db'));
  try {
    const embedder = createHashingEmbedder();
    const cache = new ResponseCache({ db: database.db, clock: new ManualClock(), embedder, dedupThreshold: 0.85 });
    // Seeded, so every run measures the same questions.
    const next = seededRandom(size).next;
    const stored: string[] = [];
    const vectors = await embedder.embedBatch(Array.from({ length: size }, () => question(next)).map((text) => (stored.push(text), text)));
    database.sqlite.transaction(() => {
      stored.forEach((text, i) => cache.store({ sessionId: 'bench', question: text, answer: `answer ${i}`, embedding: vectors[i] ?? null }));
    })();
    const recent = stored.slice(-20);
    const cases: string[][] = [
      recent,
      recent.map((text) => `And also, ${text}`),
      Array.from({ length: 50 }, () => `Tell me ${question(next).toLowerCase()}`),
    ];
    const cells: string[] = [String(size).padStart(6), String(cache.indexedQuestions).padStart(7)];
    for (const messages of cases) {
      const embedded = await embedder.embedBatch(messages);
      const sources = new Map<string, number>();
      const started = performance.now();
      for (let i = 0; i < calls; i++) {
        const at = i % messages.length;
        const source = cache.lookup(messages[at] as string, embedded[at] ?? null)?.source ?? 'miss';
        sources.set(source, (sources.get(source) ?? 0) + 1);
      }
      const perCall = (((performance.now() - started) / calls) * 1000).toFixed(1);
      const mix = [...sources].map(([source, n]) => `${source} ${Math.round((100 * n) / calls)}%`).join(' ');
      cells.push(`${perCall} µs (${mix})`.padEnd(28));
    }
    return cells.join('  ');
  } finally {
    database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Prints lookup times per call for each cache size; returns the exit code. */
export async function run(argv: string[]): Promise<number> {
  const args = readCommandArgs(CACHE, argv, parseCacheArgs);
  if (args instanceof CommandExit) return args.code;
  process.stdout.write('response cache lookup, hashing embedder (512 dims), message vector given; mean µs per call (outcomes)\n');
  process.stdout.write(`${['cached', 'indexed', 'repeat', 'rephrased', 'new question'].map((h, i) => (i < 2 ? h.padStart(i === 0 ? 6 : 7) : h.padEnd(28))).join('  ')}\n`);
  for (const size of args.sizes) process.stdout.write(`${await measure(size, args.calls)}\n`);
  return 0;
}

function parseCacheArgs(argv: readonly string[]): { sizes: number[]; calls: number } {
  const { values } = parseOrRefuse(argv, { options: { sizes: { type: 'string', default: '100,1000,10000' }, calls: { type: 'string', default: '2000' } } });
  return {
    sizes: integerListFlag(values.sizes, '--sizes', 1, 'positive integers separated by commas'),
    calls: integerFlag(values.calls, '--calls', 1, 'a positive integer'),
  };
}
