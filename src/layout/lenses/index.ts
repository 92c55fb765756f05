import type { LensName } from '../types.js';
import { compactJson } from './compact-json.js';
import { dropLowestRanked, dropOldest, dropOldestSummary } from './drop-from-end.js';
import { headTail } from './head-tail.js';
import type { Lens } from './lens.js';
import { shortToolDescriptions } from './short-tool-descriptions.js';

/** Every lens by name: the vocabulary a section's `strategy` is written in. */
export const LENSES: Readonly<Record<LensName, Lens>> = {
  'drop-oldest': dropOldest,
  'drop-lowest-ranked': dropLowestRanked,
  'drop-oldest-summary': dropOldestSummary,
  'compact-json': compactJson,
  'head-tail': headTail,
  'short-tool-descriptions': shortToolDescriptions,
};
