import type { FactRule, RuleHit, TriggeredPatterns } from './rule-support.js';
import { CHOICE_RULES, CHOICE_TRIGGER } from './rules-choice.js';
import { HABIT_RULES, HABIT_TRIGGER } from './rules-habit.js';
import { POSSESSIVE_RULES, POSSESSIVE_TRIGGER } from './rules-possessive.js';
import { REQUEST_RULES, REQUEST_TRIGGER } from './rules-request.js';
import { STATE_RULES, STATE_TRIGGER } from './rules-state.js';
import type { FoldedText } from './folded-text.js';

/** A family of rules with the trigger and patterns they share: a rule yields nothing unless one of `patterns` matches the body's scan form. */
export interface RuleFamily extends TriggeredPatterns {
  rules: readonly FactRule[];
}

/**
 * The rules that read a clause, by family, in the order they are tried. The message gate
 * (message-gate.ts) tests the same triggers on the whole message.
 */
export const RULE_FAMILIES: readonly RuleFamily[] = [
  { ...STATE_TRIGGER, rules: STATE_RULES },
  { ...CHOICE_TRIGGER, rules: CHOICE_RULES },
  { ...REQUEST_TRIGGER, rules: REQUEST_RULES },
  { ...POSSESSIVE_TRIGGER, rules: POSSESSIVE_RULES },
  { ...HABIT_TRIGGER, rules: HABIT_RULES },
];

/**
 * The first hit of the rules on a clause body. Every text a family's patterns match holds
 * its trigger (rule-support.ts, Trigger), so a family whose trigger the body lacks is
 * skipped: most bodies allow that for most families.
 */
export function firstRuleHit(body: FoldedText): RuleHit | null {
  for (const family of RULE_FAMILIES) {
    if (!family.trigger.test(body.scan)) continue;
    for (const rule of family.rules) {
      const hit = rule(body);
      if (hit) return hit;
    }
  }
  return null;
}
