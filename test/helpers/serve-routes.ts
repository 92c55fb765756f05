import { join } from 'node:path';
import pino from 'pino';
import type { RouteSpec } from '../../src/api/route.js';
import { createServer } from '../../src/api/server.js';
import { MemorydApiError, MemorydClient } from '../../src/client/memoryd-client.js';

export interface ServedRoutes {
  client: MemorydClient;
  socketPath: string;
  close(): Promise<void>;
}

/**
 * Some routes on the real API server (error format, body parsing and all), listening on
 * a real socket in `dir`: for testing one part of the API without the whole daemon.
 */
export async function serveRoutes(dir: string, routes: RouteSpec[], options: { maxBodyBytes?: number; lingerMs?: number } = {}): Promise<ServedRoutes> {
  const socketPath = join(dir, 'api.sock');
  const app = createServer({ routes, logger: pino({ level: 'silent' }), maxBodyBytes: options.maxBodyBytes ?? 64 * 1024, lingerMs: options.lingerMs });
  await app.listen({ path: socketPath });
  const client = new MemorydClient({ socketPath, timeoutMs: 5000 });
  return {
    client,
    socketPath,
    close: async () => {
      client.close();
      await app.close();
    },
  };
}

/** The API error a call must end with (a call that succeeds fails the test). */
export async function apiError(call: Promise<unknown>): Promise<MemorydApiError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof MemorydApiError) return error;
    throw error;
  }
  throw new Error('expected an API error');
}
