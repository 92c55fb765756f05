import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { daemonPerFile } from '../helpers/test-daemon.js';

// On a Unix socket the Host header names nothing: an HTTP/1.1 request without one is
// served as any other, and answered in JSON (Node would refuse it with a bare 400).
const file = daemonPerFile();

interface RawAnswer {
  status: number;
  headers: string;
  body: string;
}

// Sends `request` as written on a fresh connection and reads the answer to its end (`Connection: close`).
function exchange(request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(file.daemon.config.socketPath);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const head = split < 0 ? text : text.slice(0, split);
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), headers: head, body: split < 0 ? '' : text.slice(split + 4) });
    });
    socket.write(request);
  });
}

describe('an HTTP/1.1 request without a Host header', () => {
  it('is served: GET /v1/health answers 200 with the health fields', async () => {
    const answer = await exchange('GET /v1/health HTTP/1.1\r\nConnection: close\r\n\r\n');
    expect(answer.status).toBe(200);
    expect(answer.headers).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(answer.body)).toMatchObject({ status: 'ok', db: 'ok' });
  });

  it('gets the JSON error format for an error, as every request does', async () => {
    const answer = await exchange('GET /v1/nothing-here HTTP/1.1\r\nConnection: close\r\n\r\n');
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it('may carry a body: a context call without Host records the message', async () => {
    const body = JSON.stringify({ message: 'Remember that my editor is Helix.' });
    const answer = await exchange(
      `POST /v1/sessions/no-host/context HTTP/1.1\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ turn: { turnNumber: 1 } });
    expect((await file.client.session('no-host')).lastTurnNumber).toBe(1);
  });
});
