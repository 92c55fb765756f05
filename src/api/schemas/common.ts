import { z } from 'zod';

const ID_CHARACTERS = 'must be 1–128 characters of A–Z, a–z, 0–9, ".", "_", ":" or "-"';

/**
 * An id that names a path segment (a session, a tool's cache, a fact): 1–128 characters
 * of `[A-Za-z0-9._:-]`, but not "." nor "..", which HTTP clients resolve as the current
 * and parent directory (`/v1/sessions/../context` is sent as `/v1/context`): such an id
 * could be created but not addressed. `what` names the thing in the message.
 */
export function pathIdSchema(what: string): z.ZodString {
  return z
    .string()
    .regex(/^[A-Za-z0-9._:-]{1,128}$/, ID_CHARACTERS)
    .regex(/^(?!\.\.?$)/, `must not be "." or "..": HTTP clients read those as the current and parent path segments, so a ${what} so named could not be addressed`);
}

export const sessionIdSchema = pathIdSchema('session');

/**
 * A tool's name, one rule wherever a tool is named (the context call's tools and results,
 * a recorded turn, a discardable record, the tool cache): the session ids' rule, as the
 * tool cache's path names the tool. A ":" is safe in the tool cache's key
 * (`name:<64 hex digits>`), whose hash has a fixed length.
 */
export const toolNameSchema = pathIdSchema('tool');

/**
 * The id of a tool call, as the assistant's LLM gave it: 1–128 characters, not starting
 * with `memoryd#`, the ids memoryd gives tool turns recorded without one (and its marker
 * of omitted results) so that every prompt's ids stay unique.
 */
export const toolCallIdSchema = z
  .string()
  .min(1)
  .max(128)
  .regex(/^(?!memoryd#)/, 'must not start with "memoryd#": memoryd gives ids of that form to the tool turns recorded without one, so that every id in a prompt stays unique');

/**
 * Makes a refinement of an object or array run even when some of its fields or elements
 * have problems of their own (zod skips it then), so that its issues are reported with
 * theirs. Such a refinement reads its input as unknown: no field's type is to be trusted.
 */
export const EVEN_WITH_OTHER_ISSUES = {
  when: (payload: z.core.ParsePayload): boolean => typeof payload.value === 'object' && payload.value !== null,
};

export { isRecord } from '../../records.js';

export const sessionParamsSchema = z.strictObject({ sessionId: sessionIdSchema });

export const errorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.record(z.string(), z.unknown()),
  }),
});

const ISO_TIME = 'must be an ISO-8601 date-time with a time zone, e.g. 2026-01-01T10:00:00Z or 2026-01-01T10:00:00+01:00';

// Forms of an ISO-8601 date-time with a zone that clients write and zod's check refuses:
// RFC 3339's lower-case "t" and "z" and a space for the "T" (§5.6, what SQL and Python's
// str(datetime) write), a time without seconds ("T10:00Z", ISO-8601's reduced precision)
// and an offset without its colon ("+0100", ISO-8601's basic form). Each is read as the
// extended form with seconds, the same instant.
const LOOSE_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}:\d{2})(:\d{2}(?:\.\d+)?)?(?:([Zz])|([+-]\d{2}):?(\d{2}))$/;

function inExtendedForm(value: string): string {
  const match = LOOSE_DATE_TIME.exec(value);
  if (match === null) return value;
  const [, date, minutes, seconds, zulu, offsetHours, offsetMinutes] = match;
  const zone = zulu === undefined ? `${offsetHours}:${offsetMinutes}` : 'Z';
  return `${date}T${minutes}${seconds ?? ':00'}${zone}`;
}

/**
 * An ISO-8601 timestamp with a time zone, e.g. `2026-11-22T10:00:00Z`; RFC 3339's lower-case
 * `t` and `z` and a space for the `T`, a time without seconds and an offset without its
 * colon are taken too. The value parsed is the extended form (see inExtendedForm).
 */
export const isoTimeSchema = z
  .string({ error: ISO_TIME })
  .meta({ format: 'date-time' })
  .transform(inExtendedForm)
  .pipe(z.iso.datetime({ offset: true, error: ISO_TIME }));

const BEFORE_EPOCH = 'must not be before 1970-01-01T00:00:00Z: memoryd keeps times as milliseconds since then';

/**
 * When a turn happened (a context call's or a recorded turn's `at`): an ISO-8601 timestamp
 * with a time zone, not before 1970-01-01T00:00:00Z. Times are stored as milliseconds since
 * then; an earlier one would be shown back in forms this schema refuses (`-000001-…`).
 */
export const turnTimeSchema = isoTimeSchema
  // `!(… < 0)`: a text that is no date-time (NaN) has the format's issue alone.
  .refine((value) => !(Date.parse(value) < 0), BEFORE_EPOCH)
  .describe(
    'when it happened (importing a past conversation): ISO-8601 with a time zone, not before 1970-01-01T00:00:00Z, not in the future, not before the session\'s last turn',
  );
