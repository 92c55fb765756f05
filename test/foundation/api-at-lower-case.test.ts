import { describe, expect, it } from 'vitest';
import { sessionPath } from '../../src/client/memoryd-client.js';
import { refusal } from '../helpers/api-refusal.js';
import { daemonPerFile } from '../helpers/test-daemon.js';

// RFC 3339 (§5.6) lets a date-time's "T" and "Z" be lower case, and ISO-8601 allows a time
// without seconds and an offset without its colon: an `at` written so is the same instant as
// the extended form, on both endpoints that take one.
const file = daemonPerFile();

describe('an `at` with a lower-case t or z', () => {
  it('is taken by the context call and /turns as the same instant', async () => {
    await file.client.context('lower', { message: 'An imported first message.', at: '2026-01-01t10:00:00z' });
    await file.client.recordTurn('lower', { role: 'assistant', content: 'An imported answer.', at: '2026-01-01T10:00:05.250z' });
    await file.client.context('lower', { message: 'And a second one.', at: '2026-01-01t12:00:00+01:00' });
    const turns = (await file.client.session('lower')).window.turns.map((turn) => turn.at);
    expect(turns).toEqual(['2026-01-01T10:00:00.000Z', '2026-01-01T10:00:05.250Z', '2026-01-01T11:00:00.000Z']);
  });

  it('is taken without seconds or with an offset written without its colon, as the same instant', async () => {
    await file.client.context('short-forms', { message: 'First.', at: '2026-01-01T10:00Z' });
    await file.client.context('short-forms', { message: 'Second.', at: '2026-01-01T11:30+0100' });
    await file.client.context('short-forms', { message: 'Third.', at: '2026-01-01T10:45:30.5-0000' });
    const turns = (await file.client.session('short-forms')).window.turns.map((turn) => turn.at);
    expect(turns).toEqual(['2026-01-01T10:00:00.000Z', '2026-01-01T10:30:00.000Z', '2026-01-01T10:45:30.500Z']);
  });

  it('is still refused without a zone, or with a lower-case letter elsewhere', async () => {
    for (const at of ['2026-01-01t10:00:00', '2026-01-01T10:00:00x', 'z', 20260101, '2026-01-01T10:00:00+01', '2026-01-01T25:00Z', '2026-02-30T10:00Z']) {
      const refused = await refusal(file.client, 'POST', sessionPath('lower-refused', '/context'), JSON.stringify({ message: 'x', at }));
      expect([at, refused.status, refused.issues]).toEqual([at, 400, [{ path: 'body.at', message: expect.stringContaining('must be an ISO-8601 date-time with a time zone') }]]);
    }
    expect((await file.client.raw('GET', sessionPath('lower-refused'))).status).toBe(404);
  });

  it('is described as a date-time in the OpenAPI document', async () => {
    type Body = { properties?: Record<string, { type?: string; format?: string }> };
    const doc = (await file.client.openapi()) as { paths: Record<string, { post?: { requestBody?: { content: Record<string, { schema: Body }> } } }> };
    for (const path of ['/v1/sessions/{sessionId}/context', '/v1/sessions/{sessionId}/turns']) {
      const at = doc.paths[path]?.post?.requestBody?.content['application/json']?.schema.properties?.at;
      expect([path, at?.type, at?.format]).toEqual([path, 'string', 'date-time']);
    }
  });
});

describe('an `at` with a space between the date and the time', () => {
  it('is taken, as RFC 3339 allows (§5.6), as the same instant', async () => {
    await file.client.context('spaced', { message: 'An imported first message.', at: '2026-01-01 10:00:00Z' });
    await file.client.recordTurn('spaced', { role: 'assistant', content: 'An imported answer.', at: '2026-01-01 11:00:05.250+01:00' });
    await file.client.context('spaced', { message: 'And a second one.', at: '2026-01-01 10:30z' });
    const turns = (await file.client.session('spaced')).window.turns.map((turn) => turn.at);
    expect(turns).toEqual(['2026-01-01T10:00:00.000Z', '2026-01-01T10:00:05.250Z', '2026-01-01T10:30:00.000Z']);
  });

  it('is refused with two spaces, a space around it, or no zone', async () => {
    for (const at of ['2026-01-01  10:00:00Z', ' 2026-01-01 10:00:00Z', '2026-01-01 10:00:00Z ', '2026-01-01 10:00:00', '2026-01-01 T10:00:00Z']) {
      const refused = await refusal(file.client, 'POST', sessionPath('spaced-refused', '/context'), JSON.stringify({ message: 'x', at }));
      expect([at, refused.status, refused.issues]).toEqual([at, 400, [{ path: 'body.at', message: expect.stringContaining('must be an ISO-8601 date-time with a time zone') }]]);
    }
    expect((await file.client.raw('GET', sessionPath('spaced-refused'))).status).toBe(404);
  });
});
