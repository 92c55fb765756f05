import { classifyDomain } from '../../domains/classify-domain.js';
import { DOMAINS, type Domain } from '../../domains/domain.js';
import { foldText } from '../../domains/fold-text.js';

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
  if (best !== null) return best;
  if (hint !== null) return hint;
  const folded = foldText(statement);
  return SETTING.test(folded) && !ABOUT_SOMEONE.test(folded) ? 'projects' : 'personal';
}

// A note that sets a limit of something the user works on ("Max retries is 3", "Retries
// must be at most 3", "el timeout es de 30 segundos"), said of no one: a project's, not a
// personal fact. Only where the lexicon found nothing. Both read the folded statement
// (no accents: "máximo" is "maximo"); "él" is left out, as folded it is the article "el".
const SETTING =
  /\b(?:max|maximum|min|minimum|limit|limits|cap|capped|threshold|timeout|timeouts|retries|retry|ttl|port|replicas|concurrency|batch size|rate limit|at most|at least|no more than|exceed|maximo|minimo|limite|tope|reintentos)\b/u;
const ABOUT_SOMEONE =
  /\b(?:i|i'm|my|me|we|our|us|he|she|his|her|they|their|yo|mi|mis|nosotros|nuestr[oa]s?|ella|su|sus)\b/u;
