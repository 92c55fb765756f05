import { describe, expect, it } from 'vitest';
import { sessionPath } from '../../src/client/memoryd-client.js';
import { refusal } from '../helpers/api-refusal.js';
import { daemonPerFile } from '../helpers/test-daemon.js';

// What a recorded turn, a context call's message and a body may not be, on a real daemon:
// each refusal names its field, comes with the body's other problems, and changes nothing.
const file = daemonPerFile();

const TOOL_CALL = 'not on a tool call (an assistant turn with toolCallId or toolName): only the answer that follows its result can be cached';
const INVALID_ANSWER = 'not on an answer that failed validation (outputValid: false): it would be served to every session for 24 h';
const NO_VISIBLE_TEXT = 'an answer must contain a visible character (a tool call or a tool result may be empty)';
const INVISIBLE_ONLY = ['\u200b', '\u200b\u2060', '\ufeff', '', '   ', '\n\t', '\u00a0\u200d\u3164', '\u2800'];

async function post(path: string, body: unknown): Promise<{ status: number; issues: Array<{ path: string; message: string }> }> {
  const refused = await refusal(file.client, 'POST', path, JSON.stringify(body));
  return { status: refused.status, issues: refused.issues };
}

async function lastTurnNumber(sessionId: string): Promise<number> {
  return (await file.client.session(sessionId)).lastTurnNumber;
}

describe('`cacheable: true` on an assistant turn that is not a valid answer', () => {
  it('is refused on a tool call, by body.cacheable, together with the body\'s other problems, and records nothing', async () => {
    const sessionId = 'cacheable-call';
    await file.client.context(sessionId, { message: 'What is the density of iridium?' });
    const path = sessionPath(sessionId, '/turns');
    const call = { role: 'assistant', content: '{"tool":"lookup","args":{"q":"iridium"}}', toolCallId: 'i1', toolName: 'lookup', cacheable: true };
    expect(await post(path, call)).toEqual({ status: 400, issues: [{ path: 'body.cacheable', message: TOOL_CALL }] });
    expect(await post(path, { role: 'assistant', content: '', toolName: 'lookup', cacheable: true })).toEqual({ status: 400, issues: [{ path: 'body.cacheable', message: TOOL_CALL }] });
    const withOthers = await post(path, { ...call, at: 'nope', colour: 'red' });
    expect(withOthers.issues.map((issue) => issue.path).sort()).toEqual(['body.at', 'body.cacheable', 'body.colour']);
    expect(await lastTurnNumber(sessionId)).toBe(1);
    // The same call, not offered to the cache, is recorded.
    expect((await file.client.raw('POST', path, JSON.stringify({ ...call, cacheable: false }))).status).toBe(200);
    expect(await lastTurnNumber(sessionId)).toBe(2);
  });

  it('is refused on an answer that failed validation, and records nothing', async () => {
    const sessionId = 'cacheable-invalid';
    await file.client.context(sessionId, { message: 'How many moons does Mars have?' });
    const path = sessionPath(sessionId, '/turns');
    const invalid = { role: 'assistant', content: '```json\n{"answer": 10', outputValid: false, cacheable: true };
    expect(await post(path, invalid)).toEqual({ status: 400, issues: [{ path: 'body.cacheable', message: INVALID_ANSWER }] });
    expect((await post(path, { ...invalid, sideEffects: 'no' })).issues.map((issue) => issue.path).sort()).toEqual(['body.cacheable', 'body.sideEffects']);
    expect(await lastTurnNumber(sessionId)).toBe(1);
    expect((await file.client.context('cacheable-invalid-probe', { message: 'How many moons does Mars have?', dryRun: true })).cached).toBeNull();
    // Not offered to the cache, it is recorded (and brings the format instructions back).
    expect((await file.client.raw('POST', path, JSON.stringify({ ...invalid, cacheable: false }))).status).toBe(200);
    expect((await file.client.raw('POST', path, JSON.stringify({ ...invalid, outputValid: true }))).status).toBe(200);
  });
});

