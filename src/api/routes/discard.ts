import { SETTINGS } from '../../config/settings.js';
import { acceptDiscardable, type DiscardDeps } from '../../discardable/discard.js';
import { overSizeLimit } from '../../errors.js';
import { defineRoute, type RouteSpec } from '../route.js';
import { discardBodySchema, discardResponseSchema } from '../schemas/discard.js';

export interface DiscardRouteDeps extends DiscardDeps {
  /** MEMORYD_MAX_MESSAGE_BYTES: the largest `content` accepted (UTF-8 bytes), named in the 413. */
  maxMessageBytes: number;
}

/** `POST /v1/discard`: records that only go to the 24 h logs, never to a prompt. */
export function discardRoutes(deps: DiscardRouteDeps): RouteSpec[] {
  return [
    defineRoute({
      method: 'POST',
      path: '/v1/discard',
      summary: 'Hands memoryd a discardable record (tool log, failed parse, intermediate answer, stack trace): logs only, deleted after 24 h',
      body: discardBodySchema,
      response: discardResponseSchema,
      errors: [413],
      handler: ({ body }) => {
        const bytes = Buffer.byteLength(body.content);
        if (bytes > deps.maxMessageBytes) {
          throw overSizeLimit({ path: 'body.content' }, bytes, deps.maxMessageBytes, SETTINGS.maxMessageBytes.env);
        }
        return acceptDiscardable(deps, body);
      },
    }),
  ];
}
