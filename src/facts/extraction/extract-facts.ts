import { conditionFirst } from './conditions.js';
import { factDomain } from './fact-domain.js';
import { CONTROL_TOKEN_MARK, foldMessage, sliceFolded, type FoldedText } from './folded-text.js';
import { forgetRequestIn, takesItselfBack } from './forget-request.js';
import { forgetThenStatements } from './forget-rest.js';
import { decidesOnPronoun, endsInDoubt, isConditional, isDoubtOnly, isHabitualWhen, isHypothetical, isQuestion, isReportedSpeech, mentionsSecret, opensWithDoubt } from './guards.js';
import { holdsKey } from '../../credentials.js';
import { mayStateFacts } from './message-gate.js';
import { politeRememberRequest, REMEMBERED, stripMarkers, type ClauseMarkers } from './markers.js';
import { aboutPerson, openingPerson, opensWithoutSubject, type OpeningPerson } from './opening-person.js';
import { ownParts } from './pasted-material.js';
import { limitedToTheMoment, opensWithTheMoment } from './present-moment.js';
import { instructionTakenBack, RETRACTED_SENSE, takenBack } from './retraction.js';
import { TIME_THEN } from './time-phrases.js';
import { firstRuleHit } from './rule-families.js';
import type { RuleHit } from './rule-support.js';
import { correctionFact } from './rules-correction.js';
import { experiencerFact } from './rules-experiencer.js';
import { genericFact } from './rules-generic.js';
import {
  AND_THAT, PUNCTUATION_ONLY, SHARED_SUBJECT_VERBS, splitClauses, splitSentences, withoutConsequence, withRememberedThatApart, withWhenClausesJoined, type Clause,
  type Sentence,
} from './split-clauses.js';
import { steersModel, tidyStatement, tidyValue } from './statement-text.js';
import { isPrivateDetail } from './subject-key.js';
import type { ExtractedFact, ExtractionContext, FactConfidence, ForgetRequest } from './types.js';

/** Only the start of a longer message is read: facts are stated in short sentences, not pasted documents. */
export const MAX_MESSAGE_CHARS = 8000;
/** Longer sentences are rambling or pasted text: nothing is extracted from them. */
export const MAX_SENTENCE_CHARS = 300;
export const MAX_FACTS_PER_MESSAGE = 8;

