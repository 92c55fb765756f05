import type { Job } from './job.js';

/** Every job memoryd runs; the scheduler and `npm run job -- <name>` both read this list. */
export function jobRegistry(): Job[] {
  return [];
}
