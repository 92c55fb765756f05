import { Agent, request } from 'node:http';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface RawRequest {
  method: string;
  path: string;
  body?: string | Buffer;
  headers?: Record<string, string>;
  timeoutMs: number;
}

/** The request never reached the server: a kept-alive connection closed under it. */
class StaleConnectionError extends Error {}

/**
 * One HTTP/1.1 exchange over a Unix socket, reusing connections through `agent`. A
 * reused connection that the server had just closed fails before any answer (EPIPE,
 * ECONNRESET): the request was never read, so it is sent once more on a new connection
 * (the retry Node's documentation recommends with `reusedSocket`).
 */
export async function sendOverSocket(socketPath: string, agent: Agent, req: RawRequest): Promise<RawResponse> {
  try {
    return await exchange(socketPath, agent, req);
  } catch (error) {
    if (!(error instanceof StaleConnectionError)) throw error;
    return exchange(socketPath, agent, req);
  }
}

function exchange(socketPath: string, agent: Agent, req: RawRequest): Promise<RawResponse> {
  return new Promise<RawResponse>((resolve, reject) => {
    const headers: Record<string, string> = { ...req.headers };
    if (req.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      headers['content-length'] = String(Buffer.byteLength(req.body));
    }
    let answered = false;
    const outgoing = request(
      { socketPath, agent, method: req.method, path: req.path, headers: { host: 'memoryd', ...headers }, timeout: req.timeoutMs },
      (incoming) => {
        answered = true;
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () =>
          resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
        incoming.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`memoryd did not answer ${req.method} ${req.path} within ${req.timeoutMs} ms`)));
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      const stale = outgoing.reusedSocket && !answered && (error.code === 'ECONNRESET' || error.code === 'EPIPE');
      reject(stale ? new StaleConnectionError(error.message, { cause: error }) : error);
    });
    if (req.body !== undefined) outgoing.write(req.body);
    outgoing.end();
  });
}
