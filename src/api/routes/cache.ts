import type { ToolCache } from '../../cache/tool-cache.js';
import { checkMessageSize } from '../../config/message-size.js';
import { InvalidRequestError } from '../../errors.js';
import { defineRoute, type RouteSpec } from '../route.js';
import {
  toolCacheGetResponseSchema,
  toolCachePutBodySchema,
  toolCachePutResponseSchema,
  toolCacheQuerySchema,
  toolParamsSchema,
} from '../schemas/cache.js';

export interface ToolCacheRouteDeps {
  toolCache: ToolCache;
  /** MEMORYD_MAX_MESSAGE_BYTES: the largest result accepted (UTF-8 bytes of its JSON), named in the 413. */
  maxMessageBytes: number;
  /** Told each lookup's result (metrics). */
  onLookup?: (result: 'hit' | 'miss') => void;
}

/** `GET|PUT /v1/tool-cache/:toolName`: results of idempotent tools, kept 1 h. */
export function toolCacheRoutes(deps: ToolCacheRouteDeps): RouteSpec[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/v1/tool-cache/:toolName',
      summary: 'The cached result of an idempotent tool call with equal parameters; a miss is {hit: false}',
      params: toolParamsSchema,
      query: toolCacheQuerySchema,
      response: toolCacheGetResponseSchema,
      handler: ({ params, query }) => {
        const { key, hit } = deps.toolCache.get(params.toolName, query.params);
        deps.onLookup?.(hit ? 'hit' : 'miss');
        if (!hit) return { hit: false, toolName: params.toolName, key };
        return {
          hit: true,
          toolName: params.toolName,
          key,
          result: hit.result,
          cachedAt: new Date(hit.cachedAt).toISOString(),
          expiresAt: new Date(hit.expiresAt).toISOString(),
        };
      },
    }),
    defineRoute({
      method: 'PUT',
      path: '/v1/tool-cache/:toolName',
      summary: 'Caches the result of an idempotent tool call for 1 h; side-effecting tools are refused (400)',
      params: toolParamsSchema,
      body: toolCachePutBodySchema,
      response: toolCachePutResponseSchema,
      errors: [413],
      handler: ({ params, body }) => {
        checkMessageSize({ path: 'body.result', label: 'body.result (as JSON)' }, JSON.stringify(body.result), deps.maxMessageBytes);
        const outcome = deps.toolCache.put(params.toolName, body.params, body.result, { idempotent: body.idempotent });
        if (!outcome.stored) {
          throw new InvalidRequestError(`invalid request: ${outcome.message}`, [{ path: 'body.idempotent', message: outcome.message }]);
        }
        return {
          stored: true,
          toolName: params.toolName,
          key: outcome.key,
          cachedAt: new Date(outcome.cachedAt).toISOString(),
          expiresAt: new Date(outcome.expiresAt).toISOString(),
        };
      },
    }),
  ];
}
