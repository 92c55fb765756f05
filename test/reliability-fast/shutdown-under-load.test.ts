import { shutdownSuite } from '../reliability/support/shutdown-scenario.js';

// The fast subset (npm test); the full run (npm run test:reliability) does 4 rounds.
shutdownSuite({ rounds: 1, clients: 8, timeoutMs: 120_000 });
