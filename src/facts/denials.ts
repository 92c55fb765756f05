import { foldMessage } from './extraction/folded-text.js';
import { ownParts } from './extraction/pasted-material.js';
import { MAX_MESSAGE_CHARS, MAX_SENTENCE_CHARS } from './extraction/index.js';
import { splitClauses, splitSentences } from './extraction/split-clauses.js';
import type { IndexedFact } from './fact-index.js';
import { namesFact, speaksOf } from './fact-selector-names.js';
import { contentStems, mentions } from './fact-words.js';
import { polarityOf, samePolarity, type Polarity } from './polarity.js';

/** A clause of a message that states something, not a question: its stems and what it says against what it names. */
export interface StatedClause {
  stems: ReadonlySet<string>;
  polarity: readonly Polarity[];
}

/**
 * The clauses of a user's message that state something (its sentences that ask nothing),
 * read as far as extraction reads a message. "I hate window seats. Which seat do I
 * usually get?" states one.
 */
export function statedClauses(text: string): StatedClause[] {
  const stated: StatedClause[] = [];
  for (const sentence of ownParts(foldMessage(text.slice(0, MAX_MESSAGE_CHARS))).flatMap(splitSentences)) {
    if (sentence.terminal.includes('?') || /[?¿]/u.test(sentence.text.folded)) continue;
    const clauses = sentence.text.folded.length > MAX_SENTENCE_CHARS ? [sentence.text] : splitClauses(sentence.text).map((clause) => clause.text);
    for (const clause of clauses) stated.push({ stems: new Set(contentStems(clause.folded)), polarity: polarityOf(clause.folded) });
  }
  return stated;
}

/**
 * Whether a clause the message states names the fact (its value, its short subject,
 * most of its words) and says the opposite of it: "I hate window seats" of "I prefer
 * window seats", "I stopped drinking coffee" or "dejé de tomar café" of "I prefer my
 * coffee without sugar", "I eat pork now" of "I don't eat pork". Such a message speaks
 * of the fact without asking about it: it does not re-confirm it (spec §1.1, §6).
 */
export function deniedIn(stated: readonly StatedClause[], fact: IndexedFact): boolean {
  return stated.some(
    (clause) =>
      !samePolarity(clause.polarity, fact.polarity) && (namesFact(clause.stems, fact) || speaksOf(clause.stems, fact) || mentions(clause.stems, fact.stems)),
  );
}
