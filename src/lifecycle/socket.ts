import { lstatSync, unlinkSync, type BigIntStats } from 'node:fs';
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

/** The device and inode of a socket file: what tells the socket a daemon made from one made later at the same path. */
export interface SocketIdentity {
  dev: bigint;
  ino: bigint;
}

/** The identity of the socket at `path`; read right after listening, while it is surely this daemon's. */
export function socketIdentity(path: string): SocketIdentity {
  const { dev, ino } = lstatSync(path, { bigint: true });
  return { dev, ino };
}

/**
 * Removes the socket this daemon made at `path`, and nothing else: a path that is gone,
 * is no socket, or is another socket (a daemon that started there once this one's socket
 * was gone, while this one was still finishing its requests) is left as it is.
 */
export function removeSocketFile(path: string, made: SocketIdentity): void {
  let there: BigIntStats;
  try {
    there = lstatSync(path, { bigint: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (there.isSocket() && there.dev === made.dev && there.ino === made.ino) unlinkSync(path);
}
