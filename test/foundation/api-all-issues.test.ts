import { describe, expect, it } from 'vitest';
import { factPath, sessionPath } from '../../src/client/memoryd-client.js';
import { refusal } from '../helpers/api-refusal.js';
import { daemonPerFile } from '../helpers/test-daemon.js';

// A 400 lists every problem of the request that can be seen without the session's state:
// those of the path, the query and the body, and the rules between fields (a reason in
// both the body and the query, an answer's field on a tool's result, an empty edit, a
// repeated tool name), even when another field is wrong too. Nothing is changed.
const file = daemonPerFile();

async function paths(method: string, path: string, body?: unknown): Promise<{ status: number; paths: string[] }> {
  const refused = await refusal(file.client, method, path, body === undefined ? undefined : JSON.stringify(body));
  return { status: refused.status, paths: refused.issues.map((issue) => issue.path) };
}

describe('a rule between the query and the body', () => {
  it('DELETE /v1/facts/{id} names a bad id and a reason given twice together', async () => {
    expect(await paths('DELETE', '/v1/facts/bad%20id?reason=a', { reason: 'b' })).toEqual({ status: 400, paths: ['params.id', 'body.reason', 'query.reason'] });
  });

  it('is still checked alone, and changes nothing', async () => {
    const { fact } = await file.client.addFact({ fact: 'I drink oat milk', domain: 'preferences' });
    expect(await paths('DELETE', `${factPath(fact.id)}?reason=a`, { reason: 'b' })).toEqual({ status: 400, paths: ['body.reason', 'query.reason'] });
    expect((await file.client.getFact(fact.id)).fact.status).toBe('active');
  });

  it('is not checked against a part that has problems of its own', async () => {
    expect(await paths('DELETE', '/v1/facts/some-id?reason=a', { reason: 'b', colour: 'red' })).toEqual({ status: 400, paths: ['body.colour'] });
  });
});

describe('a recorded turn', () => {
  it("names an answer's field on a tool's result together with a bad `at`", async () => {
    const body = { role: 'tool', content: 'x', outputValid: true, at: 'nope' };
    expect(await paths('POST', sessionPath('t', '/turns'), body)).toEqual({ status: 400, paths: ['body.at', 'body.outputValid'] });
    const both = { role: 'tool', content: 5, outputValid: false, cacheable: true, extra: 1 };
    expect((await paths('POST', sessionPath('t', '/turns'), both)).paths.sort()).toEqual(['body.cacheable', 'body.content', 'body.extra', 'body.outputValid']);
    expect((await file.client.raw('GET', sessionPath('t'))).status).toBe(404);
  });

  it('does not refuse `cacheable: false` on a tool result, nor guess a role that is wrong', async () => {
    expect(await paths('POST', sessionPath('t', '/turns'), { role: 'tool', content: 5, cacheable: false })).toEqual({ status: 400, paths: ['body.content'] });
    expect(await paths('POST', sessionPath('t', '/turns'), { role: 'robot', content: 'x', outputValid: true })).toEqual({ status: 400, paths: ['body.role'] });
  });
});

describe('the context call', () => {
  it('names a list that is no array, whatever else is wrong (a rule on its elements does not run on it)', async () => {
    for (const tools of [{}, { name: 'x' }, 'tools', 5]) {
      expect(await paths('POST', sessionPath('c', '/context'), { message: 'hi', tools, toolResults: {} })).toEqual({ status: 400, paths: ['body.tools', 'body.toolResults'] });
    }
    expect((await file.client.raw('GET', sessionPath('c'))).status).toBe(404);
  });

  it('names a repeated tool name or result id together with the other problems of the body', async () => {
    const body = {
      message: 5,
      tools: [
        { name: 'search', description: 'Searches.' },
        { name: 'search', description: 7 },
      ],
      toolResults: [
        { toolCallId: 'c1', name: 'search', content: 'a' },
        { toolCallId: 'c1', name: 'search', content: 9 },
      ],
    };
    expect((await paths('POST', sessionPath('c', '/context'), body)).paths.sort()).toEqual([
      'body.message',
      'body.toolResults.1.content',
      'body.toolResults.1.toolCallId',
      'body.tools.1.description',
      'body.tools.1.name',
    ]);
    expect((await file.client.raw('GET', sessionPath('c'))).status).toBe(404);
  });

  it('names a budget over the configured cap together with the other problems of the body', async () => {
    const cap = (await file.client.health()).tokenCap;
    const refused = await refusal(file.client, 'POST', sessionPath('b', '/context'), JSON.stringify({ message: 'hi', budget: cap + 1, dryRun: 'yes', colour: 'red' }));
    expect(refused.status).toBe(400);
    expect(refused.issues.map((issue) => issue.path).sort()).toEqual(['body.budget', 'body.colour', 'body.dryRun']);
    expect(refused.issues.find((issue) => issue.path === 'body.budget')?.message).toBe(`may lower the configured cap, never raise it: must be at most ${cap}`);
    expect((await paths('POST', sessionPath('b', '/context'), { message: 'hi', budget: cap })).status).toBe(200);
    expect((await file.client.raw('GET', sessionPath('b'))).status).toBe(200);
  });
});

describe('PATCH /v1/facts/{id} and POST /v1/discard', () => {
  it('name an empty edit together with an unknown field', async () => {
    expect(await paths('PATCH', factPath('some-id'), { colour: 'red' })).toEqual({ status: 400, paths: ['body.colour', 'body'] });
  });

  it('name an error summary on a kind that takes none together with the other problems', async () => {
    const body = { kind: 'tool_log', content: 5, error: { code: 'E', message: 'boom' } };
    expect(await paths('POST', '/v1/discard', body)).toEqual({ status: 400, paths: ['body.content', 'body.error'] });
    expect(await paths('POST', '/v1/discard', { kind: 'bogus', content: 'x', error: { code: 'E', message: 'boom' } })).toEqual({ status: 400, paths: ['body.kind'] });
  });
});
