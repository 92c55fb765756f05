import { z } from 'zod';

export const sessionIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9._:-]{1,128}$/, 'must be 1–128 characters of A–Z, a–z, 0–9, ".", "_", ":" or "-"');

/**
 * A tool's name, one rule wherever a tool is named (the context call's tools and results,
 * a recorded turn, a discardable record, the tool cache): the session ids' characters. A
 * ":" is safe in the tool cache's key (`name:<64 hex digits>`), whose hash has a fixed length.
 */
export const toolNameSchema = z
  .string()
  .regex(/^[A-Za-z0-9._:-]{1,128}$/, 'must be 1–128 characters of A–Z, a–z, 0–9, ".", "_", ":" or "-"');

/**
 * The id of a tool call, as the assistant's LLM gave it: 1–128 characters, not starting
 * with `memoryd#`, the ids memoryd gives tool turns recorded without one (and its marker
 * of omitted results) so that every prompt's ids stay unique.
 */
export const toolCallIdSchema = z
  .string()
  .min(1)
  .max(128)
  .regex(/^(?!memoryd#)/, 'must not start with "memoryd#": memoryd names the tool turns recorded without an id so');

export const sessionParamsSchema = z.strictObject({ sessionId: sessionIdSchema });

export const errorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.record(z.string(), z.unknown()),
  }),
});

/** An ISO-8601 timestamp with a time zone, e.g. `2026-11-22T10:00:00Z`. */
export const isoTimeSchema = z.iso.datetime({
  offset: true,
  error: 'must be an ISO-8601 date-time with a time zone, e.g. 2026-01-01T10:00:00Z or 2026-01-01T10:00:00+01:00',
});