describe('an assistant answer', () => {
  it('must contain a visible character: a blank or invisible one is refused by body.content, and nothing is recorded', async () => {
    const sessionId = 'blank-answer';
    await file.client.context(sessionId, { message: 'Say something.' });
    const path = sessionPath(sessionId, '/turns');
    for (const content of INVISIBLE_ONLY) {
      expect(await post(path, { role: 'assistant', content }), JSON.stringify(content)).toEqual({ status: 400, issues: [{ path: 'body.content', message: NO_VISIBLE_TEXT }] });
    }
    expect((await post(path, { role: 'assistant', content: '\u200b', cacheable: true, outputValid: 'yes' })).issues.map((issue) => issue.path).sort()).toEqual([
      'body.content',
      'body.outputValid',
    ]);
    expect(await lastTurnNumber(sessionId)).toBe(1);
    expect((await file.client.raw('POST', path, JSON.stringify({ role: 'assistant', content: ' 👍 ' }))).status).toBe(200);
  });

  it('is the only turn held to it: a tool call or a tool result may be empty (a tool may return nothing)', async () => {
    const sessionId = 'empty-tool-turns';
    await file.client.context(sessionId, { message: 'Run the cleanup.' });
    const path = sessionPath(sessionId, '/turns');
    expect((await file.client.raw('POST', path, JSON.stringify({ role: 'assistant', content: '', toolCallId: 'c1', toolName: 'cleanup' }))).status).toBe(200);
    expect((await file.client.raw('POST', path, JSON.stringify({ role: 'tool', content: '', toolCallId: 'c1', toolName: 'cleanup' }))).status).toBe(200);
    expect(await lastTurnNumber(sessionId)).toBe(3);
  });
});

describe("a context call's message", () => {
  it('of invisible characters alone is refused as a blank one is, and creates no session', async () => {
    for (const message of INVISIBLE_ONLY) {
      expect(await post(sessionPath('invisible', '/context'), { message }), JSON.stringify(message)).toEqual({
        status: 400,
        issues: [{ path: 'body.message', message: 'message must contain a visible character' }],
      });
    }
    expect((await file.client.raw('GET', sessionPath('invisible'))).status).toBe(404);
    expect((await file.client.raw('POST', sessionPath('invisible', '/context'), JSON.stringify({ message: '\u200b¿?\u200b' }))).status).toBe(200);
  });

  it('shows the rule in the OpenAPI document as a pattern, which means the same with or without the u flag', async () => {
    const doc = (await file.client.openapi()) as { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { properties?: Record<string, { pattern?: string }> } }> } }>> };
    const pattern = doc.paths['/v1/sessions/{sessionId}/context']?.post?.requestBody?.content['application/json']?.schema.properties?.message?.pattern;
    expect(pattern).toBeTypeOf('string');
    for (const flags of ['', 'u']) {
      const rule = new RegExp(String(pattern), flags);
      for (const message of INVISIBLE_ONLY) expect(rule.test(message), `${JSON.stringify(message)} /${flags}`).toBe(false);
      for (const message of [' x ', '😀', '\u200bhi']) expect(rule.test(message), `${message} /${flags}`).toBe(true);
    }
  });
});

describe('a toolCallId in the form of the ids memoryd gives', () => {
  it('is refused with a whole sentence saying why', async () => {
    const refused = await post(sessionPath('reserved-id', '/turns'), { role: 'tool', content: 'r', toolCallId: 'memoryd#1' });
    expect(refused).toEqual({
      status: 400,
      issues: [{ path: 'body.toolCallId', message: 'must not start with "memoryd#": memoryd gives ids of that form to the tool turns recorded without one, so that every id in a prompt stays unique' }],
    });
  });
});

describe('a request without the body its route requires', () => {
  it('is told that the body is missing, on every route that requires one, and nothing changes', async () => {
    const doc = (await file.client.openapi()) as { paths: Record<string, Record<string, { requestBody?: { required?: boolean } }>> };
    const routes = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.requestBody?.required === true)
        .map(([method, _operation]) => ({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, 'no-body') })),
    );
    expect(routes.map((route) => `${route.method} ${route.path}`).sort()).toEqual([
      'PATCH /v1/facts/no-body',
      'POST /v1/discard',
      'POST /v1/facts',
      'POST /v1/sessions/no-body/context',
      'POST /v1/sessions/no-body/turns',
      'PUT /v1/tool-cache/no-body',
    ]);
    for (const route of routes) {
      const response = await file.client.raw(route.method, route.path);
      expect(response.status, `${route.method} ${route.path}`).toBe(400);
      expect(JSON.parse(response.body), `${route.method} ${route.path}`).toEqual({
        error: {
          code: 'INVALID_REQUEST',
          message: 'invalid request: body: missing: this endpoint takes a JSON object',
          details: { issues: [{ path: 'body', message: 'missing: this endpoint takes a JSON object' }] },
        },
      });
    }
    expect((await file.client.listFacts({ status: 'all' })).facts).toEqual([]);
    expect((await file.client.raw('GET', sessionPath('no-body'))).status).toBe(404);
    // A body of the wrong type is still a wrong type, and a route whose body is optional takes none.
    expect((await refusal(file.client, 'POST', '/v1/facts', 'null')).issues).toEqual([{ path: 'body', message: 'must be a JSON object, not null' }]);
    expect((await file.client.raw('DELETE', '/v1/facts/no-such-fact')).status).toBe(404);
  });
});
