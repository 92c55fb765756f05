import type { Domain } from '../../domains/domain.js';
import { sliceFolded, type FoldedText } from './folded-text.js';
import { cleanValueSpan, placeNameEnd } from './value-text.js';

export type Language = 'en' | 'es';

/** What one rule recognised in a clause body; turned into an ExtractedFact by the extractor. */
export interface RuleHit {
  rule: string;
  language: Language;
  kind: 'assert' | 'retract';
  subject: string;
  value: string | null;
  /** Untidied statement text; tidied (and possibly rejected) by the extractor. */
  statement: string;
  domainHint: Domain | null;
  /** An in-clause "actually" ("I actually work at…"): the fact corrects an earlier one. */
  correction: boolean;
  /**
   * The statement is about another person ("my brother works at…", "mi madre vive en…"):
   * said in passing it is conversation, so it is kept only when the user asks for it to
   * be (extract-facts.ts).
   */
  aboutOther?: boolean;
  /**
   * The verb also reads as someone else's doing: "siempre usa…" is the imperative "always
   * use…" and "(she) always uses…". An instruction only where nothing before it in its
   * sentence can be its subject (extract-facts.ts).
   */
  subjectless?: boolean;
  /** A correction said without a request to remember: a fact only as a new value of a live fact of its subject (rules-correction.ts). */
  replacesOnly?: boolean;
}

/** Builds a hit; `value` is the cleaned value span (its original text is kept). */
export function ruleHit(
  rule: string, language: Language, kind: RuleHit['kind'], subject: string, value: FoldedText | null,
  statement: string, domainHint: Domain | null, correction: boolean,
): RuleHit {
  return { rule, language, kind, subject, value: value?.original ?? null, statement, domainHint, correction };
}

/** A rule reads a clause body (markers already stripped) and recognises one signal, or nothing. */
export type FactRule = (body: FoldedText) => RuleHit | null;

/**
 * A cheap necessary condition of some patterns, run on a whole folded message before it
 * is read (message-gate.ts) and, for the rules' families, on each clause body's scan form
 * before its rules are tried (rule-families.ts): it holds for every text one of `patterns`
 * matches, so a message or clause without it cannot yield what they recognise. `patterns` are every pattern a
 * rule (or marker, or forget request) of the family must match before it yields anything;
 * the trigger test samples texts from each and checks the trigger on them.
 * A trigger is unanchored, without lookarounds or word boundaries, and matches letters,
 * apostrophes and `\s` only (never the mask of quoted text): then a match in a clause is
 * a match in the message the clause was cut from. Where a pattern's `\b` keeps a word
 * whole, the trigger may ask for the start of the text or a character that is no word
 * character (`[^a-z0-9_]`) before it: a clause starts where the message has one.
 */
export interface Trigger {
  test(folded: string): boolean;
}

export interface TriggeredPatterns {
  trigger: Trigger;
  patterns: readonly RegExp[];
}

/** Named groups of a rule's match, in all three text forms. */
export interface RuleGroups {
  /** The group's text, or null when the group did not take part in the match. */
  get(name: string): FoldedText | null;
  /** The group's folded text ('' when absent). */
  folded(name: string): string;
  /** The group's value, cut at clause boundaries and cleaned (see ValueReading); null when absent or unusable. */
  value(name: string, reading?: ValueReading): FoldedText | null;
  /** The original text of the body up to the end of the cleaned value of group `name`. */
  statementUpTo(name: string, reading?: ValueReading): string | null;
}

/** How a group's value is cut. */
export interface ValueReading {
  /** A day or month at its end stays (see cleanValueSpan). */
  keepWhen?: boolean;
  /** A place: its name goes on after a comma ("42 Elm Street, Springfield"; see placeNameEnd). */
  place?: boolean;
  /** At most this many words (MAX_VALUE_WORDS when absent): a decision may say more, bounded by the statement's length. */
  maxWords?: number;
}

