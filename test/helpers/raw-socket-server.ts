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
