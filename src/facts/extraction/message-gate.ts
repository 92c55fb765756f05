import { KEEPING_MARKER_TRIGGER } from './markers.js';
import { FORGET_TRIGGER } from './forget-request.js';
import { RETRACTION_TRIGGER } from './retraction.js';
import { RULE_FAMILIES } from './rule-families.js';
import type { TriggeredPatterns } from './rule-support.js';
import { CORRECTION_TRIGGER } from './rules-correction.js';

/** Every family of patterns the reading of a message can fire on, with its trigger: the rules' families first. */
export const TRIGGERED_FAMILIES: readonly TriggeredPatterns[] = [
  ...RULE_FAMILIES,
  RETRACTION_TRIGGER,
  CORRECTION_TRIGGER,
  KEEPING_MARKER_TRIGGER,
  FORGET_TRIGGER,
];

/**
 * False when nothing in the folded message can state a fact or ask to forget one: no
 * rule's pattern, no marker that keeps a statement and no forget request can match any
 * clause of it, since each needs its family's trigger somewhere in the message. Most
 * messages state nothing, and reading one costs dozens of patterns per clause; the
 * triggers cost one pass each.
 * A clause is a slice of the message, or a slice after "I"/"We" when it shares the
 * previous clause's subject; the trigger test checks triggers on pattern texts without
 * that subject too.
 */
export function mayStateFacts(folded: string): boolean {
  for (const family of TRIGGERED_FAMILIES) if (family.trigger.test(folded)) return true;
  return false;
}
