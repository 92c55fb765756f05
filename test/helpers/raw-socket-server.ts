import { createServer, type Socket } from 'node:net';

/** A plain node:net server on a Unix socket, for client tests that script the bytes a server sends. */
export interface RawSocketServer {
  /** Connections accepted so far (each numbered from 1 in the order it came). */
  connections(): number;
  /** Destroys every open connection and stops listening. */
  close(): Promise<void>;
}

/** Listens on `socketPath`; `onConnection` gets each connection with its number. */
export async function listenRaw(socketPath: string, onConnection: (socket: Socket, connection: number) => void): Promise<RawSocketServer> {
  let connections = 0;
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    const connection = ++connections;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    // A test that drops a connection on purpose must not fail on its reset.
    socket.on('error', () => undefined);
    onConnection(socket, connection);
  });
  await new Promise<void>((resolve) => server.listen(socketPath, resolve));
  return {
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** An HTTP request as it arrived: its head (request line and headers) and its Content-Length body. */
export interface ArrivedRequest {
  head: string;
  body: string;
}

/**
 * Splits the bytes arriving on `socket` into HTTP requests and hands each to `onRequest`,
 * in order, once its whole body (as long as its Content-Length says, none without one) is in.
 */
export function readRequests(socket: Socket, onRequest: (request: ArrivedRequest) => void): void {
  let pending = Buffer.alloc(0);
  socket.on('data', (bytes: Buffer) => {
    pending = Buffer.concat([pending, bytes]);
    for (;;) {
      const end = pending.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = pending.toString('latin1', 0, end);
      const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
      if (pending.length < end + 4 + length) return;
      const body = pending.toString('utf8', end + 4, end + 4 + length);
      pending = pending.subarray(end + 4 + length);
      onRequest({ head, body });
    }
  });
}
