import { isolationSuite } from '../reliability/support/isolation-scenario.js';

// The fast subset (npm test); the full run (npm run test:reliability) has 50 sessions.
isolationSuite({ sessions: 12, rounds: 8, timeoutMs: 120_000 });
