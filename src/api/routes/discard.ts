import { checkMessageSize } from '../../config/message-size.js';
import { acceptDiscardable, type DiscardDeps } from '../../discardable/discard.js';
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
      errors: [
        413,
        {
          status: 503,
          description:
            'memoryd is shutting down (SHUTTING_DOWN); the log files cannot take the record (UNAVAILABLE, details.down: ["logs"]): nothing was recorded; ' +
            'or the record has a part for the database (an error summary, a parse failure of a session) while the database file is gone or was replaced ' +
            'or has no space left (UNAVAILABLE, details.down: ["db"]): that part was not recorded',
        },
      ],
      handler: ({ body }) => {
        checkMessageSize({ path: 'body.content' }, body.content, deps.maxMessageBytes);
        return acceptDiscardable(deps, body);
      },
    }),
  ];
}
