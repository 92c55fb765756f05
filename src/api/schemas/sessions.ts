import { z } from 'zod';
import { unsafeIntegerPaths } from '../../cache/canonical-json.js';
import { budgetOverCap } from '../../compiler/context-service.js';
import { replyFieldProblems } from '../../conversation/record-reply.js';
import { VISIBLE_CHARACTER } from '../../visible-text.js';
import { EVEN_WITH_OTHER_ISSUES, isRecord, toolCallIdSchema, toolNameSchema, turnTimeSchema } from './common.js';

// A pattern rather than a refinement, so the OpenAPI document shows the rule: a message of
// whitespace or zero-width characters alone says nothing, as a blank one.
const visible = (what: string) => z.string().regex(VISIBLE_CHARACTER, `${what} must contain a visible character`);

/** A tool description longer than this is a document, not a description. */
export const MAX_TOOL_DESCRIPTION_CHARS = 8192;
const MAX_TOOL_PARAMETERS_CHARS = 16_384;
// What the body's own check lets through (src/api/json-text.ts): an integer a double holds
// exactly but beyond ±(2^53 − 1), whose neighbours the body would have brought as it.
const UNSAFE_PARAMETER =
  'a number beyond ±9007199254740991 (2^53 − 1): its neighbours are read as it, so the prompt may show another than was meant: send it as a string';

export const toolSpecSchema = z.strictObject({
  name: toolNameSchema,
  description: z.string().max(MAX_TOOL_DESCRIPTION_CHARS),
  parameters: z
    .record(z.string(), z.unknown())
    .refine((value) => JSON.stringify(value).length <= MAX_TOOL_PARAMETERS_CHARS, `must be at most ${MAX_TOOL_PARAMETERS_CHARS} characters as JSON`)
    // The prompt shows the parameters as JSON.stringify writes them: an integer past 2^53 − 1
    // may be a rounded neighbour of the one the assistant meant.
    .superRefine((value, context) => {
      for (const path of unsafeIntegerPaths(value)) context.addIssue({ code: 'custom', path, message: UNSAFE_PARAMETER });
    })
    .optional(),
  /** The tool changes the world (books, sends, deletes): answers after it are never cached. */
  sideEffects: z.boolean().optional(),
});

export const toolResultSchema = z.strictObject({
  toolCallId: toolCallIdSchema,
  name: toolNameSchema,
  content: z.string(),
});

// A refinement that names each element of `list` repeating an earlier one's `field`
// (elements whose field is no string, and a list that is no array, have their own issue:
// it runs even then, see EVEN_WITH_OTHER_ISSUES).
function uniqueBy(list: string, field: string, what: string) {
  return (items: unknown, context: z.RefinementCtx): void => {
    if (!Array.isArray(items)) return;
    const first = new Map<string, number>();
    items.forEach((item, index) => {
      const value = isRecord(item) ? item[field] : undefined;
      if (typeof value !== 'string') return;
      const earlier = first.get(value);
      if (earlier === undefined) first.set(value, index);
      else context.addIssue({ code: 'custom', path: [index, field], message: `must be unique: ${list}.${earlier} has the same ${what}` });
    });
  };
}

// Each result answers its own call: two results with one id would make one unit of two calls.
const uniqueToolCallIds = uniqueBy('toolResults', 'toolCallId', 'id');

// A name is how a prompt, the tool's result and the session's used tools refer to a tool:
// two declarations with one name would be two tools the model cannot tell apart.
const uniqueToolNames = uniqueBy('tools', 'name', 'name');

