import { z } from 'zod';
import { DISCARD_KINDS, ERROR_KINDS, type DiscardKind } from '../../discardable/discard.js';
import { MAX_ERROR_MESSAGE_CHARS } from '../../discardable/error-log.js';
import { EVEN_WITH_OTHER_ISSUES, isRecord, sessionIdSchema, toolNameSchema } from './common.js';

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
  // Also when another field is wrong; a `kind` that is none of the kinds has its own issue.
  .superRefine((body: unknown, context) => {
    if (!isRecord(body) || body.error === undefined || !isDiscardKind(body.kind) || ERROR_KINDS.has(body.kind)) return;
    context.addIssue({ code: 'custom', path: ['error'], message: 'only a parse_failure or a stack_trace may carry an error summary' });
  }, EVEN_WITH_OTHER_ISSUES);

function isDiscardKind(kind: unknown): kind is DiscardKind {
  return (DISCARD_KINDS as readonly unknown[]).includes(kind);
}

export const discardResponseSchema = z.object({
  discarded: z.literal(true),
  /** The record's line went to the log files: false when MEMORYD_LOG_LEVEL is above its level (warn for a parse_failure or stack_trace, info for the others). */
  logged: z.boolean(),
  errorRecorded: z.boolean(),
});

export type DiscardBody = z.infer<typeof discardBodySchema>;
export type DiscardResponse = z.infer<typeof discardResponseSchema>;
