import { isolationSuite } from './support/isolation-scenario.js';

isolationSuite({ sessions: 50, rounds: 12, timeoutMs: 600_000 });
