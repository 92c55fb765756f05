import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../../src/clock.js';
import { sessionPath } from '../../../src/client/memoryd-client.js';
import { startTestDaemon, type TestDaemon } from '../../helpers/test-daemon.js';
import { derivedRandom, testSeed, type SeededRandom } from './seed.js';

export interface IsolationOptions {
  sessions: number;
  /** User messages per session, each followed by an assistant answer. */
  rounds: number;
  timeoutMs: number;
}

const TOPICS = ['the garden shed', 'the quarterly report', 'the bike repair', 'the wedding playlist', 'the server migration', 'the tax forms', 'the camping trip', 'the piano lessons'];
// `zq` + a core of six letters (unique, the key) + two digits: a stemmer or a truncation
// that changes the end still leaves the core to find the marker's owner by.
const MARKER_CORE = /zq([a-z]{6})/g;

interface Marked {
  owner: Map<string, number>;
  next(session: number): string;
}

function markers(random: SeededRandom): Marked {
  const owner = new Map<string, number>();
  return {
    owner,
    next: (session) => {
      let core: string;
      do core = Array.from({ length: 6 }, () => String.fromCharCode(97 + random.int(0, 25))).join('');
      while (owner.has(core));
      owner.set(core, session);
      return `zq${core}${random.int(10, 99)}`;
    },
  };
}

// Marker cores in `text` that belong to a session other than `session`.
function foreign(text: string, session: number, owner: ReadonlyMap<string, number>): string[] {
  return [...text.matchAll(MARKER_CORE)].map((match) => match[1] ?? '').filter((core) => owner.has(core) && owner.get(core) !== session);
}

function own(text: string, session: number, owner: ReadonlyMap<string, number>): number {
  return [...text.matchAll(MARKER_CORE)].filter((match) => owner.get(match[1] ?? '') === session).length;
}

/**
 * Isolation: sessions written in parallel, each with its own markers in its turns and
 * so in its summaries; no marker ever appears in another session's prompt or state.
 */
export function isolationSuite(options: IsolationOptions): void {
  describe('session isolation under concurrency', () => {
    it(
      `keeps ${options.sessions} parallel sessions apart: no marker reaches another session's prompt`,
      async () => {
        const seed = testSeed('isolation');
        const marked = markers(derivedRandom(seed, 0));
        const daemon = await startTestDaemon({ clock: systemClock, env: { MEMORYD_LOG_LEVEL: 'warn' } });
        try {
          const leaks: string[] = [];
          let prompts = 0;
          const check = (session: number, where: string, text: string): void => {
            prompts += 1;
            for (const core of foreign(text, session, marked.owner)) leaks.push(`session ${session} ${where}: marker zq${core} of session ${marked.owner.get(core)}`);
          };
          const ids = Array.from({ length: options.sessions }, (_, i) => `iso-${i}`);
          await Promise.all(ids.map((id, session) => converse(daemon, id, session, options.rounds, derivedRandom(seed, 1 + session), marked, check)));
          const finals = await Promise.all(ids.map((id, session) => finalState(daemon, id, session, check)));
          const factTexts = factsHolding(daemon, MARKER_CORE);
          const withoutOwnSummary = finals.filter((final) => own(final.summaries, final.session, marked.owner) === 0).map((final) => final.session);
          const withoutOwnPrompt = finals.filter((final) => own(final.prompt, final.session, marked.owner) === 0).map((final) => final.session);
          console.log(
            `[isolation] ${options.sessions} sessions × ${options.rounds} rounds in parallel; ${marked.owner.size} markers; ` +
              `${prompts} prompts and session states scanned; ${leaks.length} leaks; ` +
              `${options.sessions - withoutOwnSummary.length} sessions show their own markers in active summaries`,
          );
          // Facts are shared by design: a marker that became a fact would be a false alarm, so none may.
          expect(factTexts).toEqual([]);
          expect(withoutOwnSummary).toEqual([]);
          expect(withoutOwnPrompt).toEqual([]);
          expect(leaks.slice(0, 20)).toEqual([]);
        } finally {
          await daemon.stop();
        }
      },
      options.timeoutMs,
    );
  });
}

async function converse(
  daemon: TestDaemon,
  id: string,
  session: number,
  rounds: number,
  random: SeededRandom,
  marked: Marked,
  check: (session: number, where: string, text: string) => void,
): Promise<void> {
  for (let round = 0; round < rounds; round += 1) {
    const topic = random.pick(TOPICS);
    const message = `Let us look at ${topic} notes ${marked.next(session)} and ${marked.next(session)} together?`;
    const answer = await daemon.client.json<{ messages: unknown; cached: unknown }>('POST', sessionPath(id, '/context'), { message });
    check(session, `prompt of round ${round}`, JSON.stringify([answer.messages, answer.cached]));
    await daemon.client.json('POST', sessionPath(id, '/turns'), { role: 'assistant', content: `About ${topic}: item ${marked.next(session)} is ready.` });
  }
}

async function finalState(
  daemon: TestDaemon,
  id: string,
  session: number,
  check: (session: number, where: string, text: string) => void,
): Promise<{ session: number; prompt: string; summaries: string }> {
  const answer = await daemon.client.json<{ messages: unknown; cached: unknown }>('POST', sessionPath(id, '/context'), { message: 'What did we go over so far?', dryRun: true });
  const prompt = JSON.stringify([answer.messages, answer.cached]);
  check(session, 'final prompt', prompt);
  const view = await daemon.client.json<{ summaries: { active: unknown[] } }>('GET', sessionPath(id));
  check(session, 'session state', JSON.stringify(view));
  return { session, prompt, summaries: JSON.stringify(view.summaries.active) };
}

function factsHolding(daemon: TestDaemon, pattern: RegExp): string[] {
  const sqlite = new BetterSqlite3(daemon.config.dbPath, { readonly: true });
  try {
    const facts = sqlite.prepare('select fact from facts').pluck().all() as string[];
    return facts.filter((fact) => new RegExp(pattern.source).test(fact));
  } finally {
    sqlite.close();
  }
}
