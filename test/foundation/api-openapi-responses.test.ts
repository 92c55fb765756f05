import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { endSessionResponseSchema, sessionResponseSchema } from '../../src/api/schemas/sessions.js';
import { sessionPath } from '../../src/client/memoryd-client.js';
import { conversation } from '../helpers/context-calls.js';
import { apiError } from '../helpers/serve-routes.js';
import { daemonPerFile } from '../helpers/test-daemon.js';

// The OpenAPI document against what the routes really answer, on a real daemon with a
// cap other than the default (so the document can only have it from the configuration).
const TOKEN_CAP = 3000;
const file = daemonPerFile({ env: { MEMORYD_TOKEN_CAP: String(TOKEN_CAP) } });

type JsonSchema = { type?: unknown; properties?: Record<string, JsonSchema>; items?: JsonSchema; anyOf?: JsonSchema[]; [key: string]: unknown };
type Operation = {
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
};

async function operation(path: string, method: string): Promise<Operation> {
  const doc = (await file.client.openapi()) as { paths: Record<string, Record<string, Operation>> };
  const found = doc.paths[path]?.[method];
  if (!found) throw new Error(`no ${method} ${path} in the document`);
  return found;
}

async function successSchema(path: string, method: string): Promise<JsonSchema> {
  const schema = (await operation(path, method)).responses['200']?.content?.['application/json']?.schema;
  if (!schema) throw new Error(`no 200 schema for ${method} ${path}`);
  return schema;
}

// The real answer fits the document's schema: every field it has is listed, with the
// listed type, object by object (arrays by their elements), and every required one is there.
function expectDocumented(value: unknown, schema: JsonSchema, path = 'response'): void {
  if (schema.anyOf) {
    const fits = schema.anyOf.some((branch) => {
      try {
        expectDocumented(value, branch, path);
        return true;
      } catch {
        return false;
      }
    });
    expect([path, fits]).toEqual([path, true]);
    return;
  }
  const types = schema.type === undefined ? [] : ([] as unknown[]).concat(schema.type);
  const actual = value === null ? 'null' : Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value;
  if (types.length > 0) expect([path, types.includes(actual) || (actual === 'integer' && types.includes('number'))]).toEqual([path, true]);
  if (actual === 'array' && schema.items) (value as unknown[]).forEach((item, index) => expectDocumented(item, schema.items as JsonSchema, `${path}.${index}`));
  if (actual === 'object' && schema.properties) {
    const record = value as Record<string, unknown>;
    expect([path, Object.keys(record).filter((key) => !(key in (schema.properties ?? {})))]).toEqual([path, []]);
    for (const key of (schema.required ?? []) as string[]) expect([path, key, key in record]).toEqual([path, key, true]);
    for (const [key, child] of Object.entries(record)) expectDocumented(child, schema.properties[key] as JsonSchema, `${path}.${key}`);
  }
}

// The zod schema the document was made from declares every field of the answer, at every depth (a plain object drops the others).
function expectDeclared(schema: z.ZodType, value: unknown): void {
  expect(schema.parse(value)).toEqual(value);
}

function schemasWithin(schema: unknown): Array<Record<string, unknown>> {
  if (typeof schema !== 'object' || schema === null) return [];
  const children = Object.values(schema).flatMap((child) => (Array.isArray(child) ? child.flatMap(schemasWithin) : schemasWithin(child)));
  return [schema as Record<string, unknown>, ...children];
}