/** A place's value: its name goes on after its commas ("Springfield, Illinois", "Calle Mayor 5, Madrid"). */
export const PLACE: ValueReading = { place: true };

/** Runs an anchored pattern (compiled with the `d` flag) over the body's scan form. */
export function matchRule(body: FoldedText, pattern: RegExp): RuleGroups | null {
  const match = pattern.exec(body.scan);
  const spans = match?.indices?.groups;
  if (!match || !spans) return null;
  const get = (name: string): FoldedText | null => {
    const span = spans[name];
    return span ? sliceFolded(body, span[0], span[1]) : null;
  };
  const cleanSpan = (name: string, reading: ValueReading = {}): [number, number] | null => {
    const span = spans[name];
    const raw = get(name);
    if (!span || !raw) return null;
    const inner = cleanValueSpan(raw, reading.keepWhen ?? false, reading.maxWords);
    if (!inner) return null;
    const end = reading.place === true ? placeNameEnd(raw, inner[1]) : inner[1];
    return [span[0] + inner[0], span[0] + end];
  };
  return {
    get,
    folded: (name) => get(name)?.folded ?? '',
    value: (name, reading) => {
      const span = cleanSpan(name, reading);
      return span ? sliceFolded(body, span[0], span[1]) : null;
    },
    statementUpTo: (name, reading) => {
      const span = cleanSpan(name, reading);
      return span ? sliceFolded(body, 0, span[1]).original : null;
    },
  };
}

/** Regex source for a list of words or phrases. */
export function alternatives(words: readonly string[]): string {
  return `(?:${words.join('|')})`;
}

const ADVERBS_EN = alternatives([
  'actually', 'now', 'currently', 'still', 'also', 'really', 'just', 'recently', 'finally', 'already', 'usually',
  'generally', 'mostly', 'much', 'definitely', 'totally', 'honestly', 'personally', 'strongly', 'officially',
  'right now', 'these days', 'kinda', 'kind of', 'sort of',
]);
/** Zero or more English adverbs, each followed by whitespace. */
export const ADV_EN = `(?:(?<adv>(?:${ADVERBS_EN}\\s+)+))?`;
/** After an English subject: optional auxiliary, contracted or not ("i'm", "i have been", "she's"). */
export const AUX_EN =
  "(?:\\s*(?:'m|'s|'re|'ve been|'s been|'ve)\\s+|\\s+(?:am|is|are|have been|has been|have|has)\\s+|\\s+)";
export const ADV_ES = '(?:(?:yo|ahora|actualmente|ya|tambien|hoy|hoy en dia|recien|hace poco|finalmente|al final|en realidad)\\s+)*';

export const RELATIONS_EN = alternatives([
  'mother', 'mom', 'mum', 'father', 'dad', 'parents', 'sister', 'brother', 'wife', 'husband', 'partner',
  'girlfriend', 'boyfriend', 'son', 'daughter', 'kids', 'children', 'best friend', 'friend', 'boss', 'roommate',
  'cousin', 'aunt', 'uncle', 'grandma', 'grandpa', 'grandmother', 'grandfather', 'fiance', 'fiancee', 'family',
]);
export const RELATIONS_ES = alternatives([
  'mama', 'madre', 'papa', 'padre', 'hermana', 'hermano', 'esposa', 'esposo', 'mujer', 'marido', 'pareja', 'novia',
  'novio', 'hijo', 'hija', 'mejor amigo', 'mejor amiga', 'amigo', 'amiga', 'jefe', 'jefa', 'abuela', 'abuelo', 'tio',
  'tia', 'primo', 'prima', 'familia',
]);
export const PLURAL_RELATIONS_ES = alternatives(['padres', 'hermanos', 'hijos', 'abuelos', 'tios', 'primos', 'amigos']);

/** True when the adverb slot held "actually"/"en realidad": the statement corrects something. */
export function hasCorrectionAdverb(groups: RuleGroups): boolean {
  return /\b(?:actually|en realidad)\b/u.test(groups.folded('adv'));
}
