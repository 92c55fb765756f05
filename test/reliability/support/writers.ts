import { Agent } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { sessionPath } from '../../../src/client/memoryd-client.js';
import { assistantAnswer, factSignal, userMessage } from './conversation-text.js';
import { exchange, NoResponseError, type Exchange, type ExchangeResult } from './http-exchange.js';
import { derivedRandom, type SeededRandom } from './seed.js';

/** A turn the daemon acknowledged (2xx), with the number it gave the turn. */
export interface AckedTurn {
  kind: 'turn';
  sessionId: string;
  turnNumber: number;
  role: 'user' | 'assistant';
  content: string;
}

/** A fact the daemon acknowledged, added through the API or extracted from a user turn. */
export interface AckedFact {
  kind: 'fact';
  id: string;
  fact: string;
}

export type AckedWrite = AckedTurn | AckedFact;

/** A write that got no answer (the daemon died or closed the connection). */
export interface UnansweredWrite {
  sessionId: string;
  content: string;
  errorCode: string;
  clientIndex: number;
}

export interface WorkloadOptions {
  socketPath: string;
  clients: number;
  seed: number;
  /** The sessions client `index` writes to (shared lists make clients race on a session). */
  sessionsOf(index: number): readonly string[];
  /** `api`: POST /v1/facts; `signal`: "Remember that my … is …" in a context call. */
  factMode: 'api' | 'signal';
  shouldStop(): boolean;
  /** Pause after a request that got no answer, so a dead daemon is not hammered. */
  retryDelayMs: number;
  /** Stop a client after its first unanswered request (shutdown tests). */
  stopOnNoResponse?: boolean;
}

export interface WorkloadResult {
  acked: AckedWrite[];
  unanswered: UnansweredWrite[];
  statuses: Map<number, number>;
  /** Answers that are neither a 2xx nor a clean 503 SHUTTING_DOWN. */
  unexpected: Array<{ status: number; body: string; path: string }>;
  /** 503s and whether each had the JSON error format. */
  unavailable: Array<{ code: string | null }>;
}

/** Runs `clients` concurrent writers until `shouldStop()`; every write carries a unique marker. */
export async function runWriters(options: WorkloadOptions): Promise<WorkloadResult> {
  const result: WorkloadResult = { acked: [], unanswered: [], statuses: new Map(), unexpected: [], unavailable: [] };
  await Promise.all(Array.from({ length: options.clients }, (_, index) => runClient(options, index, result)));
  return result;
}

async function runClient(options: WorkloadOptions, index: number, result: WorkloadResult): Promise<void> {
  const random = derivedRandom(options.seed, index);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const sessions = options.sessionsOf(index);
  try {
    for (let n = 0; !options.shouldStop(); n += 1) {
      const sessionId = random.pick(sessions);
      const marker = `w${options.seed.toString(36)}c${index}n${n}z`;
      const write = planWrite(random, options.factMode, sessionId, marker);
      let response: ExchangeResult;
      try {
        response = await exchange(options.socketPath, agent, write.request, 60_000);
      } catch (error) {
        if (!(error instanceof NoResponseError)) throw error;
        result.unanswered.push({ sessionId, content: write.content, errorCode: error.errorCode ?? error.message, clientIndex: index });
        if (options.stopOnNoResponse) return;
        await sleep(options.retryDelayMs);
        continue;
      }
      result.statuses.set(response.status, (result.statuses.get(response.status) ?? 0) + 1);
      if (response.status >= 200 && response.status < 300) {
        result.acked.push(...write.acknowledge(JSON.parse(response.body) as unknown));
      } else if (response.status === 503) {
        result.unavailable.push({ code: errorCode(response.body) });
        if (options.stopOnNoResponse) return;
        await sleep(options.retryDelayMs);
      } else {
        result.unexpected.push({ status: response.status, body: response.body.slice(0, 500), path: write.request.path });
      }
    }
  } finally {
    agent.destroy();
  }
}

interface PlannedWrite {
  request: Exchange;
  content: string;
  acknowledge(body: unknown): AckedWrite[];
}

function planWrite(random: SeededRandom, factMode: 'api' | 'signal', sessionId: string, marker: string): PlannedWrite {
  const roll = random.next();
  if (roll < 0.3) {
    const content = assistantAnswer(random, marker);
    return {
      request: post(sessionPath(sessionId, '/turns'), { role: 'assistant', content }),
      content,
      acknowledge: (body) => [{ kind: 'turn', sessionId, turnNumber: turnNumberOf(body), role: 'assistant', content }],
    };
  }
  if (roll < 0.42 && factMode === 'api') {
    const { fact } = factSignal(random, marker);
    return {
      request: post('/v1/facts', { fact, domain: 'personal', confidence: 'high' }),
      content: fact,
      acknowledge: (body) => {
        const added = (body as { fact: { id: string; fact: string } }).fact;
        return [{ kind: 'fact', id: added.id, fact: added.fact }];
      },
    };
  }
  const content = roll < 0.42 ? factSignal(random, marker).message : userMessage(random, marker);
  return {
    request: post(sessionPath(sessionId, '/context'), { message: content }),
    content,
    acknowledge: (body) => {
      const facts = (body as { facts: { added: Array<{ id: string; fact: string }> } }).facts.added;
      return [
        { kind: 'turn', sessionId, turnNumber: turnNumberOf(body), role: 'user', content },
        ...facts.map((fact): AckedFact => ({ kind: 'fact', id: fact.id, fact: fact.fact })),
      ];
    },
  };
}

function post(path: string, body: unknown): Exchange {
  return { method: 'POST', path, body: JSON.stringify(body) };
}

function turnNumberOf(body: unknown): number {
  const turnNumber = (body as { turn?: { turnNumber?: unknown } }).turn?.turnNumber;
  if (typeof turnNumber !== 'number') throw new Error(`an acknowledged write without turn.turnNumber: ${JSON.stringify(body).slice(0, 300)}`);
  return turnNumber;
}

function errorCode(body: string): string | null {
  try {
    const code = (JSON.parse(body) as { error?: { code?: unknown } }).error?.code;
    return typeof code === 'string' ? code : null;
  } catch {
    return null;
  }
}

/** Whether the running daemon answers POST /v1/facts (the facts endpoints are wired). */
export async function factsApiAvailable(socketPath: string): Promise<boolean> {
  const response = await exchange(socketPath, false, { method: 'GET', path: '/v1/facts?limit=1' });
  return response.status === 200;
}
