import type { SeededRandom } from './seed.js';

/** The endpoints that take a JSON body, and a valid body for each (the fuzzer breaks it). */
export type BodyEndpoint = 'context' | 'turns' | 'facts' | 'factPatch' | 'discard' | 'toolCache';

export type JsonObject = Record<string, unknown>;

/** A time no request may carry: after now. */
export const FUTURE = '2099-01-01T00:00:00Z';

/** Far below the system prompt alone (~390 tokens): the context call must end in a 422. */
export function tinyBudget(random: SeededRandom): number {
  return random.int(1, 300);
}

export function validBody(endpoint: BodyEndpoint, random: SeededRandom, text: string): JsonObject {
  switch (endpoint) {
    case 'context':
      return { message: text, ...(random.chance(0.3) ? { tools: [{ name: 'search_flights', description: 'Finds flights', parameters: {} }] } : {}) };
    case 'turns':
      return random.chance(0.5) ? { role: 'assistant', content: text } : { role: 'tool', content: text, toolCallId: 'c1', toolName: 'search_flights' };
    case 'facts':
      return { fact: `My fuzz hobby is ${text}`, domain: 'personal' };
    case 'factPatch':
      return { confidence: 'low' };
    case 'discard':
      return { kind: 'tool_log', content: text };
    case 'toolCache':
      return { params: { q: text }, result: { answer: text }, idempotent: true };
  }
}

/**
 * A body of `endpoint` that would be accepted as it is is made to fail late, after all
 * the work on its text: a budget far too small (422), or a time in the future (400). The
 * other endpoints get no late failure and must be broken some other way.
 */
export function lateRejected(endpoint: 'context' | 'turns', body: JsonObject, random: SeededRandom): JsonObject {
  return endpoint === 'context' ? { ...body, budget: tinyBudget(random) } : { ...body, at: FUTURE };
}

/** Fields of each endpoint and values each one refuses. */
export const BAD_FIELD_VALUES: Record<BodyEndpoint, Record<string, readonly unknown[]>> = {
  context: {
    message: [123, null, true, [], {}, ['x'], '', '   ', '\n\t'],
    tools: ['x', {}, [1], [{}], [{ name: 'bad name', description: 'd' }], [{ name: 't' }], [{ name: 't', description: 5 }], [{ name: 't', description: 'd', parameters: [] }], [{ name: 't', description: 'd', sideEffects: 'yes' }], Array.from({ length: 501 }, (_, i) => ({ name: `t${i}`, description: 'd' }))],
    toolResults: ['x', [{}], [{ toolCallId: '', name: 't', content: 'x' }], [{ toolCallId: 'c', name: 't', content: 5 }], [{ toolCallId: 'c', name: 'a b', content: 'x' }], Array.from({ length: 51 }, (_, i) => ({ toolCallId: `c${i}`, name: 't', content: 'x' }))],
    dryRun: ['true', 1, null, 'yes', {}],
  },
  turns: {
    role: ['user', 'system', '', 5, null, 'ASSISTANT', ['assistant']],
    content: [123, null, true, [], {}],
    toolCallId: ['', 5, 'x'.repeat(129), null],
    toolName: ['bad name', '', 'x'.repeat(129), 5],
    outputValid: ['yes', 1, null],
    cacheable: ['true', 0, null],
    sideEffects: ['no', [], null],
  },
  facts: {
    fact: [123, null, true, [], {}, '', '   ', 'x'.repeat(501)],
    domain: ['hobbies', '', 'WORK', 5, null],
    confidence: ['very', 'HIGH', 1, null],
  },
  factPatch: {
    fact: ['', '   ', 'x'.repeat(501), 5],
    domain: ['hobbies', null],
    confidence: ['very', 1],
    confirm: [false, 'true', 1],
  },
  discard: {
    kind: ['bogus', '', 5, null],
    content: ['', 5, null],
    sessionId: ['a b', '', 'x'.repeat(129), 5],
    tokens: [-1, 1.5, '5'],
    error: ['x', { code: 'bad code!', message: 'm' }, { code: 'E1' }, { code: 'E1', message: '' }],
  },
  toolCache: {
    params: ['x', [], null, 5],
    idempotent: [false, 'true', 1, null],
  },
};

/** Bodies with a required field missing. */
export const MISSING_FIELDS: Record<BodyEndpoint, readonly JsonObject[]> = {
  context: [{}, { tools: [] }, { budget: 100, dryRun: true }],
  turns: [{}, { role: 'assistant' }, { content: 'x' }],
  facts: [{}, { fact: 'x' }, { domain: 'work' }],
  factPatch: [{}],
  discard: [{}, { content: 'x' }, { kind: 'tool_log' }],
  toolCache: [{}, { params: {} }, { params: {}, result: 1 }],
};

/** `{"a": {"a": … 1 …}}`, `depth` levels of objects. */
export function nestedObject(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}
