import { describe, expect, it } from 'vitest';
import { sessionPath } from '../../src/client/memoryd-client.js';
import { refusal } from '../helpers/api-refusal.js';
import { apiError } from '../helpers/serve-routes.js';
import { daemonPerFile } from '../helpers/test-daemon.js';

// An `at` before 1970-01-01T00:00:00Z is refused on every endpoint that takes one (a 400
// naming `body.at`, nothing recorded): memoryd keeps times as milliseconds since then, and
// one before year 0 came back as `-000001-12-31T23:00:00.000Z`, which `at` itself refuses.
const file = daemonPerFile();

const BEFORE_1970 = ['0000-01-01T00:00:00+01:00', '1969-12-31T23:59:59.999Z', '1970-01-01T00:59:59+01:00'];

async function sessionExists(sessionId: string): Promise<boolean> {
  return (await file.client.raw('GET', sessionPath(sessionId))).status === 200;
}

describe('an `at` before 1970-01-01T00:00:00Z', () => {
  it('is refused by the context call with a 400 naming body.at, and nothing is recorded', async () => {
    for (const at of BEFORE_1970) {
      const refused = await refusal(file.client, 'POST', sessionPath('y0', '/context'), JSON.stringify({ message: 'old', at }));
      expect([at, refused.status, refused.issues]).toEqual([at, 400, [{ path: 'body.at', message: expect.stringContaining('1970-01-01T00:00:00Z') }]]);
    }
    expect(await sessionExists('y0')).toBe(false);
  });

  it('is refused by /turns likewise, for a new session as for one that has turns', async () => {
    await file.client.context('y1', { message: 'A first message, from 1970.', at: '1970-01-01T00:00:01Z' });
    for (const at of BEFORE_1970) {
      for (const sessionId of ['y1', 'y1-new']) {
        const refused = await refusal(file.client, 'POST', sessionPath(sessionId, '/turns'), JSON.stringify({ role: 'assistant', content: 'old', at }));
        expect([at, sessionId, refused.status, refused.issues]).toEqual([at, sessionId, 400, [{ path: 'body.at', message: expect.stringContaining('1970-01-01T00:00:00Z') }]]);
      }
    }
    expect((await file.client.session('y1')).lastTurnNumber).toBe(1);
    expect(await sessionExists('y1-new')).toBe(false);
  });

  it('says why in the error message', async () => {
    const error = await apiError(file.client.context('y2', { message: 'old', at: '0000-01-01T00:00:00+01:00' }));
    expect(error.message).toMatch(/body\.at: must not be before 1970-01-01T00:00:00Z/);
  });
});

describe('an `at` from 1970-01-01T00:00:00Z on', () => {
  it('is taken, and the time the session shows can be sent back as `at`', async () => {
    await file.client.context('epoch', { message: 'The very first second.', at: '1970-01-01T00:00:00Z' });
    const [turn] = (await file.client.session('epoch')).window.turns;
    expect(turn?.at).toBe('1970-01-01T00:00:00.000Z');
    await file.client.recordTurn('epoch', { role: 'assistant', content: 'Noted.', at: turn?.at ?? '' });
    expect((await file.client.session('epoch')).lastTurnNumber).toBe(2);
  });

  it('that is no date-time is refused for its format alone', async () => {
    const refused = await refusal(file.client, 'POST', sessionPath('y3', '/context'), JSON.stringify({ message: 'x', at: 'nope' }));
    expect(refused.issues).toEqual([{ path: 'body.at', message: expect.stringContaining('ISO-8601') }]);
  });
});

describe('the OpenAPI document', () => {
  it('says that an `at` may not be before 1970 for both endpoints that take one', async () => {
    type Body = { properties?: Record<string, { description?: string }> };
    const doc = (await file.client.openapi()) as { paths: Record<string, { post?: { requestBody?: { content: Record<string, { schema: Body }> } } }> };
    for (const path of ['/v1/sessions/{sessionId}/context', '/v1/sessions/{sessionId}/turns']) {
      const at = doc.paths[path]?.post?.requestBody?.content['application/json']?.schema.properties?.at;
      expect([path, at?.description]).toEqual([path, expect.stringContaining('not before 1970-01-01T00:00:00Z')]);
    }
  });
});
