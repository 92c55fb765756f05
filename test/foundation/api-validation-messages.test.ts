import { describe, expect, it } from 'vitest';
import { sessionPath } from '../../src/client/memoryd-client.js';
import { refusal } from '../helpers/api-refusal.js';
import { daemonPerFile } from '../helpers/test-daemon.js';

// What a 400 says about each field, on a real daemon: memoryd's own sentences, not zod's
// defaults ("Invalid input: expected string, received undefined"), and the messages a
// schema gives on purpose left as they are.
const file = daemonPerFile();

const context = (sessionId: string, body: unknown) => refusal(file.client, 'POST', sessionPath(sessionId, '/context'), JSON.stringify(body));

describe('a missing field', () => {
  it('is called required, with what it takes', async () => {
    expect(await context('msg-missing', {})).toEqual({ status: 400, code: 'INVALID_REQUEST', issues: [{ path: 'body.message', message: 'required: a string' }] });
    const turn = await refusal(file.client, 'POST', sessionPath('msg-missing', '/turns'), '{"role": "assistant"}');
    expect(turn.issues).toEqual([{ path: 'body.content', message: 'required: a string' }]);
    const fact = await refusal(file.client, 'POST', '/v1/facts', '{"fact": "My editor is Helix"}');
    expect(fact.issues).toEqual([{ path: 'body.domain', message: 'required: one of work, preferences, decisions, personal, projects' }]);
  });

  it('is called required in the query too, saying what to send', async () => {
    const PARAMS_FORMAT = 'must be URL-encoded JSON of an object, the tool call\'s parameters, e.g. {"city":"Lima"}';
    expect((await refusal(file.client, 'GET', '/v1/tool-cache/search')).issues).toEqual([{ path: 'query.params', message: `required: it ${PARAMS_FORMAT}` }]);
    expect((await refusal(file.client, 'GET', '/v1/tool-cache/search?params=')).issues).toEqual([{ path: 'query.params', message: `required: it ${PARAMS_FORMAT}` }]);
    expect((await refusal(file.client, 'GET', '/v1/tool-cache/search?params=%7B')).issues).toEqual([{ path: 'query.params', message: PARAMS_FORMAT }]);
    expect((await refusal(file.client, 'GET', '/v1/tool-cache/search?params=%7B%7D&params=%7B%7D')).issues).toEqual([
      { path: 'query.params', message: 'given more than once: give it once' },
    ]);
  });

  it('says so in the error message as well as in the issue', async () => {
    const response = await file.client.raw('POST', sessionPath('msg-summary', '/context'), '{"budget": 0}');
    expect(JSON.parse(response.body)).toMatchObject({ error: { message: 'invalid request: body.message: required: a string (and 1 more)' } });
  });
});

describe('a value of the wrong kind', () => {
  it('names the options of an enum in plain words', async () => {
    const turn = await refusal(file.client, 'POST', sessionPath('wrong-kind', '/turns'), '{"role": "user", "content": "hi"}');
    expect(turn.issues).toEqual([{ path: 'body.role', message: 'must be one of: assistant, tool' }]);
    expect((await refusal(file.client, 'GET', '/v1/facts?status=gone')).issues).toEqual([
      { path: 'query.status', message: 'must be one of: active, dormant, stale, superseded, deleted, all' },
    ]);
  });

  it('says a literal must be that value', async () => {
    const { fact } = await file.client.addFact({ fact: 'The confirm test fact', domain: 'work' });
    const refused = await refusal(file.client, 'PATCH', `/v1/facts/${fact.id}`, '{"confirm": false}');
    expect(refused.issues).toEqual([{ path: 'body.confirm', message: 'must be true' }]);
  });

  it('says a number must be an integer, at least 1', async () => {
    expect((await context('budgets', { message: 'hi', budget: 100.5 })).issues).toEqual([{ path: 'body.budget', message: 'must be an integer, not 100.5' }]);
    expect((await context('budgets', { message: 'hi', budget: 0 })).issues).toEqual([{ path: 'body.budget', message: 'must be at least 1' }]);
    expect((await context('budgets', { message: 'hi', budget: '100' })).issues).toEqual([{ path: 'body.budget', message: 'must be a number, not a string' }]);
    expect((await context('budgets', { message: 'hi', dryRun: 'yes' })).issues).toEqual([{ path: 'body.dryRun', message: 'must be true or false, not a string' }]);
  });

  it('says an object must not be an array, nor null', async () => {
    const tools = [{ name: 'search', description: 'finds things', parameters: [1] }];
    expect((await context('objects', { message: 'hi', tools })).issues).toEqual([
      { path: 'body.tools.0.parameters', message: 'must be a JSON object ({"name": value, …}), not an array' },
    ]);
    expect((await refusal(file.client, 'POST', '/v1/facts', '[]')).issues).toEqual([{ path: 'body', message: 'must be a JSON object, not an array' }]);
    expect((await context('objects', { message: 'hi', tools: {} })).issues).toEqual([{ path: 'body.tools', message: 'must be an array, not a JSON object' }]);
  });

  it('says how long a string or a list may be', async () => {
    const results = [{ toolCallId: '', name: 'search', content: 'x' }];
    expect((await context('lengths', { message: 'hi', toolResults: results })).issues).toEqual([{ path: 'body.toolResults.0.toolCallId', message: 'must not be empty' }]);
    expect((await refusal(file.client, 'GET', `/v1/facts?q=${'x'.repeat(201)}`)).issues).toEqual([{ path: 'query.q', message: 'must be at most 200 characters long' }]);
    const many = Array.from({ length: 51 }, (_, index) => ({ toolCallId: `c${index}`, name: 'search', content: 'x' }));
    expect((await context('lengths', { message: 'hi', toolResults: many })).issues).toEqual([{ path: 'body.toolResults', message: 'must hold at most 50 items' }]);
  });

  it('says a query field was given more than once', async () => {
    expect((await refusal(file.client, 'GET', '/v1/facts?limit=1&limit=2')).issues).toEqual([{ path: 'query.limit', message: 'given more than once: give it once' }]);
    expect((await refusal(file.client, 'GET', '/v1/facts?domain=work&domain=personal')).issues).toEqual([
      { path: 'query.domain', message: 'given more than once: give it once' },
    ]);
    expect((await refusal(file.client, 'GET', '/v1/facts?limit=0')).issues).toEqual([{ path: 'query.limit', message: 'must be at least 1' }]);
    expect((await refusal(file.client, 'GET', '/v1/facts?limit=10001')).issues).toEqual([{ path: 'query.limit', message: 'must be at most 10000' }]);
  });
});

