import { describe, expect, it } from 'vitest';
import { factPath, sessionPath } from '../../src/client/memoryd-client.js';
import { refusal } from '../helpers/api-refusal.js';
import { conversation } from '../helpers/context-calls.js';
import { apiError } from '../helpers/serve-routes.js';
import { daemonPerFile } from '../helpers/test-daemon.js';

// What a request may hold, on a real daemon: strings that survive storage, URLs that
// decode, and nothing the endpoint does not take.
const file = daemonPerFile();

const LONE = /lone surrogate/;
const NUL = /U\+0000/;
const BAD_ESCAPE = 'invalid percent-encoding';

describe('strings a body may hold', () => {
  it('refuses a lone surrogate or a NUL by its path, and stores nothing', async () => {
    const before = await file.client.listFacts({ status: 'all' });
    const high = await refusal(file.client, 'POST', '/v1/facts', '{"fact": "a\\ud800b", "domain": "work"}');
    expect(high).toMatchObject({ status: 400, code: 'INVALID_REQUEST', issues: [{ path: 'body.fact', message: expect.stringMatching(LONE) }] });
    const low = await refusal(file.client, 'POST', '/v1/facts', '{"fact": "\\udc00 at the start", "domain": "work"}');
    expect(low.issues).toEqual([{ path: 'body.fact', message: expect.stringMatching(LONE) }]);
    const nul = await refusal(file.client, 'POST', '/v1/facts', '{"fact": "a\\u0000b", "domain": "work"}');
    expect(nul.issues).toEqual([{ path: 'body.fact', message: expect.stringMatching(NUL) }]);
    expect(await file.client.listFacts({ status: 'all' })).toEqual(before);
  });

  it('names nested fields and object keys, every one of them, and records no turn', async () => {
    const body =
      '{"message": "nul\\u0000here", "toolResults": [{"toolCallId": "c1", "name": "search", "content": "x\\udfff"}],' +
      ' "tools": [{"name": "search", "description": "d", "parameters": {"k\\ud800": 1}}]}';
    const refused = await refusal(file.client, 'POST', sessionPath('unstorable', '/context'), body);
    expect(refused.status).toBe(400);
    expect(refused.issues).toEqual([
      { path: 'body.message', message: expect.stringMatching(NUL) },
      { path: 'body.toolResults.0.content', message: expect.stringMatching(LONE) },
      // The key is named by its escape: a path holding the surrogate could not be printed either.
      { path: 'body.tools.0.parameters.k\\ud800', message: expect.stringMatching(/^the key .*lone surrogate/) },
    ]);
    expect((await apiError(file.client.session('unstorable'))).status).toBe(404);
  });

  it('accepts escaped pairs and other escapes, and reads them back as sent', async () => {
    const response = await file.client.raw('POST', '/v1/facts', '{"fact": "Smile \\ud83d\\ude00 at caf\\u00e9 \\u0001", "domain": "work"}');
    expect(response.status).toBe(201);
    const { fact } = JSON.parse(response.body) as { fact: { id: string; fact: string } };
    expect(fact.fact).toBe('Smile 😀 at café \u0001');
    expect((await file.client.getFact(fact.id)).fact.fact).toBe(fact.fact);
  });
});

describe('URLs that do not decode', () => {
  it('name the path parameter the bad escape is in', async () => {
    for (const method of ['GET', 'DELETE']) {
      expect(await refusal(file.client, method, '/v1/sessions/%FF')).toEqual({ status: 400, code: 'INVALID_REQUEST', issues: [{ path: 'params.sessionId', message: BAD_ESCAPE }] });
    }
    expect((await refusal(file.client, 'POST', '/v1/sessions/a%E2%82/context', '{"message": "hi"}')).issues).toEqual([{ path: 'params.sessionId', message: BAD_ESCAPE }]);
    expect((await refusal(file.client, 'GET', '/v1/facts/%ZZ/chain')).issues).toEqual([{ path: 'params.id', message: BAD_ESCAPE }]);
    // No route has that shape: the path itself is named.
    expect((await refusal(file.client, 'GET', '/v1/fa%FFcts')).issues).toEqual([{ path: 'path', message: BAD_ESCAPE }]);
  });

  it('name the query field whose name or value does not decode, instead of searching for it literally', async () => {
    await file.client.addFact({ fact: 'The literal %FF is not a search', domain: 'work' });
    expect(await refusal(file.client, 'GET', '/v1/facts?q=%FF')).toEqual({ status: 400, code: 'INVALID_REQUEST', issues: [{ path: 'query.q', message: BAD_ESCAPE }] });
    expect((await refusal(file.client, 'GET', '/v1/facts?domain=work&q=%')).issues).toEqual([{ path: 'query.q', message: BAD_ESCAPE }]);
    expect((await refusal(file.client, 'DELETE', '/v1/facts/fact_x?reason=%ED%A0%80')).issues).toEqual([{ path: 'query.reason', message: BAD_ESCAPE }]);
    // A NUL decodes but could not be stored as text: a deletion's reason with one deletes nothing.
    const { fact } = await file.client.addFact({ fact: 'The NUL test fact', domain: 'work' });
    expect((await refusal(file.client, 'DELETE', `/v1/facts/${fact.id}?reason=a%00b`)).issues).toEqual([{ path: 'query.reason', message: 'must not contain U+0000 (NUL)' }]);
    expect((await file.client.getFact(fact.id)).fact.status).toBe('active');
    // Escapes that decode still work, "+" included.
    const found = await file.client.json<{ facts: Array<{ fact: string }> }>('GET', '/v1/facts?q=literal+%25FF');
    expect(found.facts.map((fact) => fact.fact)).toEqual(['The literal %FF is not a search']);
  });
});

