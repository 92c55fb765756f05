import { BAD_FIELD_VALUES, FUTURE, lateRejected, MISSING_FIELDS, nestedObject, tinyBudget, validBody, type BodyEndpoint } from './fuzz-bodies.js';
import { BAD_BUDGETS, BAD_TIMES, EXTRA_KEYS, INVALID_UTF8, MALFORMED_JSON, NOT_OBJECTS, ODD_SESSION_IDS, SESSION_ID_RULE, TOKENIZER_BOMBS } from './fuzz-values.js';
import type { Exchange } from './http-exchange.js';
import { RAW_HTTP_CASES } from './fuzz-raw.js';
import type { SeededRandom } from './seed.js';

/** One fuzz request: an HTTP exchange, or raw bytes for what Node's HTTP client will not send. */
export interface FuzzCase {
  category: string;
  label: string;
  request?: Exchange;
  raw?: { bytes: Buffer; endAfterWrite: boolean };
  /** Its own connection: big bodies and methods the server's parser refuses close it. */
  ownConnection: boolean;
}

/** What the cases may refer to: the sessions and facts written before the fuzzing. */
export interface FuzzContext {
  seededSessions: readonly string[];
  seededFactIds: readonly string[];
  /** A 10 MiB buffer, made once and shared by the big-body cases. */
  tenMiB: Buffer;
}

type Generator = (random: SeededRandom, context: FuzzContext) => Omit<FuzzCase, 'category'>;

const ENDPOINT_PATHS: Record<BodyEndpoint, (random: SeededRandom, context: FuzzContext) => { method: string; path: string }> = {
  context: (random, context) => ({ method: 'POST', path: `/v1/sessions/${fuzzSession(random, context)}/context` }),
  turns: (random, context) => ({ method: 'POST', path: `/v1/sessions/${fuzzSession(random, context)}/turns` }),
  facts: () => ({ method: 'POST', path: '/v1/facts' }),
  factPatch: (random, context) => ({ method: 'PATCH', path: `/v1/facts/${context.seededFactIds.length > 0 && random.chance(0.5) ? random.pick(context.seededFactIds) : 'fact_fuzz_unknown'}` }),
  discard: () => ({ method: 'POST', path: '/v1/discard' }),
  toolCache: () => ({ method: 'PUT', path: '/v1/tool-cache/search_flights' }),
};
const ENDPOINTS = Object.keys(ENDPOINT_PATHS) as BodyEndpoint[];

// Session ids of the fuzz phase: fresh ones, or one seeded before it (never changed: every request fails).
function fuzzSession(random: SeededRandom, context?: FuzzContext): string {
  if (context && context.seededSessions.length > 0 && random.chance(0.3)) return random.pick(context.seededSessions);
  return `fuzz-${random.int(0, 20)}`;
}

function json(endpoint: BodyEndpoint, random: SeededRandom, context: FuzzContext, body: string | Buffer, label: string, headers?: Record<string, string>): Omit<FuzzCase, 'category'> {
  const target = ENDPOINT_PATHS[endpoint](random, context);
  return { label: `${endpoint}: ${label}`, request: { ...target, body, ...(headers ? { headers } : {}) }, ownConnection: Buffer.byteLength(body) > 64 * 1024 };
}

function text(random: SeededRandom): string {
  return random.pick(['hello', 'What did we decide about the deployment?', 'Remember that my fuzzcolour is fzmk' + random.int(0, 1e6), 'ünïcödé ✓ 日本語 😀', 'I prefer fzmkpref' + random.int(0, 1e6)]);
}

