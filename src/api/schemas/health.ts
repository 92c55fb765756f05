import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptimeS: z.number(),
  db: z.enum(['ok', 'error']),
  embedder: z.object({
    id: z.string(),
    dims: z.number().int(),
    kind: z.enum(['transformers', 'hashing']),
    reason: z.string(),
  }),
  tokenizer: z.string(),
  tokenCap: z.number().int(),
});

export type HealthResponse = z.infer<typeof healthResponseSchema>;