// Model control tokens: never part of what the user said, and maybe where what they meant
// was (CONTROL_TOKEN_MARK). With the blanks around them, so that a token after a line break
// stays in the sentence it may have cut short ("my tag is the\n<|endoftext|>"); a run of
// them is one mark ("<|im_end|>\n<|im_start|>", as chat templates pair them).
const CONTROL_TOKEN = String.raw`(?:<\|[^|>]{0,40}\|>|\[\/?INST\]|<<\/?SYS>>)`;
const CONTROL_TOKENS = new RegExp(String.raw`(?<!\s)\s*${CONTROL_TOKEN}(?:\s*${CONTROL_TOKEN})*\s*`, 'gu');
// Every control token opens with one of these: most messages hold neither, and spare the
// pass of CONTROL_TOKENS, which may start at any blank.
const MAY_HOLD_CONTROL_TOKEN = /[<[]/u;
// Invisible characters: never part of what the user said. Not the zero-width joiners
// (U+200C/D): inside a word or an emoji sequence ("👩‍💻") they are part of it; folding
// drops them for matching and tidying drops the stray ones.
const INVISIBLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/gu;
const HEDGE =
  /\b(?:maybe|probably|perhaps|possibly|i think|i guess|i believe|i suppose|not sure|i (?:kinda|kind of|sort of)|quizas|quiza|tal vez|creo que|capaz que|a lo mejor|probablemente|posiblemente|supongo|me parece)\b/u;

function lowered(confidence: FactConfidence): FactConfidence {
  return confidence === 'high' ? 'medium' : 'low';
}

// What a clause's rule hit became: a fact, nothing (unusable text), or a refusal.
type HitOutcome = { fact: ExtractedFact; refused: false } | { fact: null; refused: boolean };
const UNUSABLE: HitOutcome = { fact: null, refused: false };
const REFUSED: HitOutcome = { fact: null, refused: true };

function toFact(hit: RuleHit, markers: ClauseMarkers, hedged: boolean, namesSecret: boolean): HitOutcome {
  // Credentials and attempts to steer the model are refused however explicitly asked; the
  // caller must know, so that the refused words re-confirm nothing either. The whole clause
  // is read for a credential, not only the statement a rule cut from it: "I prefer hunter2
  // as my wifi password" states "I prefer hunter2". The statement is cut from the clause,
  // so `namesSecret` (read once, on the clause's folded text) covers it too.
  if (namesSecret || steersModel(tidyValue(hit.statement))) return REFUSED;
  // Where someone else works or lives is conversation (spec §1.1), unless the user asks
  // for it to be kept or offers it as information ("just so you know, my mom…").
  if (hit.aboutOther && !markers.explicit && !markers.notice) return UNUSABLE;
  const statement = tidyStatement(hit.statement, hit.language);
  if (statement === null) return UNUSABLE;
  // "From now on…" / "a partir de ahora…" is as explicit as "remember that…": a standing rule
  // the user does not say again, so it must not go dormant after 90 days (spec §1.1's decay).
  const base: FactConfidence = markers.explicit || markers.fromNowOn ? 'high' : 'medium';
  const family = markers.explicit ? 'remember/' : markers.fromNowOn ? 'from-now-on/' : markers.notice ? 'notice/' : '';
  const fact: ExtractedFact = {
    statement,
    subject: hit.subject,
    value: hit.value === null ? null : tidyValue(hit.value) || null,
    domain: factDomain(statement, hit.domainHint),
    confidence: markers.hedged || hedged ? lowered(base) : base,
    signal: `${family}${hit.rule}`,
    kind: hit.kind === 'retract' ? 'retract' : markers.correction || hit.correction ? 'correct' : 'assert',
    language: hit.language,
    ...(hit.replacesOnly === true ? { replacesOnly: true as const } : {}),
  };
  return { fact, refused: false };
}

function mergeMarkers(inherited: ClauseMarkers | null, own: ClauseMarkers): ClauseMarkers {
  if (!inherited) return own;
  return {
    explicit: inherited.explicit || own.explicit,
    notice: inherited.notice || own.notice,
    hedged: inherited.hedged || own.hedged,
    correction: inherited.correction || own.correction,
    fromNowOn: inherited.fromNowOn || own.fromNowOn,
    // A clause's own request to remember says whether what follows is only its object.
    bareObject: own.explicit ? own.bareObject : inherited.bareObject,
    language: inherited.language ?? own.language,
  };
}

// A clause that is only a lead-in ("Actually," "Just so you know,") lends its markers to
// the next one; `facts`: what it states (a fact, or a retraction for each subject what it
// takes back may be stored under); `subject`: the clause's own subject ("I", "We"), for a
// next clause that leaves it out ("I live in Lisbon and work at Acme"); `explicit`: it was
// asked to be remembered, and so is a clause joined to it by "and" ("remember that A and
// B"); `refused`: it stated something that is never stored (a credential); `namesSecret`:
// it states nothing but names a credential ("…, my wifi password"), which refuses what the
// clause before it stated (asked only then: reading a clause for a credential costs more
// than the rest of most clauses); `person`: the person it opens with ("Mi hermana", "my sister"),
// for a next clause joined by "and that"/"y que" that speaks of them ("…y que vive en Bilbao").
type ClauseOutcome = {
  facts: ExtractedFact[];
  leadIn: ClauseMarkers | null;
  subject: string | null;
  person: OpeningPerson | null;
  explicit: boolean;
  refused: boolean;
  namesSecret: () => boolean;
};

const namesNoSecret = (): boolean => false;

// A clause that opens with one of these verbs has the previous clause's subject ("…and work at Acme").
const SHARED_SUBJECT = new RegExp(`^(?:${SHARED_SUBJECT_VERBS})\\b`, 'u');
const OWN_SUBJECT = /^(?<subject>i|we)\b/u;
function clauseFact(
  sentence: Sentence,
  clause: Clause,
  isLast: boolean,
  inherited: ClauseMarkers | null,
  previousSubject: string | null,
  previousPerson: OpeningPerson | null,
): ClauseOutcome {
  const none = { facts: [], leadIn: null, subject: null, person: null, explicit: false, refused: false, namesSecret: namesNoSecret };
  // What a model control token stood in (cleanMessage) may have been the very value: "mi etiqueta favorita es <|endoftext|>".
  if (clause.text.folded.includes(CONTROL_TOKEN_MARK)) return none;
  const before = sentence.text.scan.slice(0, clause.start);
  if (isConditional(before) || isReportedSpeech(before)) return none;
  // "I'm not certain we decided…", "Not sure, but we decided…": the doubt governs the clause.
  if (opensWithDoubt(clause.text.scan) || isDoubtOnly(before)) return none;
  if (isQuestion(clause.text.scan, isLast && sentence.terminal === '?')) return none;
  const stripped = withoutConsequence(stripMarkers(clause.text));
  const own = OWN_SUBJECT.exec(stripped.body.scan)?.groups?.subject;
  const shared = own === undefined && previousSubject !== null && SHARED_SUBJECT.test(stripped.body.scan);
  const theirs = own === undefined && previousPerson !== null ? aboutPerson(stripped.body, previousPerson) : null;
  // "Recuerda que mi hermana es enfermera y que es muy alta": not "Es muy alta", of no one.
  if (own === undefined && !shared && previousPerson !== null && theirs === null && opensWithoutSubject(stripped.body)) return none;
  const body = shared ? foldMessage(`${previousSubject} ${stripped.body.original}`) : (theirs ?? stripped.body);
  const subject = own === undefined ? (shared ? previousSubject : null) : own === 'we' ? 'We' : 'I';
  const markers = mergeMarkers(inherited, stripped.markers);
  if (body.folded.length === 0) return { ...none, leadIn: markers };
  // "From now on I prefer tea for the moment": the limit contradicts the "from now on".
  if (markers.fromNowOn && limitedToTheMoment(`${before} ${body.scan}`)) return none;
  // "When I travel I prefer aisle seats", "from now on, when I write in Spanish, answer in Spanish": no question.
  if (isQuestion(body.scan, false) && !isHabitualWhen(body.scan) && !(markers.fromNowOn !== false && conditionFirst(body) !== null)) return none;
  let hit = firstRuleHit(body) ?? changeSinceThen(body);
  if (hit?.subjectless && !opensSentence(sentence.text, clause.start)) hit = null;
  // "Right now I prefer tea", "Today, I prefer tea": the moment's wish, no lasting preference (present-moment.ts).
  if (hit !== null && PREFERENCE_RULES.has(hit.rule) && opensWithTheMoment(sentence.text, stripped.body)) return none;
  // "…Decidimos hacerla con pg_upgrade": what "la" stands for is in another sentence, maybe another turn.
  if (hit !== null && DECISION_RULES.has(hit.rule) && hit.value !== null && decidesOnPronoun(foldMessage(hit.value).folded)) return none;
  const found = hit ? [hit] : retractions(body);
  const other = found.length === 0 ? (correctionFact(body, clause.text, markers) ?? experiencerFact(body, markers) ?? genericFact(body, markers)) : null;
  if (other) found.push(other);
  const hits = found;
  // A key, a token or a URL's password by its shape is a credential as its name is ("my GitHub is ghp_…").
  const secretIn = (): boolean => mentionsSecret(body.folded) || holdsKey(body.original);
  const clauseFields = { leadIn: null, subject, person: openingPerson(body), explicit: markers.explicit };
  if (hits.length === 0) return { ...clauseFields, facts: [], refused: false, namesSecret: secretIn };
  const namesSecret = secretIn();
  const hedged = HEDGE.test(`${before} ${body.scan}`);
  const outcomes = hits.map((each) => toFact(each, markers, hedged, namesSecret));
  // "Can you fill in the form? My date of birth is 1985-03-14": said in passing, a contact
  // or identity detail is conversation, kept only when asked to be remembered; or as the new
  // value of one kept before ("Actually, my address is 10 Downing Street"), as a correction
  // said in passing is.
  const facts = outcomes.flatMap((outcome) => {
    const fact = outcome.fact;
    if (!fact) return [];
    return markers.explicit || fact.kind === 'retract' || !isPrivateDetail(fact.subject, fact.value) ? [fact] : [{ ...fact, replacesOnly: true as const }];
  });
  const refused = outcomes.some((outcome) => outcome.refused);
  return { ...clauseFields, facts, refused, namesSecret: namesNoSecret };
}

const DECISION_RULES: ReadonlySet<string> = new Set(['decided', 'decidi']);
const PREFERENCE_RULES: ReadonlySet<string> = new Set(['prefer', 'prefiero']);

// A change that holds since it happened, told with when it happened first ("Yesterday I
// moved to Berlin", "Last week I started working at Globex", "Ayer me mudé a Sevilla",
// "The other day I switched to Helix"): the change without the day. Only these rules: "Today
// I prefer tea" is today's wish, not a lasting preference.
const LEADING_PAST = new RegExp(`^${TIME_THEN}`, 'u');
const LASTING_CHANGES: ReadonlySet<string> = new Set(['live-in', 'vivo-en', 'work-at', 'trabajo-en', 'switched-to', 'me-cambie-a']);

// A move told with its day is to a place by its name ("Berlin", "San Sebastián", "Rio de
// Janeiro"), not to "the front row", "table 5" or "Berlin for a week": one-off moves.
const HOMES = new Set(['live-in', 'vivo-en']);
const PLACE_NAME = /^\p{Lu}[\p{L}\p{N}.'’-]*(?:\s+(?:(?:de|del|la|las|los|el|da|do|dos|das|of|on|upon|am|an|der|y|and)\s+)?\p{Lu}[\p{L}\p{N}.'’-]*){0,3}$/u;

