import { eventLoopStallSuite } from './support/stall-scenario.js';

eventLoopStallSuite({ repeat: 3, timeoutMs: 300_000 });
