import { applyDecay } from '../facts/decay-pass.js';
import type { Job } from './job.js';

/**
 * The fact decay job (spec §1.1): active → dormant after 90 days without confirmation
 * unless high confidence, → stale after 180 days. Daily by default
 * (MEMORYD_DECAY_SCHEDULE), and once at startup to catch up on missed runs.
 */
export function createDecayJob(): Job {
  return {
    name: 'decay',
    description: 'moves facts not confirmed for 90/180 days to dormant/stale (never deletes)',
    schedule: (config) => config.decaySchedule,
    runAtStartup: true,
    run: async (deps, signal) => {
      signal.throwIfAborted();
      const counts = applyDecay(deps.database, deps.clock.now());
      return { ...counts };
    },
  };
}