function changeSinceThen(body: FoldedText): RuleHit | null {
  const when = LEADING_PAST.exec(body.scan);
  if (when === null) return null;
  const hit = firstRuleHit(sliceFolded(body, when[0].length, body.folded.length));
  if (hit === null || hit.kind !== 'assert' || !LASTING_CHANGES.has(hit.rule)) return null;
  return HOMES.has(hit.rule) && !PLACE_NAME.test(hit.value ?? '') ? null : hit;
}

// "Por favor, siempre responde…" opens its sentence; in "mi jefe llega tarde y siempre usa
// corbata" the boss is the subject: only markers may stand before such a clause.
function opensSentence(sentence: FoldedText, clauseStart: number): boolean {
  return stripMarkers(sliceFolded(sentence, 0, clauseStart)).body.scan.replace(/[\s,;:.!-]+/gu, '') === '';
}

// "I no longer use Emacs": one retraction for each subject the statement it takes back
// may be stored under ("I use Emacs" asked to be remembered, "I always use Emacs" as a
// habit), with that statement's value; the service retires only what is stored.
function retractions(body: FoldedText): RuleHit[] {
  const taken = takenBack(body) ?? instructionTakenBack(body);
  if (taken === null) return [];
  const asked: ClauseMarkers = { ...REMEMBERED, language: taken.language };
  const hits: RuleHit[] = [];
  for (const statement of taken.statements) {
    const hit = firstRuleHit(statement) ?? genericFact(statement, asked);
    if (hit === null || hit.kind !== 'assert' || hits.some((known) => known.subject === hit.subject)) continue;
    // An instruction's retraction names its action (its subject) and, as its value, the
    // sense it takes back: the stored instruction's value opens with it (retraction.ts).
    if (taken.instruction && !hit.subject.startsWith('instruction ')) continue;
    const rule = taken.language === 'en' ? 'no-longer' : 'ya-no';
    const value = taken.instruction ? RETRACTED_SENSE : hit.value;
    hits.push({ ...hit, rule, kind: 'retract', statement: body.original, language: taken.language, correction: false, value, subjectless: false });
    if (taken.instruction) break;
  }
  return hits;
}