export const contextRequestSchema = z.strictObject({
  message: visible('message'),
  tools: z.array(toolSpecSchema).max(500).superRefine(uniqueToolNames, EVEN_WITH_OTHER_ISSUES).optional(),
  toolResults: z.array(toolResultSchema).max(50).superRefine(uniqueToolCallIds, EVEN_WITH_OTHER_ISSUES).optional(),
  budget: z
    .number()
    .int()
    .min(1)
    .describe('may lower the configured cap for this call, never raise it (400): at most tokenCap of GET /v1/health, 4000 by default')
    .optional(),
  dryRun: z.boolean().optional(),
  at: turnTimeSchema.optional(),
  /** The assistant is retrying after a failure: the response then carries the session's last error (never the prompt). */
  retry: z.boolean().optional(),
});

/**
 * The context call's body as a daemon with this cap takes it: a budget over the cap is one
 * more issue of the same 400, not a second one once the others are mended.
 */
export function contextRequestBody(tokenCap: number) {
  return contextRequestSchema.superRefine((body: unknown, context) => {
    const budget = isRecord(body) ? body.budget : undefined;
    if (typeof budget === 'number' && budget > tokenCap) context.addIssue({ code: 'custom', path: ['budget'], message: budgetOverCap(tokenCap) });
  }, EVEN_WITH_OTHER_ISSUES);
}

export const turnRequestSchema = z
  .strictObject({
    role: z.enum(['assistant', 'tool']),
    content: z
      .string()
      .describe(
        "an assistant's answer (no toolCallId nor toolName) must contain a visible character, as a context call's message must; a tool call's or a tool result's content may be empty",
      ),
    toolCallId: toolCallIdSchema.optional(),
    toolName: toolNameSchema.optional(),
    outputValid: z.boolean().optional(),
    cacheable: z.boolean().optional(),
    sideEffects: z.boolean().optional(),
    at: turnTimeSchema.optional(),
  })
  .superRefine(refuseFieldProblems, EVEN_WITH_OTHER_ISSUES);

// The conversation tier's rules between fields (replyFieldProblems), here so their issues come with the body's other problems.
function refuseFieldProblems(body: unknown, context: z.RefinementCtx): void {
  if (!isRecord(body)) return;
  for (const problem of replyFieldProblems(body)) context.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
}

const messageSchema = z.object({
  role: z.enum(['system', 'user', 'assistant', 'tool']),
  content: z.string(),
  toolCallId: z.string().optional(),
  name: z.string().optional(),
});

const factChangeSchema = z.object({ id: z.string(), fact: z.string(), domain: z.string() }).loose();

export const contextResponseSchema = z.object({
  messages: z.array(messageSchema),
  tokens: z.number().int(),
  budget: z.number().int(),
  usage: z.number(),
  level: z.enum(['ok', 'warning', 'compress', 'critical']),
  layout: z.object({ total: z.number().int(), sections: z.array(z.object({ id: z.string(), base: z.number(), final: z.number() }).loose()) }),
  hash: z.string(),
  systemVersion: z.string(),
  turn: z.object({
    turnNumber: z.number().int(),
    topicShift: z.boolean(),
    shiftReasons: z.array(z.string()),
    /** The window's size in turns as decided (4, 6 or 8 by default)… */
    windowSize: z.number().int(),
    /** …and how many turns it holds now (fewer when the 1200-token cap binds). */
    windowTurns: z.number().int(),
    windowReason: z.string(),
    pressure: z.boolean(),
    summariesCreated: z.number().int(),
    /** The same request as the one that recorded the session's newest turn, sent again: nothing was recorded. */
    resent: z.boolean(),
  }),
  facts: z.object({
    added: z.array(factChangeSchema),
    reconfirmed: z.array(factChangeSchema),
    superseded: z.array(factChangeSchema),
    deleted: z.array(factChangeSchema),
    /** What a forget request of the message named and forgot nothing for (`target` null: a bare "forget that"), and why. */
    notForgotten: z.array(z.object({ target: z.string().nullable(), reason: z.string() })),
  }),
  cached: z.object({ response: z.string(), disclaimer: z.string(), source: z.enum(['cache', 'dedup']) }).nullable(),
  /** Only on a retry: the session's newest error of the last 24 h (spec §1.3), else null. */
  lastError: z.object({ code: z.string(), message: z.string(), at: z.string() }).nullable(),
  dryRun: z.boolean(),
});

