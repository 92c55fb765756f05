import { lstatSync, unlinkSync } from 'node:fs';
import { connect } from 'node:net';
import { SETTINGS } from '../config/settings.js';
import { AppError } from '../errors.js';
import { unusablePath, UnusablePathError } from './path-setting.js';

export type SocketState = 'absent' | 'stale' | 'live';

/**
 * What is at the socket path: nothing, a socket nobody listens on (left by a crash), or
 * a live daemon. A path that exists but is not a socket is refused, never deleted.
 */
export async function probeSocket(path: string, timeoutMs = 1000): Promise<SocketState> {
  let isSocket: boolean;
  try {
    isSocket = lstatSync(path).isSocket();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'absent';
    throw unusablePath(SETTINGS.socket.env, { kind: 'file', path }, error);
  }
  if (!isSocket) {
    const setting = SETTINGS.socket.env;
    throw new UnusablePathError(
      setting,
      { kind: 'file', path },
      `it is not a socket (memoryd replaces only a socket a crashed daemon left); move it away or set ${setting} to another path`,
    );
  }
  return new Promise<SocketState>((resolve) => {
    const socket = connect({ path });
    const done = (state: SocketState): void => {
      clearTimeout(timer);
      socket.destroy();
      resolve(state);
    };
    // A daemon too busy to accept within the timeout is still alive: never steal its socket.
    const timer = setTimeout(() => done('live'), timeoutMs);
    socket.once('connect', () => done('live'));
    socket.once('error', (error: NodeJS.ErrnoException) => done(error.code === 'ECONNREFUSED' || error.code === 'ENOENT' ? 'stale' : 'live'));
  });
}

/** Refuses to start beside a live daemon; removes a stale socket so listen() can bind. */
export async function claimSocketPath(path: string): Promise<'fresh' | 'recovered'> {
  const state = await probeSocket(path);
  if (state === 'live') {
    throw new AppError('ALREADY_RUNNING', `another memoryd is already serving ${path}; stop it first (or set MEMORYD_SOCKET to another path)`);
  }
  if (state === 'stale') {
    unlinkSync(path);
    return 'recovered';
  }
  return 'fresh';
}

export function removeSocketFile(path: string): void {
  try {
    if (lstatSync(path).isSocket()) unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
