import { readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { sessionPath } from '../../src/client/memoryd-client.js';
import { daemonPerFile } from '../helpers/test-daemon.js';

// A client that closes its connection before the end of its body (it timed out, it was
// stopped) is no failure of memoryd: an info line without a stack trace, not an error in
// the journal, and the request counted under 499 ("client closed request"), not a 400 or 500.
const file = daemonPerFile();

const CONTEXT_ROUTE = '/v1/sessions/:sessionId/context';

// What the daemon answered before the connection closed ('' when nothing).
async function sendHalfABody(mode: 'reset' | 'half-close'): Promise<string> {
  const socket = connect(file.daemon.config.socketPath);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  socket.on('error', () => {});
  let answer = '';
  socket.on('data', (chunk: Buffer) => {
    answer += chunk.toString('utf8');
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.write(`POST ${sessionPath('gone', '/context')} HTTP/1.1\r\nHost: memoryd\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"message":`);
  // Let the daemon read the head and start on the body before the client goes.
  await sleep(50);
  if (mode === 'reset') socket.destroy();
  else socket.end();
  await closed;
  return answer;
}

async function requestCounts(): Promise<string[]> {
  const metrics = (await file.client.raw('GET', '/v1/metrics')).body;
  return metrics.split('\n').filter((line) => line.startsWith(`memoryd_http_requests_total{route="${CONTEXT_ROUTE}"`));
}

function logLines(): string[] {
  const dir = file.daemon.config.logsDir;
  return readdirSync(dir).flatMap((name) => readFileSync(join(dir, name), 'utf8').split('\n').filter((line) => line !== ''));
}

describe('a client that goes away in the middle of its body', () => {
  it('is logged at info without a stack and counted under 499, whether it resets or half-closes', async () => {
    expect(await sendHalfABody('reset')).toBe('');
    // A client that only closed its side may still read why its request went unanswered.
    const answer = await sendHalfABody('half-close');
    expect(answer).toMatch(/^HTTP\/1.1 400 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      error: { code: 'INVALID_REQUEST', message: 'the connection was closed before the end of the request', details: {} },
    });
    // Waits for the daemon to notice both closes (no wall-clock limit: the test's timeout is the bound).
    let counts = await requestCounts();
    while (!counts.includes(`memoryd_http_requests_total{route="${CONTEXT_ROUTE}",status="499"} 2`)) {
      await sleep(20);
      counts = await requestCounts();
    }
    expect(counts).toEqual([`memoryd_http_requests_total{route="${CONTEXT_ROUTE}",status="499"} 2`]);
    const lines = logLines().map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.filter((line) => line.msg === 'request failed')).toEqual([]);
    const gone = lines.filter((line) => line.msg === 'the client closed the connection before sending the whole request');
    expect(gone).toHaveLength(2);
    for (const line of gone) {
      expect(line).toMatchObject({ level: 30, method: 'POST', route: CONTEXT_ROUTE, url: sessionPath('gone', '/context') });
      expect(JSON.stringify(line)).not.toContain('stack');
    }
    expect((await file.client.raw('GET', sessionPath('gone'))).status).toBe(404);
  });
});
