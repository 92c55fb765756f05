import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer as createHttpServer } from 'node:http';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MemorydApiError, MemorydClient, MemorydTimeoutError } from '../../src/client/memoryd-client.js';
import { watchClientSockets } from '../helpers/client-sockets.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { listenRaw, readRequests } from '../helpers/raw-socket-server.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const defer = cleanupAfterEach();
const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface SeenRequest {
  head: string;
  body: string;
  connection: number;
}

// A server that speaks raw bytes on a Unix socket: `answer` gets each request (the
// head and the Content-Length body) and writes whatever bytes it likes to the socket.
async function rawServer(answer: (socket: Socket, request: SeenRequest) => void): Promise<{ socketPath: string; seen: SeenRequest[]; connections: () => number }> {
  const temp = makeTempDir();
  defer(temp.remove);
  const socketPath = join(temp.dir, 's.sock');
  const seen: SeenRequest[] = [];
  const server = await listenRaw(socketPath, (socket, connection) => {
    readRequests(socket, ({ head, body }) => {
      const request = { head, body, connection };
      seen.push(request);
      answer(socket, request);
    });
  });
  defer(server.close);
  return { socketPath, seen, connections: server.connections };
}

function clientFor(socketPath: string, timeoutMs = 5000): MemorydClient {
  const client = new MemorydClient({ socketPath, timeoutMs });
  defer(() => client.close());
  return client;
}

const json = (body: string, extra = ''): string =>
  `HTTP/1.1 200 OK\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n${extra}\r\n${body}`;

// Writes `bytes` a few at a time, each piece in its own turn of the event loop.
function trickle(socket: Socket, bytes: Buffer, size: number): void {
  if (bytes.length === 0 || socket.destroyed) return;
  socket.write(bytes.subarray(0, size));
  setTimeout(() => trickle(socket, bytes.subarray(size), size), 1);
}

