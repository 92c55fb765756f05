import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** How long a closing connection keeps reading what its client still sends. */
export const LINGER_MS = 2_000;

export interface LingeringClose {
  /** Ends every connection still lingering (shutdown: nothing more will be answered). */
  destroyAll(): void;
}

/**
 * A lingering close (RFC 9112 §9.6). When memoryd answers before it has read the whole
 * request (a 413 on an over-limit body, a 503 while shutting down, an unparsable
 * request) and the connection is to close, Node destroys the socket as soon as the
 * answer is written. A client still uploading then fails its next write with EPIPE
 * and never reads the answer waiting in its receive buffer. Instead the write side is
 * ended after the answer and the socket keeps reading and dropping what arrives, until
 * the client closes its side or `lingerMs` pass.
 */
export function installLingeringClose(server: Server, lingerMs = LINGER_MS): LingeringClose {
  const lingering = new Set<Socket>();

  const linger = (socket: Socket): void => {
    if (socket.destroyed) return;
    if (socket.writable) socket.end();
    if (lingering.has(socket)) return;
    lingering.add(socket);
    const timer = setTimeout(() => socket.destroy(), lingerMs);
    timer.unref();
    socket.once('close', () => {
      clearTimeout(timer);
      lingering.delete(socket);
    });
  };

  // Node's HTTP server ends a `Connection: close` exchange with socket.destroySoon();
  // with a half-open socket (the HTTP server's default) end() alone lets the client's
  // FIN, or the timer, finish the close.
  server.on('connection', (socket: Socket) => {
    socket.destroySoon = () => linger(socket);
  });

  return {
    destroyAll: () => {
      for (const socket of lingering) socket.destroy();
    },
  };
}
