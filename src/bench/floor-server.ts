// The server of the socket-floor baseline (src/bench/socket-floor.ts), run as a child by
// scripts/floor-server.ts: a bare node:http server on a Unix socket that does what any
// JSON server must do for a context call and nothing else. It reads and parses the
// request body, keeps its CPU busy for the milliseconds named in the path
// (`POST /work/<ms>`) and answers a JSON body of exactly the size it was started with.
// It tells its parent "ready" over IPC once it listens.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { rmSync } from 'node:fs';

const WORK_PATH = /^\/work\/(\d+(?:\.\d+)?)$/;

/** The smallest body paddedJson can make. */
export const MIN_RESPONSE_BYTES = '{"pad":""}'.length;

/** Listens on `socketPath`; "ready" goes to the parent over IPC; SIGTERM or a lost parent closes it. */
export function serveFloor(socketPath: string, responseBytes: number): void {
  const payload = paddedJson(responseBytes);
  rmSync(socketPath, { force: true });
  const server = createServer((request, response) => answer(request, response, payload));
  server.listen(socketPath, () => process.send?.('ready'));
  const stop = () => {
    server.close(() => rmSync(socketPath, { force: true }));
    server.closeAllConnections();
    // The IPC channel would keep the process alive after the server has closed.
    if (process.connected) process.disconnect();
  };
  process.once('SIGTERM', stop);
  process.once('disconnect', stop);
}

function answer(request: IncomingMessage, response: ServerResponse, payload: Buffer): void {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const work = WORK_PATH.exec(request.url ?? '');
    if (request.method !== 'POST' || work === null) {
      response.writeHead(404).end();
      return;
    }
    try {
      JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      // The benchmark only sends JSON: a bad body is a bug of the caller, answered plainly.
      response.writeHead(400).end();
      return;
    }
    busyFor(Number(work[1]));
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': payload.length });
    response.end(payload);
  });
}

// Keeps this thread on the CPU, as a handler computing for that long would.
function busyFor(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // spin: the point is to occupy the core, not to compute anything
  }
}

/** `{"pad":"xxx…"}` of exactly `bytes` UTF-8 bytes. */
export function paddedJson(bytes: number): Buffer {
  return Buffer.from(`{"pad":"${'x'.repeat(Math.max(0, bytes - MIN_RESPONSE_BYTES))}"}`, 'utf8');
}
