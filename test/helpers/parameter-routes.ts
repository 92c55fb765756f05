import { afterAll, beforeAll } from 'vitest';
import { z } from 'zod';
import { defineRoute, type RouteSpec } from '../../src/api/route.js';
import type { MemorydClient } from '../../src/client/memoryd-client.js';
import { serveRoutes, type ServedRoutes } from './serve-routes.js';
import { makeTempDir } from './temp-dir.js';

const text = z.string();

// Shapes the daemon does not have yet: two parameters side by side, and two apart (one
// after a literal). Each route answers its parameters, so a test can tell which segments were parameters.
const twoParameterRoutes: RouteSpec[] = [
  defineRoute({ method: 'GET', path: '/v1/pairs/:left/:right', summary: 'two side by side', params: z.strictObject({ left: text, right: text }), handler: ({ params }) => params }),
  defineRoute({ method: 'GET', path: '/v1/owners/:owner/items/:item', summary: 'two apart', params: z.strictObject({ owner: text, item: text }), handler: ({ params }) => params }),
];

/**
 * Serves the routes with two parameters, and `more` after them, on the real API server
 * for the whole test file (from before its first test to after its last). Call once at
 * the top of the file; `client` calls them from the first test on.
 */
export function serveParameterRoutes(more: RouteSpec[] = []): { readonly client: MemorydClient } {
  const temp = makeTempDir();
  let served: ServedRoutes | undefined;
  beforeAll(async () => {
    served = await serveRoutes(temp.dir, [...twoParameterRoutes, ...more]);
  });
  afterAll(async () => {
    await served?.close();
    temp.remove();
  });
  return {
    get client(): MemorydClient {
      if (served === undefined) throw new Error('the parameter routes are served from the first test on');
      return served.client;
    },
  };
}
