import { describe, expect, it } from 'vitest';
import type { FieldIssue } from '../../src/errors.js';
import { refusal } from '../helpers/api-refusal.js';
import { serveParameterRoutes } from '../helpers/parameter-routes.js';

// Paths the router cannot percent-decode, on routes of shapes the daemon does not have yet
// (two parameters, one after a literal): the 400 names the parameter as the router would
// have read it, and the path when no route has its shape.
const served = serveParameterRoutes();

const BAD_ESCAPE = 'invalid percent-encoding';

const issue = (path: string): FieldIssue => ({ path, message: BAD_ESCAPE });

describe('a path that does not decode, on routes with two parameters', () => {
  it('names the parameter the bad escape is in, or both, trailing slash or query or not', async () => {
    expect(await refusal(served.client, 'GET', '/v1/owners/ann/items/%FF')).toEqual({ status: 400, code: 'INVALID_REQUEST', issues: [issue('params.item')] });
    expect((await refusal(served.client, 'GET', '/v1/owners/a%E2%82/items/lamp')).issues).toEqual([issue('params.owner')]);
    expect((await refusal(served.client, 'GET', '/v1/owners/%ZZ/items/%FF/')).issues).toEqual([issue('params.owner'), issue('params.item')]);
    expect((await refusal(served.client, 'GET', '/v1/pairs/ok/%E0?x=1')).issues).toEqual([issue('params.right')]);
  });

  it('reads an empty parameter as the router does', async () => {
    // The router gives `/v1/pairs//b` to the route (left is empty), so its bad twin is named by parameter.
    expect(await served.client.json('GET', '/v1/pairs//b')).toEqual({ left: '', right: 'b' });
    expect((await refusal(served.client, 'GET', '/v1/pairs//%FF')).issues).toEqual([issue('params.right')]);
    // A wrong method on such a path is refused as one on the route.
    expect((await served.client.raw('DELETE', '/v1/pairs//b')).headers.allow).toBe('GET');
    // A last parameter may be empty when a slash follows it (the router drops one trailing slash).
    expect(await served.client.json('GET', '/v1/pairs/ok//')).toEqual({ left: 'ok', right: '' });
    expect((await served.client.raw('DELETE', '/v1/pairs/ok//')).headers.allow).toBe('GET');
    expect((await refusal(served.client, 'GET', '/v1/pairs/%FF//')).issues).toEqual([issue('params.left')]);
  });

  it('names the path when no route has its shape', async () => {
    expect((await refusal(served.client, 'GET', '/v1/owners/ann/items/%FF/more')).issues).toEqual([issue('path')]);
    expect((await refusal(served.client, 'GET', '/v1/own%FFers/ann/items/lamp')).issues).toEqual([issue('path')]);
    expect((await refusal(served.client, 'GET', '/v1/pairs/%FF')).issues).toEqual([issue('path')]);
    // A last parameter is never empty: the router has no route for `/v1/pairs/ok/` either.
    expect((await refusal(served.client, 'GET', '/v1/pairs/%FF/')).issues).toEqual([issue('path')]);
    expect((await refusal(served.client, 'GET', '/v1/pairs/ok/')).code).toBe('NOT_FOUND');
  });
});