describe('the client over the socket', () => {
  it('sends each request in one piece with its length, and reuses one kept-alive connection', async () => {
    const server = await rawServer((socket, request) => socket.write(json(JSON.stringify({ echo: request.body }))));
    const client = clientFor(server.socketPath);
    expect(await client.json('POST', '/v1/x', { text: 'día ☕' })).toEqual({ echo: '{"text":"día ☕"}' });
    expect(await client.json('GET', '/v1/y')).toEqual({ echo: '' });
    expect(server.connections()).toBe(1);
    const [post, get] = server.seen;
    expect(post?.head).toMatch(/^POST \/v1\/x HTTP\/1\.1\r\n/);
    expect(post?.head).toContain('content-type: application/json');
    expect(post?.head).toContain(`content-length: ${Buffer.byteLength('{"text":"día ☕"}')}`);
    expect(get?.head).not.toContain('content-length');
  });

  it('reads an answer that arrives a few bytes at a time, a character split across pieces included', async () => {
    const body = JSON.stringify({ text: 'qué decidimos ☕ ayer', n: [1, 2, 3] });
    const server = await rawServer((socket) => trickle(socket, Buffer.from(json(body)), 3));
    const client = clientFor(server.socketPath);
    expect(await client.json('GET', '/v1/x')).toEqual(JSON.parse(body));
    expect(await client.json('GET', '/v1/x')).toEqual(JSON.parse(body));
    expect(server.connections()).toBe(1);
  });

  it('reads chunked answers, extensions and trailers included', async () => {
    const chunked =
      'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n' +
      '4\r\n{"a"\r\n' +
      '7;ext=1\r\n:"día"\r\n' +
      '1\r\n}\r\n' +
      '0\r\nx-trailer: 1\r\n\r\n';
    const server = await rawServer((socket) => trickle(socket, Buffer.from(chunked), 5));
    const client = clientFor(server.socketPath);
    expect(await client.json('GET', '/v1/x')).toEqual({ a: 'día' });
    expect(await client.json('GET', '/v1/x')).toEqual({ a: 'día' });
    expect(server.connections()).toBe(1);
  });

  it('reads a node:http server streaming its answer in chunks', async () => {
    const temp = makeTempDir();
    defer(temp.remove);
    const socketPath = join(temp.dir, 'h.sock');
    const server = createHttpServer((request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain', 'set-cookie': ['a=1', 'b=2'] });
      response.write('first ');
      setTimeout(() => response.end('second'), 5);
    });
    await new Promise<void>((resolve) => server.listen(socketPath, resolve));
    defer(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const client = clientFor(socketPath);
    const answer = await client.raw('GET', '/text');
    expect(answer).toMatchObject({ status: 200, body: 'first second' });
    expect(answer.headers['transfer-encoding']).toBe('chunked');
    expect(answer.headers['set-cookie']).toEqual(['a=1', 'b=2']);
  });

  it('reads an answer framed by the end of the connection, and opens a new one for the next request', async () => {
    const server = await rawServer((socket) => socket.end('HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\n\r\nuntil the end'));
    const client = clientFor(server.socketPath);
    expect((await client.raw('GET', '/a')).body).toBe('until the end');
    expect((await client.raw('GET', '/b')).body).toBe('until the end');
    expect(server.connections()).toBe(2);
  });

  it('does not reuse a connection the server said it closes', async () => {
    const server = await rawServer((socket) => socket.write(json('{}', 'connection: close\r\n')));
    const client = clientFor(server.socketPath);
    await client.json('GET', '/a');
    await client.json('GET', '/b');
    expect(server.connections()).toBe(2);
  });

  it('answers without a body for 204, and reports error statuses with the error body', async () => {
    const server = await rawServer((socket, request) => {
      if (request.head.startsWith('DELETE')) socket.write('HTTP/1.1 204 No Content\r\n\r\n');
      else socket.write(json('{"error":{"code":"NOT_FOUND","message":"no such fact","details":{"id":"f1"}}}').replace('200 OK', '404 Not Found'));
    });
    const client = clientFor(server.socketPath);
    expect(await client.raw('DELETE', '/v1/x')).toMatchObject({ status: 204, body: '' });
    await expect(client.getFact('f1')).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND', details: { id: 'f1' } });
    expect(server.connections()).toBe(1);
  });

  it('reports an error status whose body is not the error format with the status and the body, never "[object Object]"', async () => {
    const server = await rawServer((socket, request) => {
      if (request.head.includes('/v1/health')) socket.write(json('{"status":"degraded","db":"error"}').replace('200 OK', '503 Service Unavailable'));
      else socket.write('HTTP/1.1 502 Bad Gateway\r\ncontent-type: text/plain\r\ncontent-length: 8\r\n\r\nupstream');
    });
    const client = clientFor(server.socketPath);
    const degraded = await client.health().catch((error: unknown) => error);
    expect(degraded).toBeInstanceOf(MemorydApiError);
    expect(degraded).toMatchObject({ status: 503, code: 'HTTP_503', details: {}, body: { status: 'degraded', db: 'error' } });
    expect((degraded as Error).message).toBe('503 HTTP_503: the answer has no error object: {"status":"degraded","db":"error"}');
    await expect(client.json('GET', '/v1/x')).rejects.toMatchObject({ status: 502, code: 'HTTP_502', message: '502 HTTP_502: the answer has no error object: upstream' });
  });

  it('reports an answer labelled JSON that is not JSON with its status and text, not a bare SyntaxError', async () => {
    const server = await rawServer((socket, request) => {
      const status = request.head.includes('/v1/health') ? '200 OK' : '500 Internal Server Error';
      socket.write(`HTTP/1.1 ${status}\r\ncontent-type: application/json\r\ncontent-length: 9\r\n\r\n{"error":`);
    });
    const client = clientFor(server.socketPath);
    await expect(client.json('GET', '/v1/x')).rejects.toMatchObject({ status: 500, code: 'HTTP_500', body: '{"error":' });
    await expect(client.health()).rejects.toMatchObject({ status: 200, code: 'HTTP_200', message: '200 HTTP_200: the answer is labelled JSON but is not: {"error":' });
  });

  it('fails a request the server does not answer in time, naming it, and does not reuse that connection', async () => {
    const server = await rawServer((socket, request) => {
      if (!request.head.startsWith('GET /slow')) socket.write(json('{"ok":true}'));
    });
    const client = clientFor(server.socketPath, 100);
    const timedOut = await client.json('GET', '/slow').catch((error: unknown) => error);
    expect(timedOut).toBeInstanceOf(MemorydTimeoutError);
    expect(timedOut).toMatchObject({ message: 'memoryd did not answer GET /slow within 100 ms', waitedFor: 'answer', timeoutMs: 100 });
    expect(await client.json('GET', '/fast')).toEqual({ ok: true });
    expect(server.connections()).toBe(2);
  });

  it('fails clearly when the connection ends in the middle of an answer, without sending the request again', async () => {
    const server = await rawServer((socket) => socket.end('HTTP/1.1 200 OK\r\ncontent-length: 50\r\n\r\n{"cut":'));
    const client = clientFor(server.socketPath);
    await expect(client.json('POST', '/v1/x', {})).rejects.toThrow('memoryd closed the connection before its answer to POST /v1/x was complete');
    expect(server.seen).toHaveLength(1);
  });

  it('fails on an answer that is not HTTP', async () => {
    const server = await rawServer((socket) => socket.write('SSH-2.0-OpenSSH\r\n\r\n'));
    const client = clientFor(server.socketPath);
    await expect(client.json('GET', '/v1/x')).rejects.toThrow('not an HTTP/1.x status line');
  });

  it('refuses a header value that would split the request, and a path with spaces, before sending anything', async () => {
    const server = await rawServer((socket) => socket.write(json('{}')));
    const client = clientFor(server.socketPath);
    await expect(client.raw('GET', '/v1/x', undefined, { 'x-note': 'a\r\nx-evil: 1' })).rejects.toThrow('header x-note holds a line break');
    await expect(client.raw('GET', '/v1/a b')).rejects.toThrow('bad request path');
    expect(server.seen).toHaveLength(0);
  });

  it('runs many requests at once on at most 16 connections, each getting its own answer', async () => {
    let inFlight = 0;
    let mostInFlight = 0;
    const server = await rawServer((socket, request) => {
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      setTimeout(() => {
        inFlight -= 1;
        socket.write(json(JSON.stringify({ echo: JSON.parse(request.body) as unknown })));
      }, 10);
    });
    const client = clientFor(server.socketPath);
    const answers = await Promise.all(Array.from({ length: 40 }, (_, n) => client.json('POST', '/v1/x', { n })));
    expect(answers).toEqual(Array.from({ length: 40 }, (_, n) => ({ echo: { n } })));
    expect(server.connections()).toBe(16);
    expect(mostInFlight).toBe(16);
  });

  it('sends the next request on a new connection once it has read that the server closed the idle one, and nothing on the closed one', async () => {
    const answeredOn: Socket[] = [];
    const server = await rawServer((socket) => {
      answeredOn.push(socket);
      socket.write(json('{"ok":true}'));
    });
    const clientSockets = watchClientSockets();
    defer(clientSockets.stop);
    const client = clientFor(server.socketPath);
    expect(await client.json('GET', '/a')).toEqual({ ok: true });
    const [serverSide] = answeredOn;
    const [clientSide] = clientSockets.opened;
    if (serverSide === undefined || clientSide === undefined) throw new Error('the first request went out on no connection');
    // Nothing may go out on the closed connection, not even as the first try of a resend: the
    // server ends only its side and still reads, so a request sent there would be seen; and a
    // write the client's side refuses (EPIPE, once it has read the end) closes that side in error.
    const endRead = once(clientSide, 'end');
    const closedInError = new Promise<boolean>((resolve) => clientSide.once('close', resolve));
    serverSide.end();
    await endRead;
    expect(await client.json('GET', '/b')).toEqual({ ok: true });
    expect(await closedInError).toBe(false);
    expect(server.seen.map((request) => [request.head.split(' ', 2).join(' '), request.connection])).toEqual([
      ['GET /a', 1],
      ['GET /b', 2],
    ]);
  });

  it('sends the next request on a new connection when the server ended the last one with its answer', async () => {
    // A kept-alive answer and the end of the connection arrive together: the next request
    // must not go out on the ending connection.
    const server = await rawServer((socket) => socket.end(json('{"ok":true}')));
    const client = clientFor(server.socketPath);
    for (let n = 0; n < 5; n += 1) expect(await client.json('GET', `/v1/x${n}`)).toEqual({ ok: true });
    expect(server.connections()).toBe(5);
  });

  it('fails every later request once closed', async () => {
    const server = await rawServer((socket) => socket.write(json('{}')));
    const client = clientFor(server.socketPath);
    await client.json('GET', '/a');
    client.close();
    await expect(client.json('GET', '/b')).rejects.toThrow('the memoryd client is closed');
  });

  it('lets a script exit while its client holds an idle kept-alive connection', async () => {
    const server = await rawServer((socket) => socket.write(json('{"ok":true}')));
    const script = [
      `import { MemorydClient } from ${JSON.stringify(join(REPO_ROOT, 'src/client/memoryd-client.ts'))};`,
      `const client = new MemorydClient({ socketPath: ${JSON.stringify(server.socketPath)} });`,
      `console.log(JSON.stringify(await client.json('GET', '/a')));`,
    ].join('\n');
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: REPO_ROOT });
    let output = '';
    child.stdout.on('data', (bytes: Buffer) => (output += bytes.toString()));
    child.stderr.on('data', (bytes: Buffer) => (output += bytes.toString()));
    const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    clearTimeout(killer);
    expect(output.trim()).toBe('{"ok":true}');
    expect(code).toBe(0);
  });
});
