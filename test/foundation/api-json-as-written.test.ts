import { describe, expect, it } from 'vitest';
import { sessionPath } from '../../src/client/memoryd-client.js';
import { refusal } from '../helpers/api-refusal.js';
import { daemonPerFile } from '../helpers/test-daemon.js';

// A body is taken only as it was written: a number JSON.parse would read as another, a key
// given twice (JSON.parse keeps the last, other readers the first) and a "__proto__" key are
// 400s at their paths, before anything is recorded.
const file = daemonPerFile();

const READ_AS = (written: string, read: string) =>
  `the number ${written} ${read}: memoryd reads JSON numbers as 64-bit floats (integers exact up to ±9007199254740991, 2^53 − 1; about 17 significant digits; from ±5e-324 to ±1.8e308); send it as a string`;

function contextWithParameters(parameters: string, extra = ''): string {
  return `{"message": "x", "dryRun": true${extra}, "tools": [{"name": "t", "description": "d", "parameters": ${parameters}}]}`;
}

describe('a number in a body', () => {
  it('is refused at its path when JSON.parse would read another: underflow to 0, more digits than a double keeps', async () => {
    const refused = await refusal(
      file.client,
      'POST',
      sessionPath('numbers', '/context'),
      contextWithParameters('{"small": 1e-400, "long": 0.1234567890123456789, "tiny": [2.5e-330], "big": 12345678901234567}'),
    );
    expect(refused).toEqual({
      status: 400,
      code: 'INVALID_REQUEST',
      issues: [
        { path: 'body.tools.0.parameters.small', message: READ_AS('1e-400', 'would be read as 0') },
        { path: 'body.tools.0.parameters.long', message: READ_AS('0.1234567890123456789', 'would be read as 0.12345678901234568') },
        { path: 'body.tools.0.parameters.tiny.0', message: READ_AS('2.5e-330', 'would be read as 0') },
        { path: 'body.tools.0.parameters.big', message: READ_AS('12345678901234567', 'would be read as 12345678901234568') },
      ],
    });
    expect((await file.client.raw('GET', sessionPath('numbers'))).status).toBe(404);
  });

  // A C serializer's "%.17g" writes 0.1 as 0.10000000000000001: the same double, refused until the review of 2026-11-27.
  it('is taken when written with more digits than its shortest form, as that double', async () => {
    const shown = await file.client.raw('POST', sessionPath('numbers', '/context'), contextWithParameters('{"a": 0.10000000000000001, "b": 3.1415926535897931, "c": 4.9e-324}'));
    expect(shown.status).toBe(200);
    expect(shown.body).toContain(String.raw`{\"a\":0.1,\"b\":3.141592653589793,\"c\":5e-324}`);
  });

  it('is taken in any notation of the value a double holds, and shown in the prompt as that value', async () => {
    const parameters = '{"a": 1.0, "b": 1e3, "c": 1E+3, "d": 0.10, "e": -0, "f": 5e-324, "g": 0.30000000000000004, "h": 2.5e-300, "i": -12.50e-1}';
    const shown = await file.client.raw('POST', sessionPath('numbers', '/context'), contextWithParameters(parameters));
    expect(shown.status).toBe(200);
    expect(shown.body).toContain(String.raw`{\"a\":1,\"b\":1000,\"c\":1000,\"d\":0.1,\"e\":0,\"f\":5e-324,\"g\":0.30000000000000004,\"h\":2.5e-300,\"i\":-1.25}`);
  });

  it('is checked in every body, not only a tool\'s parameters', async () => {
    const budget = await refusal(file.client, 'POST', sessionPath('numbers', '/context'), '{"message": "x", "dryRun": true, "budget": 3999.99999999999999999}');
    expect(budget.issues).toEqual([{ path: 'body.budget', message: READ_AS('3999.99999999999999999', 'would be read as 4000') }]);
    const put = await refusal(file.client, 'PUT', '/v1/tool-cache/weather', '{"params": {"city": "Lima"}, "result": {"temp": 21.000000000000000001}, "idempotent": true}');
    expect(put.issues).toEqual([{ path: 'body.result.temp', message: READ_AS('21.000000000000000001', 'would be read as 21') }]);
  });
});

describe('a key given twice in one object', () => {
  it('is refused at its path, however it is spelled, and nothing is recorded', async () => {
    const twice = await refusal(file.client, 'POST', sessionPath('twice', '/context'), '{"message": "a", "message": "b"}');
    expect(twice).toEqual({
      status: 400,
      code: 'INVALID_REQUEST',
      issues: [{ path: 'body.message', message: 'the key "message" is given more than once in this object: give it once' }],
    });
    const escaped = await refusal(file.client, 'POST', sessionPath('twice', '/context'), '{"message": "a", "\\u006dessage": "b", "message": "c"}');
    expect(escaped.issues).toEqual([{ path: 'body.message', message: 'the key "message" is given more than once in this object: give it once' }]);
    const nested = await refusal(file.client, 'POST', sessionPath('twice', '/context'), contextWithParameters('{"type": "object", "properties": {"q": {"type": "string", "type": "number"}}}'));
    expect(nested.issues.map((issue) => issue.path)).toEqual(['body.tools.0.parameters.properties.q.type']);
    expect((await file.client.raw('GET', sessionPath('twice'))).status).toBe(404);
  });

  it('is a key once per object: the same key in different objects is fine', async () => {
    const body = contextWithParameters('{"type": "object", "properties": {"name": {"type": "string"}, "type": {"type": "string"}}}');
    expect((await file.client.raw('POST', sessionPath('twice', '/context'), body)).status).toBe(200);
  });

  it('makes a tool cache lookup\'s params no JSON object it takes', async () => {
    const lookup = await refusal(file.client, 'GET', `/v1/tool-cache/weather?params=${encodeURIComponent('{"city": "Lima", "city": "Quito"}')}`);
    expect(lookup.issues).toEqual([{ path: 'query.params', message: expect.stringContaining('must be URL-encoded JSON of an object') }]);
  });
});

describe('a "__proto__" key', () => {
  it('is refused at its own path, which the message names', async () => {
    const proto = await refusal(file.client, 'POST', sessionPath('proto', '/context'), contextWithParameters('{"type": "object", "properties": {"__proto__": {"type": "string"}}}'));
    expect(proto.issues).toEqual([{ path: 'body.tools.0.parameters.properties.__proto__', message: 'the key "__proto__" is not allowed' }]);
    const response = await file.client.raw('POST', sessionPath('proto', '/context'), contextWithParameters('{"\\u005f_proto__": {}}'));
    expect(JSON.parse(response.body).error.message).toBe('invalid request: body.tools.0.parameters.__proto__: the key "__proto__" is not allowed');
    expect((await file.client.raw('GET', sessionPath('proto'))).status).toBe(404);
  });
});
