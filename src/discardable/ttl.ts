import { DAY_MS } from '../clock.js';

/** Spec §1.3: anything discardable — log files and the `errors` table — is deleted after 24 h. */
export const DISCARDABLE_TTL_MS = DAY_MS;