const GENERATORS: Record<string, { weight: number; make: Generator }> = {
  'malformed-json': { weight: 10, make: (r, c) => json(r.pick(ENDPOINTS), r, c, r.chance(0.8) ? r.pick(MALFORMED_JSON) : r.pick(NOT_OBJECTS), 'malformed') },
  'truncated-json': {
    weight: 8,
    make: (r, c) => {
      const endpoint = r.pick(ENDPOINTS);
      const whole = JSON.stringify(validBody(endpoint, r, text(r)));
      return json(endpoint, r, c, whole.slice(0, r.int(1, whole.length - 1)), 'truncated');
    },
  },
  'wrong-types': {
    weight: 14,
    make: (r, c) => {
      const endpoint = r.pick(ENDPOINTS);
      const fields = BAD_FIELD_VALUES[endpoint];
      const field = r.pick(Object.keys(fields));
      const value = r.pick(fields[field] ?? []);
      return json(endpoint, r, c, JSON.stringify({ ...validBody(endpoint, r, text(r)), [field]: value }), `${field}=${JSON.stringify(value)?.slice(0, 40)}`);
    },
  },
  'missing-fields': { weight: 5, make: (r, c) => withEndpoint(r, (endpoint) => json(endpoint, r, c, JSON.stringify(r.pick(MISSING_FIELDS[endpoint])), 'missing field')) },
  'extra-fields': {
    weight: 6,
    make: (r, c) =>
      withEndpoint(r, (endpoint) => {
        const key = r.pick(EXTRA_KEYS);
        return json(endpoint, r, c, JSON.stringify({ ...validBody(endpoint, r, text(r)), [key]: r.pick([1, 'x', null, {}]) }), `extra ${key.slice(0, 20)}`);
      }),
  },
  'huge-strings': { weight: 4, make: hugeString },
  'invalid-utf8': {
    weight: 6,
    make: (r, c) =>
      withEndpoint(r, (endpoint) => {
        const valid = JSON.stringify(validBody(endpoint, r, 'abcINVALIDdef'));
        const parts = (valid.includes('INVALID') ? valid : '{"fact":"abcINVALIDdef"}').split('INVALID');
        const bad = r.pick(INVALID_UTF8);
        const body = Buffer.concat(parts.flatMap((part, i) => (i === 0 ? [Buffer.from(part)] : [bad, Buffer.from(part)])));
        return json(endpoint, r, c, body, 'invalid UTF-8');
      }),
  },
  'deep-nesting': {
    weight: 4,
    make: (r, c) => {
      const depth = r.chance(0.7) ? r.int(65, 2000) : r.int(10_000, 400_000);
      if (r.chance(0.5)) return json('context', r, c, '['.repeat(depth) + ']'.repeat(depth), `[ x${depth}`);
      return json('context', r, c, `{"message":"hi","tools":[{"name":"t","description":"d","parameters":${nestedObject(depth)}}]}`, `parameters depth ${depth}`);
    },
  },
  'odd-session-ids': { weight: 8, make: oddSessionId },
  budgets: {
    weight: 6,
    make: (r, c) => {
      const budget = r.chance(0.6) ? r.pick(BAD_BUDGETS) : tinyBudget(r);
      return json('context', r, c, JSON.stringify({ message: text(r), budget }), `budget ${JSON.stringify(budget)}`);
    },
  },
  'big-bodies': { weight: 1, make: bigBody },
  'tokenizer-bombs': { weight: 1.5, make: tokenizerBomb },
  'unknown-routes': { weight: 6, make: unknownRoute },
  'wrong-methods': { weight: 6, make: wrongMethod },
  'content-types': {
    weight: 3,
    make: (r, c) => {
      const type = r.pick(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=latin1', 'application/xml', '*/*', 'a/b/c', '']);
      const body = r.chance(0.5) ? JSON.stringify(lateRejected('context', { message: text(r) }, r)) : 'message=hi&budget=100';
      return json('context', r, c, body, `content-type ${type}`, { 'content-type': type });
    },
  },
  'fact-routes': { weight: 5, make: factRoute },
  'bad-times': {
    weight: 3,
    make: (r, c) => {
      const endpoint = r.pick(['context', 'turns'] as const);
      const seeded = c.seededSessions.length > 0 && r.chance(0.4);
      const at = seeded ? '2000-01-01T00:00:00Z' : r.chance(0.5) ? FUTURE : r.pick(BAD_TIMES);
      const target = seeded ? `/v1/sessions/${r.pick(c.seededSessions)}/${endpoint}` : `/v1/sessions/${fuzzSession(r)}/${endpoint}`;
      return { label: `${endpoint} at ${JSON.stringify(at)}`, request: { method: 'POST', path: target, body: JSON.stringify({ ...validBody(endpoint, r, text(r)), at }) }, ownConnection: false };
    },
  },
  'raw-http': {
    weight: 3,
    make: (r) => {
      const chosen = r.pick(RAW_HTTP_CASES);
      return { label: chosen.label, raw: { bytes: chosen.bytes, endAfterWrite: chosen.endAfterWrite }, ownConnection: true };
    },
  },
};

function withEndpoint<T>(random: SeededRandom, make: (endpoint: BodyEndpoint) => T): T {
  return make(random.pick(ENDPOINTS));
}

function hugeString(r: SeededRandom, c: FuzzContext): Omit<FuzzCase, 'category'> {
  const big = 'h'.repeat(r.int(300, 1000) * 1024);
  const choice = r.int(0, 5);
  if (choice === 0) return json('context', r, c, JSON.stringify({ message: big }), `message ${big.length} B`);
  if (choice === 1) return json('turns', r, c, JSON.stringify({ role: 'assistant', content: big }), `content ${big.length} B`);
  if (choice === 2) return json('context', r, c, JSON.stringify({ message: 'hi', tools: [{ name: 't', description: big }] }), 'tool description');
  if (choice === 3) return json('context', r, c, JSON.stringify({ message: 'hi', toolResults: [{ toolCallId: 'c', name: 't', content: big }] }), 'tool result');
  if (choice === 4) return json('discard', r, c, JSON.stringify({ kind: 'tool_log', content: big }), 'discard content');
  return json('toolCache', r, c, JSON.stringify({ params: { q: 'x' }, result: big, idempotent: true }), 'tool result to cache');
}

function oddSessionId(r: SeededRandom, c: FuzzContext): Omit<FuzzCase, 'category'> {
  const id = r.pick(ODD_SESSION_IDS);
  const valid = decodesToValidId(id);
  const route = r.pick(['context', 'turns', 'get', 'delete'] as const);
  const label = `id ${id.slice(0, 30)} (${id.length} chars, ${valid ? 'valid' : 'invalid'}) ${route}`;
  if (route === 'get' || route === 'delete') return { label, request: { method: route.toUpperCase(), path: `/v1/sessions/${id}` }, ownConnection: false };
  const body = validBody(route, r, text(r));
  return { label, request: { method: 'POST', path: `/v1/sessions/${id}/${route}`, body: JSON.stringify(valid ? lateRejected(route, body, r) : body) }, ownConnection: false };
}

function decodesToValidId(segment: string): boolean {
  try {
    return SESSION_ID_RULE.test(decodeURIComponent(segment));
  } catch {
    return false; // a malformed escape: refused before routing
  }
}

function bigBody(r: SeededRandom, c: FuzzContext): Omit<FuzzCase, 'category'> {
  const path = `/v1/sessions/${fuzzSession(r)}/context`;
  const choice = r.int(0, 3);
  if (choice === 0) return { label: '10 MiB of bytes', request: { method: 'POST', path, body: c.tenMiB }, ownConnection: true };
  if (choice === 1) {
    const body = Buffer.concat([Buffer.from('{"message":"'), c.tenMiB, Buffer.from('"}')]);
    return { label: '10 MiB JSON message', request: { method: 'POST', path, body }, ownConnection: true };
  }
  if (choice === 2) return { label: 'chunked 2-10 MiB', request: { method: 'POST', path, body: c.tenMiB.subarray(0, r.int(2, 10) * 1024 * 1024), chunked: true }, ownConnection: true };
  const body = JSON.stringify({ message: 'b'.repeat(1024 * 1024) });
  return { label: 'a body just over 1 MiB', request: { method: 'POST', path, body }, ownConnection: true };
}

function tokenizerBomb(r: SeededRandom, c: FuzzContext): Omit<FuzzCase, 'category'> {
  const bomb = r.pick(TOKENIZER_BOMBS);
  const way = r.int(0, 5);
  const label = `${JSON.stringify(bomb.slice(0, 12))}… ${bomb.length} chars, way ${way}`;
  if (way === 0) return json('context', r, c, JSON.stringify({ message: bomb, budget: tinyBudget(r) }), label);
  if (way === 1) return json('context', r, c, JSON.stringify({ message: bomb, at: FUTURE }), label);
  if (way === 2) return json('context', r, c, JSON.stringify({ message: bomb, dryRun: true, budget: tinyBudget(r) }), label);
  if (way === 3) return json('turns', r, c, JSON.stringify({ ...validBody('turns', r, bomb), at: FUTURE }), label);
  if (way === 4) return json('context', r, c, JSON.stringify({ message: 'hi', toolResults: [{ toolCallId: 'c1', name: 't', content: bomb }], budget: tinyBudget(r) }), label);
  return json('context', r, c, JSON.stringify({ message: 'hi', tools: [{ name: 't', description: bomb }], budget: tinyBudget(r) }), label);
}

const UNKNOWN_PATHS = ['/', '/v1', '/v2/health', '/v1/sessions', '/v1/sessions/x/unknown', '/v1/sessions/x/context/extra', '/v1/facts/x/y/z', '/admin', '/v1/health/extra', '/%2e%2e/%2e%2e/etc/passwd', '/v1/sessions/x/turns/1', '/favicon.ico', '/v1/openapi.yaml', '/v1/metrics/x', '/v1/tool-cache', '/v1/discard/x', '/V1/HEALTH'];

function unknownRoute(r: SeededRandom): Omit<FuzzCase, 'category'> {
  const path = r.chance(0.8) ? r.pick(UNKNOWN_PATHS) : r.chance(0.5) ? `/v1/zz${r.int(0, 1e9)}?q=%zz&x=${'y'.repeat(r.int(0, 3000))}` : `/${'z'.repeat(r.int(1000, 60_000))}`;
  const method = r.pick(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
  const body = method === 'GET' || method === 'DELETE' || r.chance(0.3) ? undefined : JSON.stringify({ message: 'hi' });
  return { label: `${method} ${path.slice(0, 40)}`, request: { method, path, ...(body === undefined ? {} : { body }) }, ownConnection: path.length > 8000 };
}

const ROUTES: ReadonlyArray<{ path: string; allowed: readonly string[] }> = [
  { path: '/v1/health', allowed: ['GET'] },
  { path: '/v1/openapi.json', allowed: ['GET'] },
  { path: '/v1/metrics', allowed: ['GET'] },
  { path: '/v1/sessions/fuzz-1/context', allowed: ['POST'] },
  { path: '/v1/sessions/fuzz-1/turns', allowed: ['POST'] },
  { path: '/v1/sessions/fuzz-1', allowed: ['GET', 'DELETE'] },
  { path: '/v1/facts', allowed: ['GET', 'POST'] },
  { path: '/v1/facts/fact_fuzz_unknown', allowed: ['GET', 'PATCH', 'DELETE'] },
  { path: '/v1/facts/fact_fuzz_unknown/chain', allowed: ['GET'] },
  { path: '/v1/discard', allowed: ['POST'] },
  { path: '/v1/tool-cache/search_flights', allowed: ['GET', 'PUT'] },
];
// HEAD is left out: a HEAD answer has no body (HEAD on a GET route answers like the GET).
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND', 'TRACE', 'SEARCH', 'LOCK', 'PURGE', 'MKCOL', 'COPY', 'MOVE', 'REPORT'];

function wrongMethod(r: SeededRandom): Omit<FuzzCase, 'category'> {
  const route = r.pick(ROUTES);
  if (r.chance(0.15)) {
    const method = r.pick(['BREW', 'FOO', 'G3T', 'GETS']);
    return { label: `${method} ${route.path}`, request: { method, path: route.path }, ownConnection: true };
  }
  const method = r.pick(METHODS.filter((each) => !route.allowed.includes(each)));
  const withBody = ['POST', 'PUT', 'PATCH'].includes(method) && r.chance(0.5);
  return { label: `${method} ${route.path}`, request: { method, path: route.path, ...(withBody ? { body: '{"message":"hi"}' } : {}) }, ownConnection: false };
}

function factRoute(r: SeededRandom, c: FuzzContext): Omit<FuzzCase, 'category'> {
  const choice = r.int(0, 4);
  if (choice === 0) {
    const query = r.pick(['limit=0', 'limit=-1', 'limit=abc', 'limit=10001', 'limit=1.5', 'status=bogus', 'domain=bogus', `q=${'q'.repeat(201)}`, 'extra=1', 'limit=1&limit=2']);
    return { label: `GET /v1/facts?${query.slice(0, 30)}`, request: { method: 'GET', path: `/v1/facts?${query}` }, ownConnection: false };
  }
  if (choice === 1) return { label: 'GET unknown fact', request: { method: 'GET', path: `/v1/facts/fact_fuzz_${r.int(0, 1e6)}${r.chance(0.5) ? '/chain' : ''}` }, ownConnection: false };
  if (choice === 2) return { label: 'DELETE unknown fact', request: { method: 'DELETE', path: `/v1/facts/fact_fuzz_${r.int(0, 1e6)}` }, ownConnection: false };
  if (choice === 3) {
    const method = r.pick(['GET', 'PATCH', 'DELETE']);
    const path = `/v1/facts/${r.pick(ODD_SESSION_IDS.filter((id) => !decodesToValidId(id) && id !== ''))}`;
    return { label: `${method} fact id invalid`, request: { method, path, ...(method === 'PATCH' ? { body: '{"confirm":true}' } : {}) }, ownConnection: false };
  }
  return json('factPatch', r, c, JSON.stringify(r.pick(MISSING_FIELDS.factPatch)), 'empty patch');
}

const WEIGHTED = Object.entries(GENERATORS);
const TOTAL_WEIGHT = WEIGHTED.reduce((sum, [, each]) => sum + each.weight, 0);

/** The fuzz case for one seeded random stream; every case must be refused with a 4xx. */
export function fuzzCase(random: SeededRandom, context: FuzzContext): FuzzCase {
  let roll = random.next() * TOTAL_WEIGHT;
  const chosen = WEIGHTED.find(([, generator]) => (roll -= generator.weight) < 0) ?? WEIGHTED[0];
  if (chosen === undefined) throw new Error('no fuzz generators');
  const [category, generator] = chosen;
  return { category, ...generator.make(random, context) };
}