const JOINED_BY_AND = /(?:^|[\s,])(?:and|y|e)(?:\s+(?:that|que))?\s*$/u;
// "…and that B" (withRememberedThatApart): B may speak of the person A opened with.
const JOINED_BY_AND_THAT = new RegExp(`(?:^|[\\s,])${AND_THAT}\\s*$`, 'u');

/**
 * Facts stated explicitly in one message. Only the user's own turns count; questions,
 * hypotheticals, conditionals, quoted or reported speech and forget requests yield
 * nothing. Deterministic, and never throws whatever the text.
 */
export function extractFacts(text: string, context: ExtractionContext): ExtractedFact[] {
  return readUserMessage(text, context).facts;
}

/**
 * A user message read once for the factual tier: the facts it states (`extractFacts`) and
 * its first request to forget something, over the same sentences. A request is "forget
 * that I work at Acme", "don't remember that", "olvidá lo de mi dirección" (target null:
 * the last thing said); "Don't forget…", questions and "forget it" (never mind) are not.
 * A request in a sentence's first clause leaves what follows its comma to be read as
 * statements ("forget that I work at Acme, I work at Globex now"), or, when that only gives
 * a new value ("…, now it is 10000 euros"), as the forgotten statement with it. A fact
 * marked `replacesOnly` (a correction said in passing) is written only as the new value of
 * a stored one. A polite request to
 * remember ("can you remember that I'm vegan?") is no question. `refused` says that a
 * statement was read and refused (a credential): the caller must let its words touch no
 * fact. Never throws.
 */
