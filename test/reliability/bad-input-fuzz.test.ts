import { badInputSuite } from './support/fuzz-scenario.js';

badInputSuite({ requests: 10_000, concurrency: 4, latency: 'assert', timeoutMs: 900_000 });
