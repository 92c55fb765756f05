import { z } from 'zod';
import { DISCARD_KINDS, ERROR_KINDS } from '../../discardable/discard.js';
import { MAX_ERROR_MESSAGE_CHARS } from '../../discardable/error-log.js';
import { toolNameSchema } from './common.js';
import { sessionIdSchema } from './common.js';

export const discardBodySchema = z
  .strictObject({
    kind: z.enum(DISCARD_KINDS),
    sessionId: sessionIdSchema.optional(),
    /** Size is checked in UTF-8 bytes by the handler (413 over the message limit). */
    content: z.string().min(1),
    toolName: toolNameSchema.optional(),
    tokens: z.number().int().min(0).optional(),
    error: z
      .strictObject({
        code: z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'must be 1–64 characters of A–Z, a–z, 0–9, "_", ".", ":" or "-"'),
        message: z.string().min(1).max(4 * MAX_ERROR_MESSAGE_CHARS),
      })
      .optional(),
  })
  .refine((body) => body.error === undefined || ERROR_KINDS.has(body.kind), {
    path: ['error'],
    message: 'only a parse_failure or a stack_trace may carry an error summary',
  });

export const discardResponseSchema = z.object({ discarded: z.literal(true), errorRecorded: z.boolean() });

export type DiscardBody = z.infer<typeof discardBodySchema>;
export type DiscardResponse = z.infer<typeof discardResponseSchema>;
