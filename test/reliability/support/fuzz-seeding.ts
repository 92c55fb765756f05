import { sessionPath } from '../../../src/client/memoryd-client.js';
import { exchange, type Exchange } from './http-exchange.js';
import { factsApiAvailable } from './writers.js';

export interface SeededData {
  sessions: string[];
  factIds: string[];
}

/**
 * Writes what rejected requests could damage if they were not rolled back: sessions with
 * summaries, facts, a cached tool result and a recorded error.
 */
export async function seedBeforeFuzz(socketPath: string): Promise<SeededData> {
  const sessions = ['seeded-0', 'seeded-1', 'seeded-2'];
  const factIds: string[] = [];
  for (const [s, sessionId] of sessions.entries()) {
    for (let turn = 0; turn < 10; turn += 1) {
      const message = turn % 4 === 0 ? `Remember that my seed pet ${s} is called Rex${turn}` : `Let us plan the seeded deployment step ${turn} of session ${s}`;
      const context = await ok({ method: 'POST', path: sessionPath(sessionId, '/context'), body: JSON.stringify({ message }) });
      factIds.push(...(context as { facts: { added: Array<{ id: string }> } }).facts.added.map((fact) => fact.id));
      await ok({ method: 'POST', path: sessionPath(sessionId, '/turns'), body: JSON.stringify({ role: 'assistant', content: `Step ${turn} noted for ${s}.` }) });
    }
  }
  if (await factsApiAvailable(socketPath)) {
    const added = await ok({ method: 'POST', path: '/v1/facts', body: JSON.stringify({ fact: 'My seeded editor is vim', domain: 'preferences' }) });
    factIds.push((added as { fact: { id: string } }).fact.id);
  }
  await ok({ method: 'PUT', path: '/v1/tool-cache/search_flights', body: JSON.stringify({ params: { q: 'seeded' }, result: { flights: 2 }, idempotent: true }) });
  await ok({ method: 'POST', path: '/v1/discard', body: JSON.stringify({ kind: 'parse_failure', content: 'seeded failure', error: { code: 'E_SEED', message: 'seeded' } }) });
  return { sessions, factIds };

  async function ok(request: Exchange): Promise<unknown> {
    const answer = await exchange(socketPath, false, request);
    if (answer.status < 200 || answer.status >= 300) throw new Error(`seeding ${request.method} ${request.path} answered ${answer.status}: ${answer.body}`);
    return JSON.parse(answer.body) as unknown;
  }
}
