import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';

export interface DrainOptions {
  /** Closing waits until no request has arrived for this long… */
  quietMs: number;
  /** …or this long in all, whichever comes first. */
  maxMs: number;
}

/**
 * On close, before the server shuts its connections, every request that arrives (one
 * a client already sent on a kept-alive connection, or a new one) is answered with a
 * 503 SHUTTING_DOWN in the api.md format and `Connection: close`, until the requests
 * stop coming. Without this pause, Node closes every connection with no request being
 * handled at once, and a request already on its way there ends in a connection reset.
 */
export function installShutdownDrain(app: FastifyInstance, options: DrainOptions): void {
  let closing = false;
  let lastArrival = performance.now();
  app.addHook('onRequest', (_request, reply, done) => {
    lastArrival = performance.now();
    if (!closing) {
      done();
      return;
    }
    void reply.header('connection', 'close');
    done(new AppError('SHUTTING_DOWN', 'memoryd is shutting down; retry when it is back'));
  });
  app.addHook('preClose', async () => {
    closing = true;
    const started = performance.now();
    lastArrival = started;
    while (performance.now() - lastArrival < options.quietMs && performance.now() - started < options.maxMs) {
      await new Promise((resolve) => setTimeout(resolve, Math.max(1, options.quietMs / 4)));
    }
  });
}