export const turnResponseSchema = z.object({
  turn: z.object({
    turnNumber: z.number().int(),
    role: z.enum(['assistant', 'tool']),
    tokenCount: z.number().int(),
    /** Too long to show whole in the window: the cost of the head-and-tail form it shows there; else null. */
    windowTokenCount: z.number().int().nullable(),
    windowSize: z.number().int(),
    windowReason: z.string(),
    summariesCreated: z.number().int(),
    /** The turn was recorded already (the session's newest, or a live result with its call id and content): nothing was recorded. */
    resent: z.boolean(),
  }),
  cache: z.object({ stored: z.boolean(), reason: z.string().optional() }).nullable(),
});

const turnViewSchema = z.object({
  turnNumber: z.number().int(),
  role: z.enum(['user', 'assistant', 'tool']),
  content: z.string().nullable(),
  tokenCount: z.number().int(),
  /** A turn too long to show whole in the window: the cost of the head-and-tail form it shows there; else null. */
  windowTokenCount: z.number().int().nullable(),
  /** Cosine with the previous turn of the session (null for the first). */
  continuity: z.number().nullable(),
  topicShift: z.boolean(),
  toolCallId: z.string().nullable(),
  toolName: z.string().nullable(),
  at: z.string(),
});

const summaryViewSchema = z.object({
  id: z.string(),
  seq: z.number().int(),
  /** The summary's key-value JSON, as the summaries section renders it. */
  summary: z.unknown(),
  tokenCount: z.number().int(),
  status: z.enum(['active', 'archived']),
  turns: z.array(z.number().int()),
  from: z.string(),
  to: z.string(),
});

/** `GET /v1/sessions/{id}`: the conversational tier of one session, and its prompt sizes since the daemon started. */
export const sessionResponseSchema = z.object({
  sessionId: z.string(),
  createdAt: z.string(),
  endedAt: z.string().nullable(),
  lastTurnNumber: z.number().int(),
  window: z.object({
    /** The window's size in turns as last decided, and why (null before the first decision). */
    size: z.number().int().nullable(),
    reason: z.string().nullable(),
    detail: z.string().nullable(),
    tokens: z.number().int(),
    turns: z.array(turnViewSchema),
  }),
  openSegment: z.object({ turns: z.array(turnViewSchema) }),
  summaries: z.object({ active: z.array(summaryViewSchema) }),
  turnCounts: z.object({ window: z.number().int(), segment: z.number().int(), summarized: z.number().int() }),
  /** Recorded context calls and their prompt tokens since the daemon started; null before the first. */
  stats: z.object({ requests: z.number().int(), tokens: z.object({ min: z.number(), median: z.number(), max: z.number() }) }).nullable(),
});

/** `DELETE /v1/sessions/{id}`: the window and open segment flushed into summaries. */
export const endSessionQuerySchema = z.strictObject({ erase: z.enum(['true', 'false']).optional() });

export const endSessionResponseSchema = z.object({
  ended: z.literal(true),
  summariesCreated: z.number().int(),
  archived: z.number().int(),
  /** Only with ?erase=true: what erasing the session took away. */
  erased: z
    .object({ turns: z.number().int(), summaries: z.number().int(), errors: z.number().int(), cachedAnswers: z.number().int(), logLines: z.number().int() })
    .optional(),
});

export type ContextRequestBody = z.input<typeof contextRequestSchema>;
export type TurnRequestBody = z.input<typeof turnRequestSchema>;
export type TurnResponse = z.infer<typeof turnResponseSchema>;
export type ContextResponse = z.infer<typeof contextResponseSchema>;
export type SessionResponse = z.infer<typeof sessionResponseSchema>;
export type EndSessionResponse = z.infer<typeof endSessionResponseSchema>;
