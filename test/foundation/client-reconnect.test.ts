import { createServer } from 'node:http';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MemorydClient } from '../../src/client/memoryd-client.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';

const defer = cleanupAfterEach();

describe('the client', () => {
  it('sends a request again when the kept-alive connection it reused had been closed by the server', async () => {
    const temp = makeTempDir();
    defer(temp.remove);
    const socketPath = join(temp.dir, 's.sock');
    let requests = 0;
    let dropped = 0;
    // Models the keep-alive race: the server drops a kept-alive connection at the very
    // moment the next request arrives on it, without answering (as when its idle timer
    // fires just then). The first request on each connection is answered.
    const used = new WeakSet<object>();
    const server = createServer((request, response) => {
      if (used.has(request.socket)) {
        dropped += 1;
        request.socket.destroy();
        return;
      }
      used.add(request.socket);
      requests += 1;
      request.resume();
      request.on('end', () => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ n: requests }));
      });
    });
    await new Promise<void>((resolve) => server.listen(socketPath, resolve));
    defer(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const client = new MemorydClient({ socketPath, timeoutMs: 5000 });
    defer(() => client.close());
    expect(await client.json('POST', '/x', { a: 1 })).toEqual({ n: 1 });
    expect(await client.json('POST', '/x', { a: 2 })).toEqual({ n: 2 });
    expect(requests).toBe(2);
    // The second request went out on the kept-alive connection first: without the drop
    // the retry was never exercised.
    expect(dropped).toBe(1);
  });
});