describe('GET and DELETE /v1/sessions/{sessionId} in the OpenAPI document', () => {
  it('describe what the routes answer: window turns, open segment, active summaries, window size and why, stats', async () => {
    const chat = conversation(file.client, 'doc');
    for (let i = 0; i < 5; i += 1) {
      await chat.say(`Kitchen renovation detail ${i}: the tiles and the cabinets.`);
      await chat.reply(`Renovation answer ${i}: order the tiles first.`);
    }
    await chat.say('By the way, how do I renew my passport?');
    await file.client.recordTurn('doc', { role: 'tool', content: 'Passport office hours: 9 to 5.', toolCallId: 'c1', toolName: 'search' });

    const view = await file.client.session('doc');
    expect(view.summaries.active.length).toBeGreaterThan(0);
    expect(view.window.turns.length).toBeGreaterThan(0);
    expect(view.window.size).not.toBeNull();
    expect(view.stats?.requests).toBe(6);
    const getSchema = await successSchema('/v1/sessions/{sessionId}', 'get');
    expect(Object.keys(getSchema.properties ?? {})).toEqual(expect.arrayContaining(['window', 'openSegment', 'summaries', 'stats']));
    expectDocumented(view, getSchema);
    expectDeclared(sessionResponseSchema, view);

    const ended = await file.client.endSession('doc');
    expectDocumented(ended, await successSchema('/v1/sessions/{sessionId}', 'delete'));
    expectDeclared(endSessionResponseSchema, ended);
    const after = await file.client.session('doc');
    expect(after.endedAt).not.toBeNull();
    expectDocumented(after, getSchema);
    expectDeclared(sessionResponseSchema, after);
  });

  it('fits a session that has only just begun (no stats after a restart, nothing summarised)', async () => {
    await file.client.recordTurn('fresh', { role: 'assistant', content: 'Hello! How can I help?' });
    const view = await file.client.session('fresh');
    expect(view.stats).toBeNull();
    expectDocumented(view, await successSchema('/v1/sessions/{sessionId}', 'get'));
    expectDeclared(sessionResponseSchema, view);
    expect((await apiError(file.client.session('never-seen'))).status).toBe(404);
  });
});

describe('the OpenAPI document against the routes', () => {
  it("gives a context call's budget the configured cap as its maximum, the cap the route enforces", async () => {
    const body = (await operation('/v1/sessions/{sessionId}/context', 'post')).requestBody?.content['application/json']?.schema;
    const budget = body?.properties?.budget;
    expect(budget).toMatchObject({ type: 'integer', minimum: 1, maximum: TOKEN_CAP });
    expect(budget?.description).toMatch(/cap/);
    expect((await file.client.health()).tokenCap).toBe(TOKEN_CAP);
    const over = await apiError(file.client.context('cap', { message: 'hello', budget: TOKEN_CAP + 1 }));
    expect(over.status).toBe(400);
    expect((await file.client.context('cap', { message: 'hello', budget: TOKEN_CAP })).budget).toBe(TOKEN_CAP);
  });

  it('shows that a message may not be blank, as the route refuses it', async () => {
    const body = (await operation('/v1/sessions/{sessionId}/context', 'post')).requestBody?.content['application/json']?.schema;
    const rule = new RegExp(String(body?.properties?.message?.pattern));
    for (const message of ['', ' ', '\n\t \u00a0\u2028']) {
      expect(rule.test(message)).toBe(false);
      expect((await file.client.raw('POST', sessionPath('blank', '/context'), JSON.stringify({ message }))).status).toBe(400);
    }
    expect(rule.test(' x ')).toBe(true);
  });

  it('lets responses carry more fields than listed, and requests not', async () => {
    const doc = (await file.client.openapi()) as { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };
    const responses = Object.values(doc.paths).flatMap((operations) => Object.values(operations).map((op) => op.responses));
    const closed = [...responses, doc.components.schemas].flatMap(schemasWithin).filter((schema) => schema.additionalProperties === false);
    expect(closed).toEqual([]);
    const factBody = (await operation('/v1/facts', 'post')).requestBody?.content['application/json']?.schema;
    expect(factBody?.additionalProperties).toBe(false);
    expect((await apiError(file.client.json('POST', '/v1/facts', { fact: 'The lab is on floor 3', domain: 'work', colour: 'red' }))).status).toBe(400);
  });
});
