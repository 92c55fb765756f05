import { z } from 'zod';
import { AppError } from '../../errors.js';
import { mapError } from '../error-mapping.js';
import { buildOpenApiDocument } from '../openapi.js';
import { defineRoute, Reply, type RouteSpec } from '../route.js';
import { errorResponseSchema } from '../schemas/common.js';
import { degradedHealthResponseSchema, healthResponseSchema, type HealthResponse } from '../schemas/health.js';

export interface SystemDeps {
  health(): HealthResponse;
  version: string;
  /** The configured cap, which bounds a context call's budget (the OpenAPI document says so). */
  tokenCap: number;
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
      errors: [
        {
          status: 503,
          description: 'degraded: the health fields and an error naming what is down (details.down); while shutting down, the error alone',
          schema: z.union([degradedHealthResponseSchema, errorResponseSchema]),
        },
      ],
      handler: () => {
        const health = deps.health();
        if (health.status === 'ok') return health;
        // The database is the one part the check probes: degraded means it is down, and `dbError` says how.
        const down = new AppError('UNAVAILABLE', `memoryd is degraded: ${health.dbError ?? 'the database is down; details are in the daemon logs'}`, { details: { down: ['db'] } });
        const { status, body } = mapError(down);
        return Reply.json(status, { ...health, ...body });
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/v1/openapi.json',
      summary: 'The OpenAPI 3.1 document of this API',
      handler: () => buildOpenApiDocument(deps.routes(), deps.version, { tokenCap: deps.tokenCap }),
    }),
  ];
}
