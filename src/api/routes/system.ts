import type { HealthResponse } from '../schemas/health.js';
import { healthResponseSchema } from '../schemas/health.js';
import { buildOpenApiDocument } from '../openapi.js';
import { defineRoute, Reply, type RouteSpec } from '../route.js';

export interface SystemDeps {
  health(): HealthResponse;
  version: string;
  /** All routes of the API, for the OpenAPI document. */
  routes(): readonly RouteSpec[];
}

export function systemRoutes(deps: SystemDeps): RouteSpec[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/v1/health',
      summary: 'Liveness, version, database state, embedder and tokenizer in use',
      response: healthResponseSchema,
      handler: () => {
        const health = deps.health();
        return health.status === 'ok' ? health : Reply.json(503, health);
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/v1/openapi.json',
      summary: 'The OpenAPI 3.1 document of this API',
      handler: () => buildOpenApiDocument(deps.routes(), deps.version),
    }),
  ];
}
