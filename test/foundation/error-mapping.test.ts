import { describe, expect, it } from 'vitest';
import { mapError } from '../../src/api/error-mapping.js';
import { ContextCriticalOverflowError, ContextOverflowError } from '../../src/layout/index.js';

describe('layout errors as HTTP answers', () => {
  it('answers the critical overflow, which the client can fix with a larger budget, with 422 and its details', () => {
    const mapped = mapError(new ContextCriticalOverflowError(100, 420, [{ id: 'system', size: 400 }]));
    expect(mapped.status).toBe(422);
    expect(mapped.internal).toBe(false);
    expect(mapped.body.error).toMatchObject({ code: 'CONTEXT_CRITICAL_OVERFLOW', details: { budget: 100, required: 420 } });
  });

  it('answers the layout guard (a total over budget, a bug of ours) as a 500 that is logged, not a client error', () => {
    const mapped = mapError(new ContextOverflowError(4000, 4012));
    expect(mapped.status).toBe(500);
    expect(mapped.internal).toBe(true);
    expect(mapped.body.error).toEqual({ code: 'INTERNAL', message: 'internal error; details are in the daemon logs', details: {} });
  });
});
