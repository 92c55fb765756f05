import { existsSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { startTestDaemon } from '../helpers/test-daemon.js';

const defer = cleanupAfterEach();

// A request whose headers are sent and whose body never comes: it keeps a stopping daemon
// finishing its requests until the connection ends.
async function halfSentRequest(socketPath: string): Promise<Socket> {
  const socket = connect(socketPath);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  socket.write('POST /v1/sessions/slow/turns HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"role":');
  return socket;
}

describe('a daemon stopping while another starts on its socket path', () => {
  it('removes its own socket only: the daemon serving at the path when it exits stays reachable', async () => {
    const sockets = makeTempDir('memoryd-sockets-');
    defer(sockets.remove);
    const socketPath = join(sockets.dir, 'memoryd.sock');
    const env = { MEMORYD_SOCKET: socketPath, MEMORYD_SHUTDOWN_TIMEOUT_MS: '60000' };
    const first = await startTestDaemon({ env });
    defer(() => first.stop());
    const slow = await halfSentRequest(socketPath);
    defer(() => slow.destroy());
    // Answered after the half-sent request's headers were read: the stop below finds it in flight.
    expect((await first.client.health()).status).toBe('ok');
    first.client.close();

    const stopping = first.daemon.stop('SIGTERM');
    // Node removes the path as soon as the server stops accepting, while the request still holds the daemon.
    await vi.waitFor(() => expect(existsSync(socketPath)).toBe(false), { timeout: 5000, interval: 10 });
    const second = await startTestDaemon({ env });
    defer(() => second.stop());
    slow.destroy();
    expect(await stopping).toEqual({ clean: true });

    expect(existsSync(socketPath)).toBe(true);
    expect((await second.client.health()).status).toBe('ok');
  });
});
