import { conditionAfter, underCondition } from './conditions.js';
import { matchRule, ruleHit, type FactRule, type TriggeredPatterns } from './rule-support.js';
import { answerSubject } from './rules-choice.js';

// "I want you to answer in Spanish", "I'd like you to reply in English", "quiero que me
// respondas en inglés", "me gustaría que me contestes en español": said of the assistant's
// answers, an instruction, which competes with the other instructions about what it sets
// (the answers' language, length or tone) as "prefiero que me respondas en inglés" does.
// Wanting anything else is a request for now, not a standing one ("I want you to know
// that…", "quiero que me ayudes con esto"), and so is what names a thing to write ("I
// want you to write this email in Spanish"): the verb must be about answering, and what
// follows it must say how (a language, a manner), never what.

const HOW_EN = '(?:(?:in|using|with|more|less)\\s+.+|\\p{L}+ly(?:\\s+.+)?)';
const WANT_EN = new RegExp(
  "^(?:i|we)(?:'d|\\s+would|\\s+really|\\s+just|\\s+also|\\s+do)*\\s+(?:want|like|need|prefer)\\s+(?:you|u)\\s+to\\s+" +
    '(?<value>(?:(?:always|only|please|just)\\s+)*(?:answer|reply|respond|speak|talk|write|communicate|text|explain(?:\\s+things)?)' +
    `(?:\\s+(?:to me|to us|me|us|back))?\\s+${HOW_EN})$`,
  'du',
);
const HOW_ES = '(?:(?:en|con|de forma|de manera|de modo|mas|menos)\\s+.+|\\p{L}+mente(?:\\s+.+)?)';
const WANT_ES = new RegExp(
  '^(?:(?:yo|tambien|realmente)\\s+)*(?:quiero|quisiera|querria|necesito|me gustaria|preferiria)\\s+que\\s+' +
    '(?<value>(?:(?:me|nos)\\s+)?(?:(?:siempre|solo)\\s+)?' +
    '(?:respond|contest|habl|escrib|comuniqu|expliqu)(?:as|es|an|en|a|e|ieras|aras|ieses|ases)(?:\\s+(?:las cosas|todo))?' +
    `(?:\\s+(?:siempre|solo))?\\s+${HOW_ES})$`,
  'du',
);

// "…in Spanish this time", "…en inglés por ahora": a request for this conversation only
// (the clause splitter cuts "now"/"ahora" off, leaving "for"/"por" at the end).
const FOR_NOW = /\b(?:this time|for|for today|today|for this (?:one|question|answer|message|reply)|esta vez|por|por hoy|hoy)$/u;

function requestRule(pattern: RegExp, language: 'en' | 'es'): FactRule {
  return (body) => {
    const groups = matchRule(body, pattern);
    const value = groups?.value('value');
    const statement = groups?.statementUpTo('value');
    if (!groups || !value || !statement || FOR_NOW.test(value.folded)) return null;
    const subject = answerSubject(value.folded);
    const kept = subject === null ? null : underCondition(conditionAfter(body, value), statement, subject);
    if (kept === null) return null;
    return ruleHit(language === 'en' ? 'want-you-to' : 'quiero-que', language, 'assert', kept.subject, value, kept.statement, 'preferences', false);
  };
}

/** "I want you to answer in Spanish", "quiero que me respondas en inglés": instructions about the answers. */
export const REQUEST_RULES: readonly FactRule[] = [requestRule(WANT_EN, 'en'), requestRule(WANT_ES, 'es')];

/** What every request pattern needs (rule-support.ts, Trigger). */
export const REQUEST_TRIGGER: TriggeredPatterns = {
  trigger: /(?:want|like|need|prefer)\s+(?:you|u)\s+to\s|(?:quiero|quisiera|querria|necesito|gustaria|preferiria)\s+que\s/u,
  patterns: [WANT_EN, WANT_ES],
};
