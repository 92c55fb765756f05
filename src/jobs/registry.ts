import { createDecayJob } from './decay-job.js';
import type { Job } from './job.js';
import { ttlCleanupJob } from './ttl-cleanup-job.js';

/** Every job memoryd runs; the scheduler and `npm run job -- <name>` both read this list. */
export function jobRegistry(): Job[] {
  return [ttlCleanupJob, createDecayJob()];
}