describe('messages a schema gives on purpose', () => {
  it('are kept as written, beside memoryd\'s own for the other fields', async () => {
    const put = await refusal(file.client, 'PUT', '/v1/tool-cache/search', '{"idempotent": false}');
    expect(put.issues).toEqual([
      { path: 'body.params', message: 'required: a JSON object ({"name": value, …})' },
      { path: 'body.result', message: "required: the tool's result, any JSON value" },
      { path: 'body.idempotent', message: expect.stringMatching(/^side-effecting tools are never cached/) },
    ]);
    expect((await context('kept', { at: 'yesterday' })).issues).toEqual([
      { path: 'body.message', message: 'required: a string' },
      { path: 'body.at', message: expect.stringMatching(/^must be an ISO-8601 date-time with a time zone/) },
    ]);
    const patch = await refusal(file.client, 'PATCH', '/v1/facts/fact_x', '{"fact": " ", "confirm": false}');
    expect(patch.issues).toEqual([
      { path: 'body.fact', message: expect.stringMatching(/^must contain a visible character/) },
      { path: 'body.confirm', message: 'must be true' },
    ]);
  });
});

describe('the ids "." and ".."', () => {
  const DOT_SEGMENT = /^must not be "\." or "\.\.": HTTP clients read those as the current and parent path segments/;

  it('are refused as session ids, by the parameter, on every session route', async () => {
    for (const id of ['.', '..', '%2E', '%2e%2E']) {
      for (const [method, rest, body] of [
        ['POST', '/context', '{"message": "hi"}'],
        ['POST', '/turns', '{"role": "assistant", "content": "hi"}'],
        ['GET', '', undefined],
        ['DELETE', '', undefined],
      ] as const) {
        const refused = await refusal(file.client, method, `/v1/sessions/${id}${rest}`, body);
        expect(refused, `${method} ${id}${rest}`).toEqual({ status: 400, code: 'INVALID_REQUEST', issues: [{ path: 'params.sessionId', message: expect.stringMatching(DOT_SEGMENT) }] });
      }
    }
    // Dots elsewhere in an id are a name, not a path segment.
    await file.client.context('v1.2..3', { message: 'Remember that dots are fine.' });
    await file.client.context('...', { message: 'Three dots are a name, not a path segment.' });
    expect((await file.client.session('...')).sessionId).toBe('...');
  });

  it('are refused as tool names, which the tool cache path names, and as session ids in a body', async () => {
    const put = await refusal(file.client, 'PUT', '/v1/tool-cache/%2E%2E', '{"params": {}, "result": 1, "idempotent": true}');
    expect(put.issues).toEqual([{ path: 'params.toolName', message: expect.stringMatching(DOT_SEGMENT) }]);
    const tools = [{ name: '..', description: 'up' }];
    expect((await context('dot-tools', { message: 'hi', tools })).issues).toEqual([{ path: 'body.tools.0.name', message: expect.stringMatching(DOT_SEGMENT) }]);
    const discard = await refusal(file.client, 'POST', '/v1/discard', '{"kind": "other", "content": "x", "sessionId": "."}');
    expect(discard.issues).toEqual([{ path: 'body.sessionId', message: expect.stringMatching(DOT_SEGMENT) }]);
  });
});