export function readUserMessage(text: string, context: ExtractionContext): MessageReading {
  if (context.role !== 'user' || typeof text !== 'string') return { facts: [], forget: null, refused: false };
  const message = cleanMessage(text);
  return mayStateFacts(message.folded) ? readSentences(message) : { facts: [], forget: null, refused: false };
}

/** The part of a message that is read, without noise, folded. */
export function cleanMessage(text: string): FoldedText {
  const head = text.slice(0, MAX_MESSAGE_CHARS);
  const marked = MAY_HOLD_CONTROL_TOKEN.test(head) ? head.replace(CONTROL_TOKENS, ` ${CONTROL_TOKEN_MARK} `) : head;
  return foldMessage(marked.replace(INVISIBLE, ' '));
}

export interface MessageReading {
  facts: ExtractedFact[];
  forget: ForgetRequest | null;
  /** A statement of the message was refused (a credential, an attempt to steer the model): its words must touch no fact. */
  refused: boolean;
}

/** `readUserMessage` of a cleaned, folded message, without the gate (its test compares the two). */
export function readSentences(message: FoldedText): MessageReading {
  const facts: ExtractedFact[] = [];
  let forget: ForgetRequest | null = null;
  let refused = false;
  // Pasted material and others' words after a line that introduces them are not read (pasted-material.ts).
  const sentences = ownParts(message).flatMap(splitSentences);
  for (const [index, said] of sentences.entries()) {
    const polite = politeRememberRequest(said.text);
    const sentence: Sentence = polite ? { text: polite.body, terminal: '.' } : said;
    const whole = forgetRequestIn(sentence.text, sentence.terminal === '?');
    const split = whole?.target ? forgetThenStatements(sentence.text) : null;
    forget ??= split?.request ?? whole;
    if (facts.length >= MAX_FACTS_PER_MESSAGE) {
      if (forget !== null) break;
      continue;
    }
    if ((whole && !split) || sentence.text.folded.length > MAX_SENTENCE_CHARS || isHypothetical(sentence.text.scan) || takesItselfBack(sentence.text)) continue;
    // "I think we decided…, but I am not sure", "…. Not sure though.": a doubt, not a signal (guards.ts).
    if (endsInDoubt(sentence.text.scan) || isDoubtOnly(sentences[index + 1]?.text.scan ?? '')) continue;
    // A rest that gives the forgotten statement a new value is that statement, read as its target is: as asked to be remembered.
    const read: Sentence = split?.restated ? { text: split.restated, terminal: '.' } : sentence;
    const clauses = split?.restated ? [{ text: split.restated, start: 0 }] : (split?.rest ?? withRememberedThatApart(withWhenClausesJoined(sentence.text, splitClauses(sentence.text))));
    let leadIn: ClauseMarkers | null = split?.restated ? { ...REMEMBERED, language: split.request.language } : (polite?.markers ?? null);
    let previous: ClauseOutcome | null = null;
    let previousEnd = 0;
    let previousAdded: ExtractedFact[] = [];
    clauses.forEach((clause, index) => {
      const gap = read.text.scan.slice(previousEnd, clause.start);
      const joined = previous !== null && JOINED_BY_AND.test(gap);
      const inherited = joined && previous?.explicit === true ? mergeMarkers(leadIn, REMEMBERED) : leadIn;
      const person = previous !== null && JOINED_BY_AND_THAT.test(gap) ? previous.person : null;
      const outcome = clauseFact(read, clause, index === clauses.length - 1, inherited, joined ? (previous?.subject ?? null) : null, person);
      leadIn = outcome.leadIn;
      previous = outcome;
      previousEnd = clause.start + clause.text.folded.length;
      refused ||= outcome.refused;
      // "I use hunter2, my wifi password": the appositive says what the value before it was.
      if (previousAdded.length > 0 && PUNCTUATION_ONLY.test(gap) && outcome.namesSecret()) {
        for (const fact of previousAdded) facts.splice(facts.indexOf(fact), 1);
        refused = true;
      }
      previousAdded = outcome.facts.filter((fact) => !facts.some((known) => known.statement === fact.statement && known.subject === fact.subject));
      facts.push(...previousAdded);
    });
  }
  return { facts: facts.slice(0, MAX_FACTS_PER_MESSAGE), forget, refused };
}
