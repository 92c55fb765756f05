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

/** One HTTP/1.1 exchange over a Unix socket, reusing connections through `agent`. */
export function sendOverSocket(socketPath: string, agent: Agent, req: RawRequest): Promise<RawResponse> {
  return new Promise<RawResponse>((resolve, reject) => {
    const headers: Record<string, string> = { ...req.headers };
    if (req.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      headers['content-length'] = String(Buffer.byteLength(req.body));
    }
    const outgoing = request(
      { socketPath, agent, method: req.method, path: req.path, headers: { host: 'memoryd', ...headers }, timeout: req.timeoutMs },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () =>
          resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
        incoming.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`memoryd did not answer ${req.method} ${req.path} within ${req.timeoutMs} ms`)));
    outgoing.on('error', reject);
    if (req.body !== undefined) outgoing.write(req.body);
    outgoing.end();
  });
}
