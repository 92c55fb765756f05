import { crashSafetySuite } from './support/crash-scenario.js';

crashSafetySuite({ kills: 12, clients: 8, sessions: 6, servingMs: [300, 1500], startupKillChance: 0.25, timeoutMs: 300_000 });
