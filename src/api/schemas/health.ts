import { z } from 'zod';
import { errorResponseSchema } from './common.js';

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptimeS: z.number(),
  db: z.enum(['ok', 'error']),
  /** When `db` is `error`: what is wrong, naming the database file and the error. */
  dbError: z.string().optional(),
  embedder: z.object({
    id: z.string(),
    dims: z.number().int(),
    kind: z.enum(['transformers', 'hashing']),
    reason: z.string(),
  }),
  tokenizer: z.string(),
  tokenCap: z.number().int(),
});

/** The 503 of a degraded daemon: the health fields, and the error format saying what is down (`details.down`). */
export const degradedHealthResponseSchema = healthResponseSchema.extend({
  status: z.literal('degraded'),
  error: errorResponseSchema.shape.error,
});

export type HealthResponse = z.infer<typeof healthResponseSchema>;
export type DegradedHealthResponse = z.infer<typeof degradedHealthResponseSchema>;
