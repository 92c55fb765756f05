import { z } from 'zod';
import type { RouteSpec } from './route.js';
import { errorResponseSchema } from './schemas/common.js';

const STATUS_TEXT: Record<number, string> = {
  400: 'invalid request (details.issues lists each problem with its field path)',
  404: 'not found',
  405: 'method not allowed',
  413: 'body or single message over its limit',
  422: 'the critical sections alone exceed the budget',
  500: 'internal error (no stack trace; see the daemon logs)',
};

/** The OpenAPI 3.1 document of the routes, generated from the same zod schemas that validate requests. */
export function buildOpenApiDocument(routes: readonly RouteSpec[], version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    const operations = (paths[path] ??= {});
    operations[route.method.toLowerCase()] = operation(route);
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
    components: { schemas: { Error: jsonSchema(errorResponseSchema, 'output') } },
  };
}

function operation(route: RouteSpec): Record<string, unknown> {
  const parameters = [
    ...parametersOf(route.params, 'path'),
    ...parametersOf(route.query, 'query'),
  ];
  const responses: Record<string, unknown> = {
    200: {
      description: 'success',
      content: route.produces === 'text/plain'
        ? { 'text/plain': { schema: { type: 'string' } } }
        : { 'application/json': { schema: route.response ? jsonSchema(route.response, 'output') : {} } },
    },
  };
  for (const status of [400, ...(route.errors ?? []), 500]) {
    responses[status] = {
      description: STATUS_TEXT[status] ?? 'error',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  return {
    summary: route.summary,
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(route.body, 'input') } } } } : {}),
    responses,
  };
}

function parametersOf(schema: z.ZodType | undefined, where: 'path' | 'query'): Record<string, unknown>[] {
  if (!schema) return [];
  const json = jsonSchema(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, unknown>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: property,
  }));
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
}
