import { crashSafetySuite } from '../reliability/support/crash-scenario.js';

// The fast subset (npm test); the full run (npm run test:reliability) kills 12 times.
crashSafetySuite({ kills: 3, clients: 8, sessions: 4, servingMs: [300, 900], startupKillChance: 0, timeoutMs: 180_000 });
