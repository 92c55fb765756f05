import { classifyDomain } from '../../domains/classify-domain.js';
import { DOMAINS, type Domain } from '../../domains/domain.js';

// How much a rule's own domain (work for "I work at…") weighs against the lexicon's evidence.
const HINT_WEIGHT = 1.5;

/**
 * The fact's domain: the shared classifier's scores for the statement, plus a bonus for
 * the rule's own domain. With no evidence at all, the hint, else "personal" (a fact about
 * the user with no other home).
 */
export function factDomain(statement: string, hint: Domain | null): Domain {
  const { scores } = classifyDomain(statement);
  if (hint !== null) scores[hint] += HINT_WEIGHT;
  let best: Domain | null = null;
  // The hint goes first, so it wins ties ("mi mamá trabaja en…" is personal, not work).
  for (const domain of hint === null ? DOMAINS : [hint, ...DOMAINS]) {
    if (scores[domain] > 0 && (best === null || scores[domain] > scores[best])) best = domain;
  }
  return best ?? hint ?? 'personal';
}
