import { z } from 'zod';
import { DOMAINS } from '../../domains/domain.js';
import { FACT_STATUSES } from '../../facts/fact-record.js';
import { VISIBLE_CHARACTER } from '../../visible-text.js';
import { pathIdSchema } from './common.js';

export const factIdSchema = pathIdSchema('fact');

export const factParamsSchema = z.strictObject({ id: factIdSchema });

const domainSchema = z.enum(DOMAINS);
const confidenceSchema = z.enum(['high', 'medium', 'low']);
const statusSchema = z.enum(FACT_STATUSES);
// A statement: short, one line of meaning; whitespace around it is dropped. It must show
// something: a fact of spaces or zero-width characters alone is a blank line in every
// prompt and in inspect-facts. A pattern, so the OpenAPI document shows the rule.
const factTextSchema = z
  .string()
  .trim()
  .regex(VISIBLE_CHARACTER, 'must contain a visible character (not only spaces or invisible characters such as U+200B)')
  .max(500, 'must be at most 500 characters');
const reasonSchema = z.string().trim().min(1, 'must not be empty').max(500, 'must be at most 500 characters');

export const factListQuerySchema = z.strictObject({
  domain: domainSchema.optional(),
  status: z.enum([...FACT_STATUSES, 'all']).optional(),
  q: z.string().max(200).optional(),
  // Decimal digits only, as the CLI's count flags take them: "0x3", "1e1" and " 2" are refused, not read as Number() would.
  limit: z
    .string()
    .regex(/^\d+$/, 'must be a whole number in decimal digits')
    .transform(Number)
    .pipe(z.number().int().min(1).max(10_000))
    .describe('how many facts, 1 to 10000 in decimal digits (default 100)')
    .optional(),
});

export const newFactBodySchema = z.strictObject({
  fact: factTextSchema,
  domain: domainSchema,
  confidence: confidenceSchema.optional(),
});

export const factPatchBodySchema = z
  .strictObject({
    fact: factTextSchema.optional(),
    domain: domainSchema.optional(),
    confidence: confidenceSchema.optional(),
    confirm: z.literal(true).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'give at least one of fact, domain, confidence or confirm',
  });

export const factDeleteBodySchema = z.strictObject({ reason: reasonSchema.optional(), erase: z.boolean().optional() }).optional();
export const factDeleteQuerySchema = z.strictObject({ reason: reasonSchema.optional(), erase: z.enum(['true', 'false']).optional() });

export const apiFactSchema = z.object({
  id: z.string(),
  fact: z.string(),
  domain: domainSchema,
  confidence: confidenceSchema,
  /** Effective at read time (the decay rules), whether or not the decay job has run. */
  status: statusSchema,
  storedStatus: statusSchema,
  source: z.enum(['explicit', 'inferred']),
  subject: z.string().nullable(),
  createdAt: z.string(),
  lastConfirmedAt: z.string(),
  updatedAt: z.string(),
  supersededBy: z.string().nullable(),
  reason: z.string().nullable(),
  injectable: z.boolean(),
  notInjectableBecause: z.string().optional(),
  tokenCount: z.number().int(),
  provenance: z.object({ sessionId: z.string().nullable(), turns: z.array(z.number().int()) }),
});

export const factResponseSchema = z.object({ fact: apiFactSchema });
/**
 * What POST answers: the fact, whether it was added (201) or the same statement already
 * live in the domain was re-confirmed (200), and the live facts of its subject it replaced
 * (superseded, pointing to it).
 */
export const factAddResponseSchema = z.object({ fact: apiFactSchema, created: z.boolean(), superseded: z.array(apiFactSchema) });
/** What PATCH answers: the fact as it is now, whether its text, domain or confidence changed, and the live facts its new statement replaced. */
export const factEditResponseSchema = z.object({ fact: apiFactSchema, edited: z.boolean(), superseded: z.array(apiFactSchema) });
export const factListResponseSchema = z.object({ facts: z.array(apiFactSchema) });
export const factChainResponseSchema = z.object({ id: z.string(), facts: z.array(apiFactSchema) });
export const factChangesSchema = z.object({
  added: z.array(apiFactSchema),
  reconfirmed: z.array(apiFactSchema),
  superseded: z.array(apiFactSchema),
  deleted: z.array(apiFactSchema),
});

export type ApiFact = z.infer<typeof apiFactSchema>;
export type FactResponse = z.infer<typeof factResponseSchema>;
export type FactAddResponse = z.infer<typeof factAddResponseSchema>;
export type FactEditResponse = z.infer<typeof factEditResponseSchema>;
export type FactListResponse = z.infer<typeof factListResponseSchema>;
export type FactChainResponse = z.infer<typeof factChainResponseSchema>;
export type ApiFactChanges = z.infer<typeof factChangesSchema>;
/** What `GET /v1/facts` filters by (the query's values as they are once parsed: `limit` a number). */
export type FactListQuery = z.output<typeof factListQuerySchema>;
export type NewFactBody = z.input<typeof newFactBodySchema>;
export type FactPatchBody = z.input<typeof factPatchBodySchema>;
