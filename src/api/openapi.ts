import { STATUS_CODES } from 'node:http';
import { z } from 'zod';
import type { ExtraResponse, RouteSpec } from './route.js';
import { errorResponseSchema } from './schemas/common.js';
import { contextRequestSchema } from './schemas/sessions.js';

const STATUS_TEXT: Record<number, string> = {
  400: 'invalid request (details.issues lists each problem with its field path)',
  404: 'not found',
  405: 'method not allowed',
  409: 'conflicts with the current state',
  413: 'body or single message over its limit',
  422: 'the critical sections alone exceed the budget',
  500: 'internal error (no stack trace; see the daemon logs)',
  503: 'memoryd is shutting down (SHUTTING_DOWN); retry when it is back',
};

// Every route but a GET writes, in a transaction that is refused before it begins while
// the database file is gone or replaced (lifecycle/database-file-watch.ts), or that fails
// for lack of space or on a file it cannot use (storage/transaction.ts DatabaseFullError,
// UnusableDatabaseError).
const WRITE_UNAVAILABLE: ExtraResponse = {
  status: 503,
  description:
    'memoryd is shutting down (SHUTTING_DOWN), or refuses writes because its database file is gone or was replaced while it ran, or has no space left (SQLITE_FULL), or cannot use the file (a disk I/O error, a read-only file or file system, a file it cannot open: SQLITE_IOERR, SQLITE_READONLY, SQLITE_CANTOPEN) (UNAVAILABLE, details.down: ["db"]; GET /v1/health says why): nothing was changed; retry when it is back',
};

const ERROR_REF = { $ref: '#/components/schemas/Error' };

/** Limits the daemon's configuration sets, which the schemas cannot know. */
export interface ConfiguredLimits {
  /** The largest `budget` of a context call. */
  tokenCap: number;
}

// Each schema bounded by a configured limit, with that limit (checked by the handler, shown as its `maximum`).
function configuredMaximums(limits: ConfiguredLimits): Map<unknown, number> {
  return new Map([[contextRequestSchema.shape.budget.unwrap(), limits.tokenCap]]);
}

interface Conversion {
  io: 'input' | 'output';
  maximums: ReadonlyMap<unknown, number>;
}

// Responses: the configured limits bound what a client sends, not what it is sent.
const OUTPUT: Conversion = { io: 'output', maximums: new Map() };

/** The OpenAPI 3.1 document of the routes, generated from the same zod schemas and statuses that serve them. */
export function buildOpenApiDocument(routes: readonly RouteSpec[], version: string, limits: ConfiguredLimits): Record<string, unknown> {
  const maximums = configuredMaximums(limits);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    const operations = (paths[path] ??= {});
    operations[route.method.toLowerCase()] = operation(route, maximums);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'memoryd',
      version,
      description: 'HTTP/1.1 + JSON on a Unix socket: curl --unix-socket data/memoryd.sock http://memoryd/v1/health',
    },
    servers: [{ url: 'http://memoryd' }],
    paths,
    components: { schemas: { Error: jsonSchema(errorResponseSchema, OUTPUT) } },
  };
}

function operation(route: RouteSpec, maximums: ReadonlyMap<unknown, number>): Record<string, unknown> {
  const input: Conversion = { io: 'input', maximums };
  const parameters = [
    ...parametersOf(route.params, 'path', input),
    ...parametersOf(route.query, 'query', input),
  ];
  const success = route.status ?? 200;
  const responses: Record<string, unknown> = {
    [success]: {
      description: success === 201 ? 'created' : 'success',
      content: route.produces === 'text/plain'
        ? { 'text/plain': { schema: { type: 'string' } } }
        : { 'application/json': { schema: route.response ? jsonSchema(route.response, OUTPUT) : {} } },
    },
  };
  for (const extra of extraResponses(route)) {
    responses[extra.status] = {
      description: extra.description,
      content: { 'application/json': { schema: extra.schema ? jsonSchema(extra.schema, OUTPUT) : ERROR_REF } },
    };
  }
  return {
    summary: route.summary,
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(route.body ? { requestBody: { required: !route.body.safeParse(undefined).success, content: { 'application/json': { schema: jsonSchema(route.body, input) } } } } : {}),
    responses,
  };
}

// What the route answers besides success: what the server does for any route (400 for
// a bad input, an unknown query field or a body where none is taken; 413 for a body over
// the limit; 500; 503, and for a write the refusal while the database file is gone), then
// what the route declares.
function extraResponses(route: RouteSpec): ExtraResponse[] {
  const statuses = [400, ...(route.body ? [413] : []), 500];
  const byStatus = new Map<number, ExtraResponse>(statuses.map((status) => [status, described(status)]));
  byStatus.set(503, route.method === 'GET' ? described(503) : WRITE_UNAVAILABLE);
  for (const extra of route.errors ?? []) {
    const declared = typeof extra === 'number' ? described(extra) : extra;
    byStatus.set(declared.status, declared);
  }
  return [...byStatus.values()].sort((a, b) => a.status - b.status);
}

function described(status: number): ExtraResponse {
  return { status, description: STATUS_TEXT[status] ?? STATUS_CODES[status] ?? `HTTP ${status}` };
}

function parametersOf(schema: z.ZodType | undefined, where: 'path' | 'query', conversion: Conversion): Record<string, unknown>[] {
  if (!schema) return [];
  const json = jsonSchema(schema, conversion);
  const properties = (json.properties ?? {}) as Record<string, unknown>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: property,
  }));
}

function jsonSchema(schema: z.ZodType, { io, maximums }: Conversion): Record<string, unknown> {
  const converted = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema: json }) => {
      const maximum = maximums.get(zodSchema);
      if (maximum !== undefined) json.maximum = maximum;
      // A request's unknown field is a 400, but a response may carry more fields than listed (api.md).
      if (io === 'output' && json.additionalProperties === false) delete json.additionalProperties;
    },
  }) as Record<string, unknown>;
  const { $schema: _ignored, ...rest } = converted;
  return rest;
}
