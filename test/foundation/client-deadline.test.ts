import type { Socket } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SocketHttp, type RawRequest, type RawResponse } from '../../src/client/http-over-socket.js';
import { CallDeadline } from '../../src/client/call-deadline.js';
import { MemorydClient } from '../../src/client/memoryd-client.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { listenRaw, readRequests } from '../helpers/raw-socket-server.js';
import { makeTempDir } from '../helpers/temp-dir.js';

// The client's timers are fake, so a test moves its clock past a deadline instead of
// sleeping; the sockets are real.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});
const defer = cleanupAfterEach();

interface SeenRequest {
  path: string;
  connection: number;
  socket: Socket;
}

type Handling = 'answer' | 'hold';

// A server on a Unix socket that answers a GET with its path as the body, or holds it
// unanswered (`answerHeld` answers those later). `received(n)` waits until n requests came.
async function startServer(handle: (request: SeenRequest) => Handling) {
  const temp = makeTempDir();
  defer(temp.remove);
  const socketPath = join(temp.dir, 's.sock');
  const seen: SeenRequest[] = [];
  const held: SeenRequest[] = [];
  const arrivals: Array<{ count: number; arrived: () => void }> = [];
  const answer = (request: SeenRequest): void => {
    request.socket.write(`HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\ncontent-length: ${request.path.length}\r\n\r\n${request.path}`);
  };
  const server = await listenRaw(socketPath, (socket, connection) => {
    readRequests(socket, ({ head }) => {
      const request = { path: head.split(' ')[1] ?? '', connection, socket };
      seen.push(request);
      if (handle(request) === 'answer') answer(request);
      else held.push(request);
      for (const arrival of arrivals.filter(({ count }) => seen.length >= count)) {
        arrivals.splice(arrivals.indexOf(arrival), 1);
        arrival.arrived();
      }
    });
  });
  defer(server.close);
  return {
    socketPath,
    seen,
    connections: server.connections,
    received: (count: number) =>
      new Promise<void>((arrived) => (seen.length >= count ? arrived() : arrivals.push({ count, arrived }))),
    answerHeld: () => {
      for (const request of held.splice(0)) answer(request);
    },
  };
}

function clientFor(socketPath: string, maxSockets: number): SocketHttp {
  const http = new SocketHttp(socketPath, maxSockets);
  defer(() => http.close());
  return http;
}

const get = (path: string, timeoutMs: number): RawRequest => ({ method: 'GET', path, timeoutMs });

type Outcome = { state: 'pending' } | { state: 'answered'; response: RawResponse } | { state: 'failed'; error: unknown };

// How a call has ended so far, readable without awaiting it.
function track(call: Promise<RawResponse>): { outcome: Outcome } {
  const tracked: { outcome: Outcome } = { outcome: { state: 'pending' } };
  call.then(
    (response) => (tracked.outcome = { state: 'answered', response }),
    (error: unknown) => (tracked.outcome = { state: 'failed', error }),
  );
  return tracked;
}

// Lets the promise chains started by a timer or a socket event run to their end.
const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

const failure = (outcome: Outcome): string => (outcome.state === 'failed' ? String(outcome.error) : `still ${outcome.state}`);

