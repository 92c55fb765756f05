import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoute } from '../../src/api/route.js';
import { refusal } from '../helpers/api-refusal.js';
import { serveParameterRoutes } from '../helpers/parameter-routes.js';

// The 404/405 handler and the 400 of a bad escape tell which route a path has the shape
// of with `pathShape`, not with the router: the two must agree on every path, empty
// segments and trailing slashes included, or a GET the router refuses gets a 405, or a
// bad escape is blamed on a parameter of a route the path does not reach.
const served = serveParameterRoutes([
  defineRoute({ method: 'GET', path: '/v1/facts/:id/chain', summary: 'one, then a literal', params: z.strictObject({ id: z.string() }), handler: ({ params }) => params }),
  defineRoute({ method: 'GET', path: '/v1/facts', summary: 'literal', handler: () => ({}) }),
]);

const segment = fc.constantFrom('', 'a', 'b%41', 'pairs', 'owners', 'items', 'facts', 'chain');
// What a bad escape is mended to: a value no other segment has.
const MENDED = 'mended';
const withBadEscape = fc.constantFrom('', 'a', '%FF', 'pairs', 'owners', 'items', 'facts', 'chain');

describe('the route pattern and the router', () => {
  it('agree on which paths reach a route: a GET is answered or 404, never 405, and a DELETE is 405 exactly where the GET was answered', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(segment, { minLength: 0, maxLength: 5 }), fc.boolean(), async (segments, trailingSlash) => {
        const path = `/v1/${segments.join('/')}${trailingSlash ? '/' : ''}`;
        const get = (await served.client.raw('GET', path)).status;
        expect([200, 404], `GET ${path}`).toContain(get);
        const remove = await served.client.raw('DELETE', path);
        expect(remove.status, `DELETE ${path} after GET ${get}`).toBe(get === 200 ? 405 : 404);
      }),
      { numRuns: 400 },
    );
  });

  it('agree on which parameter a bad escape is in: the 400 names exactly the parameters the router gives the mended segments', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(withBadEscape, { minLength: 1, maxLength: 5 }), fc.boolean(), async (segments, trailingSlash) => {
        fc.pre(segments.includes('%FF'));
        const path = `/v1/${segments.join('/')}${trailingSlash ? '/' : ''}`;
        const refused = await refusal(served.client, 'GET', path);
        expect(refused.status, `GET ${path}`).toBe(400);
        const named = refused.issues.map((issue) => issue.path);
        const mended = await served.client.raw('GET', path.replaceAll('%FF', MENDED));
        if (mended.status === 200) {
          const params = Object.entries(JSON.parse(mended.body) as Record<string, string>);
          expect(named, `GET ${path}`).toEqual(params.filter(([, value]) => value === MENDED).map(([name]) => `params.${name}`));
        } else {
          expect(named, `GET ${path}`).toEqual(['path']);
        }
      }),
      { numRuns: 300 },
    );
  });
});
