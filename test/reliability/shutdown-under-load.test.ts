import { shutdownSuite } from './support/shutdown-scenario.js';

shutdownSuite({ rounds: 4, clients: 8, timeoutMs: 300_000 });
