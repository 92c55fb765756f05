import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { Socket } from 'node:net';

// node:net publishes every client socket it creates on this channel.
const CLIENT_SOCKETS = 'net.client.socket';

/** The client sockets this process opens from now on, in order, until `stop`. */
export interface ClientSockets {
  opened: Socket[];
  stop(): void;
}

/**
 * Watches the connections a client opens, so that a test can wait for what a connection
 * of the client has seen (such as the server's end of it) without reaching into the client.
 */
export function watchClientSockets(): ClientSockets {
  const opened: Socket[] = [];
  const onSocket = (message: unknown): void => {
    if (typeof message === 'object' && message !== null && 'socket' in message && message.socket instanceof Socket) opened.push(message.socket);
  };
  subscribe(CLIENT_SOCKETS, onSocket);
  return { opened, stop: () => void unsubscribe(CLIENT_SOCKETS, onSocket) };
}
