import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoute } from '../../src/api/route.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { serveRoutes } from '../helpers/serve-routes.js';
import { makeTempDir } from '../helpers/temp-dir.js';

// A client still sending its body when memoryd answers early (413, a parse error) and
// closes must read that answer: the server keeps reading until the client is done,
// instead of closing under it (its next write would fail with EPIPE, answer unread).
const defer = cleanupAfterEach();

const LIMIT = 64 * 1024;
const routes = [
  defineRoute({
    method: 'POST',
    path: '/v1/things',
    summary: 'test route',
    body: z.strictObject({ text: z.string() }),
    handler: () => ({ ok: true }),
  }),
];

async function serve(lingerMs: number) {
  const dir = makeTempDir();
  defer(() => dir.remove());
  const api = await serveRoutes(dir.dir, routes, { maxBodyBytes: LIMIT, lingerMs });
  return api;
}

// A raw connection that keeps writing after the server's answer, recording what fails.
class Uploader {
  readonly socket: Socket;
  received = '';
  readonly writeErrors: string[] = [];
  readonly answered: Promise<void>;
  readonly closed: Promise<void>;

  constructor(socketPath: string) {
    // Half-open: the server's FIN after its answer must not end our side for us.
    this.socket = connect({ path: socketPath, allowHalfOpen: true });
    this.answered = new Promise((resolve) => {
      this.socket.on('data', (chunk: Buffer) => {
        this.received += chunk.toString('utf8');
        if (/\r\n\r\n[\s\S]*\}$/.test(this.received)) resolve();
      });
    });
    this.closed = new Promise((resolve) => this.socket.once('close', () => resolve()));
    this.socket.on('error', (error: NodeJS.ErrnoException) => this.writeErrors.push(error.code ?? error.message));
  }

  write(data: string | Buffer): Promise<void> {
    return new Promise((resolve) => {
      this.socket.write(data, (error) => {
        if (error) this.writeErrors.push((error as NodeJS.ErrnoException).code ?? error.message);
        resolve();
      });
    });
  }

  /** Writes `pieces` more pieces of the body, a few milliseconds apart. */
  async keepSending(pieces: number, piece: Buffer | string): Promise<void> {
    for (let i = 0; i < pieces && !this.socket.destroyed; i++) {
      await this.write(piece);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  status(): number | null {
    const match = /^HTTP\/1\.1 (\d{3})/.exec(this.received);
    return match ? Number(match[1]) : null;
  }

  errorCode(): string {
    const body = this.received.slice(this.received.indexOf('\r\n\r\n') + 4);
    return (JSON.parse(body) as { error: { code: string } }).error.code;
  }
}

const head = (extra: string): string => `POST /v1/things HTTP/1.1\r\nHost: memoryd\r\nContent-Type: application/json\r\nConnection: close\r\n${extra}\r\n`;

// Starts an upload the server refuses before reading all of it, waits for the answer,
// then sends `more` eight times: with a lingering close none of those writes fails.
async function sendPastTheAnswer(start: (upload: Uploader) => Promise<void>, more: Buffer): Promise<Uploader> {
  const api = await serve(10_000);
  const upload = new Uploader(api.socketPath);
  await start(upload);
  await upload.answered;
  await upload.keepSending(8, more);
  upload.socket.end();
  await upload.closed;
  await api.close();
  return upload;
}

describe('lingering close', () => {
  it('lets a client refused on its Content-Length keep sending and read the 413', async () => {
    const upload = await sendPastTheAnswer((u) => u.write(head(`Content-Length: ${4 * LIMIT}\r\n`)), Buffer.alloc(LIMIT / 2, 'a'));
    expect(upload.writeErrors).toEqual([]);
    expect(upload.status()).toBe(413);
    expect(upload.errorCode()).toBe('PAYLOAD_TOO_LARGE');
  });

  it('lets a client whose chunked body crosses the limit mid-upload read the 413', async () => {
    const piece = Buffer.alloc(16 * 1024, 'b');
    const chunk = Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]);
    const upload = await sendPastTheAnswer(async (u) => {
      await u.write(head('Transfer-Encoding: chunked\r\n'));
      for (let sent = 0; sent <= LIMIT; sent += piece.length) await u.write(chunk);
    }, chunk);
    expect(upload.writeErrors).toEqual([]);
    expect(upload.status()).toBe(413);
    // No Content-Length: the size is unknown, the limit is not.
    expect(JSON.parse(upload.received.slice(upload.received.indexOf('\r\n\r\n') + 4)).error).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: `the request body is over the limit of ${LIMIT} bytes (MEMORYD_MAX_BODY_BYTES)`,
      details: { path: 'body', limit: LIMIT, variable: 'MEMORYD_MAX_BODY_BYTES' },
    });
  });

  it('lets a client whose body breaks HTTP framing mid-upload read the 400', async () => {
    const upload = await sendPastTheAnswer(async (u) => {
      await u.write(head('Transfer-Encoding: chunked\r\n'));
      await u.write('zz-not-a-chunk-size\r\n');
    }, Buffer.alloc(16 * 1024, 'c'));
    expect(upload.writeErrors).toEqual([]);
    expect(upload.status()).toBe(400);
    expect(upload.errorCode()).toBe('INVALID_REQUEST');
  });

  it('closes a connection whose client never stops sending once the linger time is over', async () => {
    const api = await serve(100);
    const upload = new Uploader(api.socketPath);
    await upload.write(head(`Content-Length: ${4 * LIMIT}\r\n`));
    await upload.answered;
    const sending = upload.keepSending(Number.MAX_SAFE_INTEGER, Buffer.alloc(1024, 'd'));
    await upload.closed;
    await sending;
    expect(upload.status()).toBe(413);
    await api.close();
  });

  it('does not hold a shutdown on a lingering connection', async () => {
    const api = await serve(10 * 60_000);
    const upload = new Uploader(api.socketPath);
    await upload.write(head(`Content-Length: ${4 * LIMIT}\r\n`));
    await upload.answered;
    // Resolves only if the shutdown cut the lingering connection (else: after ten minutes).
    await api.close();
    expect(upload.status()).toBe(413);
    upload.socket.end();
    await upload.closed;
  });
});