describe('input an endpoint does not take', () => {
  it('refuses query fields on an endpoint that has none, by name, and records nothing', async () => {
    const refused = await refusal(file.client, 'POST', sessionPath('no-query', '/context?foo=1&bar'), '{"message": "Remember that my editor is Helix."}');
    expect(refused).toEqual({ status: 400, code: 'INVALID_REQUEST', issues: [{ path: 'query.foo', message: 'unknown field "foo"' }] });
    expect((await apiError(file.client.session('no-query'))).status).toBe(404);
    expect((await refusal(file.client, 'GET', '/v1/health?verbose=1')).issues).toEqual([{ path: 'query.verbose', message: 'unknown field "verbose"' }]);
    // An empty query is no query.
    expect((await file.client.raw('GET', '/v1/health?')).status).toBe(200);
  });

  it('refuses a body on an endpoint that takes none, and changes nothing', async () => {
    const chat = conversation(file.client, 'no-body');
    await chat.say('Let us plan the garden.');
    const refused = await refusal(file.client, 'DELETE', sessionPath('no-body'), '{"x": 1}');
    expect(refused).toEqual({ status: 400, code: 'INVALID_REQUEST', issues: [{ path: 'body', message: 'this endpoint takes no body' }] });
    expect((await file.client.session('no-body')).endedAt).toBeNull();
    // A GET's body is not even read: that one was sent is enough.
    expect((await refusal(file.client, 'GET', '/v1/health', '{}')).issues).toEqual([{ path: 'body', message: 'this endpoint takes no body' }]);
    expect(await file.client.endSession('no-body')).toMatchObject({ ended: true });
  });

  it('still takes the reason of DELETE /v1/facts/{id} in the body or the query', async () => {
    const a = await file.client.addFact({ fact: 'The gym closes at 22:00', domain: 'personal' });
    const b = await file.client.addFact({ fact: 'The pool closes at 21:00', domain: 'personal' });
    expect((await file.client.deleteFact(a.fact.id, 'moved')).fact.reason).toBe('moved');
    expect((await file.client.json<{ fact: { reason: string } }>('DELETE', `${factPath(b.fact.id)}?reason=closed`)).fact.reason).toBe('closed');
  });
});

describe('a tool\'s name', () => {
  const longest = `mcp:${'x'.repeat(124)}`;
  const tooLong = `${longest}x`;
  const rule = 'must be 1–128 characters of A–Z, a–z, 0–9, ".", "_", ":" or "-"';

  it('follows one rule wherever a tool is named: the context call, a recorded turn, a discardable record, the tool cache', async () => {
    const context = await file.client.raw(
      'POST',
      sessionPath('tool-names', '/context'),
      JSON.stringify({ message: 'Look it up', tools: [{ name: longest, description: 'd' }], toolResults: [{ toolCallId: 'c1', name: longest, content: 'r' }] }),
    );
    expect(context.status).toBe(200);
    const turn = await file.client.raw('POST', sessionPath('tool-names', '/turns'), JSON.stringify({ role: 'assistant', content: 'calling', toolCallId: 'c2', toolName: longest }));
    expect(turn.status).toBe(200);
    expect((await file.client.raw('POST', '/v1/discard', JSON.stringify({ kind: 'tool_log', content: 't', toolName: longest }))).status).toBe(200);
    expect((await file.client.raw('PUT', `/v1/tool-cache/${longest}`, JSON.stringify({ params: {}, result: 1, idempotent: true }))).status).toBe(200);
  });

  it('is refused by its path, with the same words, when it breaks the rule', async () => {
    const context = await refusal(file.client, 'POST', sessionPath('tool-names-refused', '/context'), JSON.stringify({ message: 'hi', tools: [{ name: tooLong, description: 'd' }] }));
    expect(context.issues).toEqual([{ path: 'body.tools.0.name', message: rule }]);
    const turn = await refusal(file.client, 'POST', sessionPath('tool-names-refused', '/turns'), JSON.stringify({ role: 'tool', content: 'r', toolCallId: 'c1', toolName: 'a b' }));
    expect(turn.issues).toEqual([{ path: 'body.toolName', message: rule }]);
    const cached = await refusal(file.client, 'GET', `/v1/tool-cache/${tooLong}?params=%7B%7D`);
    expect(cached.issues).toEqual([{ path: 'params.toolName', message: rule }]);
  });
});