describe('the client timeout is a deadline for the whole call', () => {
  it('fails a request that waited that long for a busy connection, before the busy one ends, and the queue and pool still work', async () => {
    let answering = false;
    const server = await startServer(() => (answering ? 'answer' : 'hold'));
    const http = clientFor(server.socketPath, 1);
    const first = http.send(get('/first', 5000));
    const busy = track(first);
    await server.received(1);
    const impatient = track(http.send(get('/impatient', 100)));
    const third = http.send(get('/third', 5000));

    await vi.advanceTimersByTimeAsync(100);
    await settle();
    expect(failure(impatient.outcome)).toBe('MemorydTimeoutError: GET /impatient: no connection to memoryd within 100 ms');
    expect(impatient.outcome.state === 'failed' && impatient.outcome.error).toMatchObject({ waitedFor: 'connection', timeoutMs: 100 });
    expect(busy.outcome.state).toBe('pending');

    // The freed connection goes to the request still waiting, not to the one that gave up.
    answering = true;
    server.answerHeld();
    expect((await first).body).toBe('/first');
    expect((await third).body).toBe('/third');
    expect((await http.send(get('/fourth', 100))).body).toBe('/fourth');
    expect(server.seen.map(({ path }) => path)).toEqual(['/first', '/third', '/fourth']);
    expect(server.connections()).toBe(1);
  });

  it('fails a request whose deadline passes while it connects, and gives its place to the one waiting for it', async () => {
    const server = await startServer(() => 'answer');
    const http = clientFor(server.socketPath, 1);
    const late = track(http.send(get('/late', 50)));
    // Queued behind /late (one connection at most): only the timed-out connect can wake it.
    const queued = http.send(get('/queued', 1000));
    // The connection is still being made: its callback comes in a later turn of the event loop.
    vi.advanceTimersByTime(50);
    await settle();
    expect(failure(late.outcome)).toBe('MemorydTimeoutError: GET /late: no connection to memoryd within 50 ms');
    // Without the wake-up it would wait for good: its fake deadline never comes (the test times out).
    expect((await queued).body).toBe('/queued');

    expect((await http.send(get('/next', 1000))).body).toBe('/next');
    expect(server.seen.map(({ path }) => path)).toEqual(['/queued', '/next']);
  });

  it('does not restart the deadline when it resends a request after a kept-alive connection closed under it', async () => {
    const server = await startServer((request) => (request.path === '/warm' ? 'answer' : 'hold'));
    const http = clientFor(server.socketPath, 1);
    expect((await http.send(get('/warm', 1000))).body).toBe('/warm');
    const call = track(http.send(get('/late', 1000)));
    await server.received(2);
    await vi.advanceTimersByTimeAsync(900);
    expect(call.outcome.state).toBe('pending');

    // The server drops the kept-alive connection unanswered; the client resends on a new one.
    server.seen[1]?.socket.destroy();
    await server.received(3);
    await vi.advanceTimersByTimeAsync(200);
    await settle();
    expect(failure(call.outcome)).toBe('MemorydTimeoutError: memoryd did not answer GET /late within 1000 ms');
    expect(server.seen.map(({ path, connection }) => `${connection} ${path}`)).toEqual(['1 /warm', '1 /late', '2 /late']);
  });

  it('answers calls on one kept-alive connection, one that waited its turn included, and leaves no timer behind', async () => {
    let answering = false;
    const server = await startServer(() => (answering ? 'answer' : 'hold'));
    const http = clientFor(server.socketPath, 1);
    const first = http.send(get('/first', 1000));
    await server.received(1);
    const second = http.send(get('/second', 1000));
    await vi.advanceTimersByTimeAsync(500);
    answering = true;
    server.answerHeld();
    expect((await first).body).toBe('/first');
    expect((await second).body).toBe('/second');
    expect((await http.send(get('/third', 1000))).body).toBe('/third');
    expect(server.connections()).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('the client timeout option', () => {
  it('refuses a limit Node timers cannot keep (they would fire after 1 ms) and takes any whole number of ms up to 2^31 − 1', () => {
    for (const timeoutMs of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 31]) {
      expect(() => new MemorydClient({ socketPath: '/nowhere.sock', timeoutMs }), String(timeoutMs)).toThrow(
        new RangeError(`timeoutMs must be a whole number of milliseconds from 1 to 2147483647, got ${timeoutMs}`),
      );
    }
    for (const timeoutMs of [1, 30_000, 2 ** 31 - 1]) expect(() => new MemorydClient({ socketPath: '/nowhere.sock', timeoutMs }).close()).not.toThrow();
  });
});

describe('the deadline of a call', () => {
  it('reports a wait for a connection once the request was sent as a wait for the answer: memoryd may have read it before the resend', () => {
    const call = { method: 'POST', path: '/v1/sessions/s/context', timeoutMs: 100 };
    const outcomes: unknown[] = [];
    const unsent = new CallDeadline(call);
    unsent.wait((error) => outcomes.push(error));
    const resent = new CallDeadline(call);
    resent.markSent();
    resent.wait((error) => outcomes.push(error));
    vi.advanceTimersByTime(100);
    expect(outcomes).toMatchObject([{ waitedFor: 'connection' }, { waitedFor: 'answer', message: 'memoryd did not answer POST /v1/sessions/s/context within 100 ms' }]);
    unsent.clear();
    resent.clear();
  });
});
