import { join } from 'node:path';
import { ManualClock } from '../../src/clock.js';
import { classifyDomain } from '../../src/domains/classify-domain.js';
import { createHashingEmbedder } from '../../src/embeddings/hashing-embedder.js';
import type { Embedder } from '../../src/embeddings/embedder.js';
import type { FactChanges } from '../../src/facts/fact-record.js';
import type { FactSelection } from '../../src/facts/fact-selection.js';
import { createFactsService, type FactsService } from '../../src/facts/facts-service.js';
import { sequentialIds } from '../../src/ids.js';
import { openDatabase, type Database } from '../../src/storage/database.js';
import { runInTransaction } from '../../src/storage/transaction.js';
import { createTokenizer } from '../../src/tokens/create-tokenizer.js';
import type { Tokenizer } from '../../src/tokens/tokenizer.js';
import { makeTempDir } from '../helpers/temp-dir.js';

export const START = Date.UTC(2026, 0, 1, 9);

/** A facts service on a real SQLite file (real migrations), the hashing embedder, a manual clock. */
export interface FactsFixture {
  dir: string;
  dbPath: string;
  database: Database;
  clock: ManualClock;
  embedder: Embedder;
  tokenizer: Tokenizer;
  service: FactsService;
  /** How many times onFactsChanged was called. */
  readonly factsChanges: number;
  /** The user says `text` in turn `turn` of `session` (prepared, then applied in one transaction). */
  say(text: string, options?: { session?: string; turn?: number }): Promise<FactChanges>;
  select(message: string, recentTurns?: string[]): Promise<FactSelection>;
  /** A fresh service over the same database (as after a restart). */
  restart(): Promise<FactsService>;
  close(): void;
}

/** The texts of the active facts, sorted. */
export function activeFactTexts(f: FactsFixture): string[] {
  return f.service.list().map((fact) => fact.fact).sort();
}

/** The texts of facts as a change list or a selection shows them. */
export function factTexts(views: ReadonlyArray<{ fact: string }>): string[] {
  return views.map((view) => view.fact);
}

let sharedTokenizer: Promise<Tokenizer> | null = null;

export async function factsFixture(): Promise<FactsFixture> {
  const temp = makeTempDir('memoryd-facts-');
  const dbPath = join(temp.dir, 'memoryd.db');
  const database = openDatabase(dbPath);
  const clock = new ManualClock(START);
  const embedder = createHashingEmbedder();
  sharedTokenizer ??= createTokenizer('cl100k_base');
  const tokenizer = await sharedTokenizer;
  let factsChanges = 0;
  const build = (): FactsService =>
    createFactsService({
      database,
      embedder,
      tokenizer,
      clock,
      ids: sequentialIds(),
      onFactsChanged: () => {
        factsChanges++;
      },
    });
  const fixture: FactsFixture = {
    dir: temp.dir,
    dbPath,
    database,
    clock,
    embedder,
    tokenizer,
    service: build(),
    get factsChanges() {
      return factsChanges;
    },
    async say(text, options = {}) {
      const session = options.session ?? 's1';
      const turn = options.turn ?? nextTurn(session);
      const prepared = await fixture.service.prepareFromMessage(text);
      return runInTransaction(database, (scope) => fixture.service.applyFromUserTurn(prepared, { sessionId: session, turnNumber: turn }, scope));
    },
    async select(message, recentTurns = []) {
      return fixture.service.selectForPrompt({
        message,
        embedding: await embedder.embed(message),
        domain: classifyDomain(message),
        recentTurns,
        now: clock.now(),
      });
    },
    async restart() {
      fixture.service = build();
      await fixture.service.start();
      return fixture.service;
    },
    close() {
      database.close();
      temp.remove();
    },
  };
  const turns = new Map<string, number>();
  function nextTurn(session: string): number {
    // User turns alternate with the assistant's: 1, 3, 5, …
    const next = (turns.get(session) ?? -1) + 2;
    turns.set(session, next);
    return next;
  }
  await fixture.service.start();
  return fixture;
}
