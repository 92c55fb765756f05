import { z } from 'zod';
import { UNSAFE_INTEGER, unsafeIntegerPaths } from '../../cache/canonical-json.js';
import { SIDE_EFFECT_REFUSAL } from '../../cache/tool-cache.js';
import { parseJsonText } from '../json-body.js';
import { toolNameSchema } from './common.js';

export const toolParamsSchema = z.strictObject({ toolName: toolNameSchema });

// A tool call's arguments: a JSON object (the body is already parsed JSON, so values are
// JSON) whose integers are exact: each rounded one is an issue at its own path.
const toolArgumentsSchema = z.record(z.string(), z.unknown()).superRefine((args, context) => {
  for (const path of unsafeIntegerPaths(args)) context.addIssue({ code: 'custom', path, message: UNSAFE_INTEGER });
});

const PARAMS_FORMAT = 'must be URL-encoded JSON of an object, the tool call\'s parameters, e.g. {"city":"Lima"}';

// The query's `params`: JSON text of an object, parsed here so each issue names its own path (`query.params.order.id`).
const toolArgumentsTextSchema = z
  // Only a missing one has this message: other issues (given twice) keep the validation layer's.
  .string({ error: (issue) => (issue.input === undefined ? `required: it ${PARAMS_FORMAT}` : undefined) })
  .min(2, PARAMS_FORMAT)
  .describe('the tool call\'s parameters as URL-encoded JSON, e.g. %7B%22q%22%3A%22Lima%22%7D')
  .transform((text, context) => {
    const value = parseJsonObject(text);
    if (value !== undefined) return value;
    context.addIssue({ code: 'custom', message: PARAMS_FORMAT });
    return z.NEVER;
  })
  .pipe(toolArgumentsSchema);

export const toolCacheQuerySchema = z.strictObject({
  params: toolArgumentsTextSchema,
});

// Undefined unless `text` is JSON of an object; a "__proto__" key is refused, not merged into the prototype.
function parseJsonObject(text: string): Record<string, unknown> | undefined {
  const value = parseJsonText(text);
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

export const toolCachePutBodySchema = z.strictObject({
  params: toolArgumentsSchema,
  result: z.unknown().refine((value) => value !== undefined, 'required: the tool\'s result, any JSON value'),
  idempotent: z.literal(true, { error: `${SIDE_EFFECT_REFUSAL} (send "idempotent": true for a tool without side effects)` }),
});

export const toolCacheGetResponseSchema = z.object({
  hit: z.boolean(),
  toolName: z.string(),
  key: z.string(),
  result: z.unknown().optional(),
  cachedAt: z.string().optional(),
  expiresAt: z.string().optional(),
});

export const toolCachePutResponseSchema = z.object({
  stored: z.literal(true),
  toolName: z.string(),
  key: z.string(),
  cachedAt: z.string(),
  expiresAt: z.string(),
});

export type ToolCachePutBody = z.infer<typeof toolCachePutBodySchema>;