describe('a tool\'s result recorded as a turn', () => {
  it('refuses what only an assistant\'s answer can say, each by its path, and records nothing', async () => {
    const path = sessionPath('tool-turn-fields', '/turns');
    await file.client.context('tool-turn-fields', { message: 'Look it up' });
    const both = await refusal(file.client, 'POST', path, JSON.stringify({ role: 'tool', content: 'r', toolCallId: 'c1', outputValid: false, cacheable: true }));
    expect(both).toMatchObject({ status: 400, code: 'INVALID_REQUEST' });
    expect(both.issues).toEqual([
      { path: 'body.cacheable', message: 'only for role "assistant"' },
      { path: 'body.outputValid', message: 'only for role "assistant"' },
    ]);
    expect((await refusal(file.client, 'POST', path, JSON.stringify({ role: 'tool', content: 'r', outputValid: true }))).issues).toEqual([
      { path: 'body.outputValid', message: 'only for role "assistant"' },
    ]);
    expect((await file.client.session('tool-turn-fields')).lastTurnNumber).toBe(1);
    // An answer may say both; a result may say it is not to be cached.
    expect((await file.client.raw('POST', path, JSON.stringify({ role: 'tool', content: 'r', cacheable: false }))).status).toBe(200);
    expect((await file.client.raw('POST', path, JSON.stringify({ role: 'assistant', content: 'It is r.', outputValid: true, cacheable: true }))).status).toBe(200);
  });
});

describe('a tool call\'s id', () => {
  const reserved = 'must not start with "memoryd#": memoryd gives ids of that form to the tool turns recorded without one, so that every id in a prompt stays unique';

  it('may not take the form of the ids memoryd gives tool turns recorded without one, as a result or as a turn, and records nothing', async () => {
    const sessionId = 'reserved-call-ids';
    await file.client.context(sessionId, { message: 'Look it up' });
    // Turn 2 is a result recorded without an id: its prompts call it memoryd#2.
    await file.client.recordTurn(sessionId, { role: 'tool', content: 'anonymous result', toolName: 'fetch' });
    const asCall = await refusal(file.client, 'POST', sessionPath(sessionId, '/turns'), JSON.stringify({ role: 'assistant', content: '', toolCallId: 'memoryd#2', toolName: 'fetch' }));
    expect(asCall).toMatchObject({ status: 400, issues: [{ path: 'body.toolCallId', message: reserved }] });
    const asResult = await refusal(
      file.client,
      'POST',
      sessionPath(sessionId, '/context'),
      JSON.stringify({ message: 'And?', toolResults: [{ toolCallId: 'id0', name: 'fetch', content: 'a' }, { toolCallId: 'memoryd#1', name: 'fetch', content: 'b' }] }),
    );
    expect(asResult.issues).toEqual([{ path: 'body.toolResults.1.toolCallId', message: reserved }]);
    expect((await file.client.session(sessionId)).lastTurnNumber).toBe(2);
    // Elsewhere in an id, or in another case, it is the client's.
    expect((await file.client.raw('POST', sessionPath(sessionId, '/turns'), JSON.stringify({ role: 'assistant', content: '', toolCallId: 'call-memoryd#2', toolName: 'fetch' }))).status).toBe(200);
  });
});

describe('a tool\'s parameters', () => {
  it('refuse a number JSON cannot hold as written, by its path, rather than show the model another one', async () => {
    const sessionId = 'changed-numbers';
    const body = '{"message": "Book it", "tools": [{"name": "book", "description": "Books.", "parameters": {"x": 1e400, "nested": {"y": 9007199254740993, "ok": 9007199254740991}, "list": [-1e999]}}]}';
    const refused = await refusal(file.client, 'POST', sessionPath(sessionId, '/context'), body);
    expect(refused.status).toBe(400);
    // Each as JSON.parse would read it: out of range, or rounded.
    const message = (read: string) => expect.stringMatching(new RegExp(`^the number .* ${read}: memoryd reads JSON numbers as 64-bit floats .* send it as a string$`));
    expect(refused.issues).toEqual([
      { path: 'body.tools.0.parameters.x', message: message('is beyond ±1.8e308') },
      { path: 'body.tools.0.parameters.nested.y', message: message('would be read as 9007199254740992') },
      { path: 'body.tools.0.parameters.list.0', message: message('is beyond ±1.8e308') },
    ]);
    // An integer a double holds but past 2^53 − 1 is still refused: its neighbours are not held.
    const edge = await refusal(file.client, 'POST', sessionPath(sessionId, '/context'), '{"message": "Book it", "tools": [{"name": "book", "description": "Books.", "parameters": {"x": 9007199254740992}}]}');
    expect(edge.issues).toEqual([{ path: 'body.tools.0.parameters.x', message: expect.stringMatching(/^a number beyond .* send it as a string$/) }]);
    expect((await apiError(file.client.session(sessionId))).status).toBe(404);
    const exact = '{"message": "Book it", "dryRun": true, "tools": [{"name": "book", "description": "Books.", "parameters": {"max": 9007199254740991, "tiny": 1e-300}}]}';
    const shown = await file.client.raw('POST', sessionPath(sessionId, '/context'), exact);
    expect(shown.status).toBe(200);
    expect(shown.body).toContain(String.raw`\"max\":9007199254740991`);
  });
});
