import { extractFacts, type ForgetRequest } from './extraction/index.js';
import type { Db } from '../storage/database.js';
import { liveFactRows, liveFactRowsBySubject, recentSessionFactRows, type FactRow } from '../storage/facts-repo.js';
import { recordOf } from './fact-rows.js';
import { bilingualStems, sameAcross } from './bilingual-stems.js';
import { namesAll, subjectStems } from './fact-words.js';
import { hasValue, sameContent, type StoredValues } from './fact-matching.js';
import type { ForgetMiss } from './fact-record.js';

/** "Forget that" refers to facts added by the session's user within this many turns before it. */
export const DEICTIC_TURNS = 6;
/** A forget request, or one of its targets, matching more facts than this is ambiguous: it forgets none of them. */
export const MAX_FORGET_MATCHES = 3;

/**
 * The live facts a forget request clearly designates, or none. "Forget that" (no
 * target) means the facts added by the latest user turn of this session within the
 * last 6 turns. Each target ("forget that A and that B" names two) is first read as a
 * fact ("my editor is Vim" → subject editor, value Vim); otherwise every content word of
 * the target must appear in the fact or its subject. A target matching more than 3 facts
 * designates none, and a request never forgets more than 3 in all.
 */
export function forgetTargets(
  db: Db,
  storedValues: StoredValues,
  request: ForgetRequest,
  at: { sessionId: string; turnNumber: number },
  excluded: ReadonlySet<string>,
): ForgetOutcome {
  if (request.target === null) {
    const rows = lastAdded(db, at).filter((row) => !excluded.has(row.id));
    return { rows, notForgotten: rows.length > 0 ? [] : [{ target: null, reason: `no fact was added in the last ${DEICTIC_TURNS} turns of this session` }] };
  }
  const { rows, notForgotten } = named(db, storedValues, request.targets, request.language);
  return { rows: rows.filter((row) => !excluded.has(row.id)), notForgotten };
}

/** What a forget request forgets, and each target it forgot nothing for, with why. */
export interface ForgetOutcome {
  rows: FactRow[];
  notForgotten: ForgetMiss[];
}

// The facts the targets designate together; more than 3 is too broad a request to guess which were meant.
function named(db: Db, storedValues: StoredValues, targets: readonly string[], language: 'en' | 'es'): ForgetOutcome {
  const found = new Map<string, FactRow>();
  const notForgotten: ForgetMiss[] = [];
  for (const target of targets) {
    const { rows, tooMany } = matching(db, storedValues, target, language);
    for (const row of rows) found.set(row.id, row);
    if (tooMany) notForgotten.push({ target, reason: `more than ${MAX_FORGET_MATCHES} facts match it: name the one to forget` });
    else if (rows.length === 0) notForgotten.push({ target, reason: 'no live fact matches it' });
  }
  if (found.size <= MAX_FORGET_MATCHES) return { rows: [...found.values()], notForgotten };
  // Each target's own reason stays; those that matched are refused for the request's breadth.
  const reason = `the request matches more than ${MAX_FORGET_MATCHES} facts in all: name the ones to forget one by one`;
  const own = new Set(notForgotten.map((miss) => miss.target));
  return { rows: [], notForgotten: [...notForgotten, ...targets.filter((target) => !own.has(target)).map((target) => ({ target, reason }))] };
}

function lastAdded(db: Db, at: { sessionId: string; turnNumber: number }): FactRow[] {
  const recent = recentSessionFactRows(db, at.sessionId, 50)
    .map((row) => ({ row, turn: Math.min(...recordOf(row).provenance.turns) }))
    .filter(({ turn }) => turn < at.turnNumber && turn >= at.turnNumber - DEICTIC_TURNS);
  const latest = Math.max(...recent.map(({ turn }) => turn));
  return recent.filter(({ turn }) => turn === latest).map(({ row }) => row);
}

// The live facts one target designates; `tooMany` when it matches more than 3 (it designates
// none). A target that designates nothing whole is read again up to its first comma: what
// follows may be a clause of its own ("olvida que mi vuelo sale de Madrid, al final salimos
// desde Valencia").
function matching(db: Db, storedValues: StoredValues, target: string, language: 'en' | 'es'): { rows: FactRow[]; tooMany: boolean } {
  const whole = matchingWhole(db, storedValues, target, language);
  const comma = target.indexOf(',');
  if (whole.rows.length > 0 || whole.tooMany || comma <= 0 || KEEPS_SOMETHING.test(target.slice(comma))) return whole;
  return matchingWhole(db, storedValues, target.slice(0, comma).trim(), language);
}

// What follows the comma spares part of what came before ("forget about my sister, but not
// her job", "olvida lo del vuelo, pero no el número"): read up to the comma, the request
// would forget what the user asked to keep, so the target is read whole or not at all.
const KEEPS_SOMETHING = /\b(?:but|not|except|keep|only|unless|apart from|pero|no|excepto|salvo|menos|solo|sólo|deja|guarda|mant[eé]n|quitando)\b/iu;

function matchingWhole(db: Db, storedValues: StoredValues, target: string, language: 'en' | 'es'): { rows: FactRow[]; tooMany: boolean } {
  const none = { rows: [], tooMany: false };
  const statement = asStatement(db, storedValues, target, language);
  if (statement.rows.length > 0) return statement.rows.length <= MAX_FORGET_MATCHES ? { rows: statement.rows, tooMany: false } : { rows: [], tooMany: true };
  // "Forget that I prefer spaces" while the fact says tabs: another value of that subject is not it.
  if (statement.otherValue) return none;
  // In either language: "olvida lo del café" names "I prefer my coffee without sugar".
  const wanted = bilingualStems(target);
  if (wanted.length === 0) return none;
  const found = liveFactRows(db).filter((row) => {
    const words = new Set([...bilingualStems(row.fact), ...subjectStems(row.subject)]);
    return namesAll(words, wanted);
  });
  return found.length <= MAX_FORGET_MATCHES ? { rows: found, tooMany: false } : { rows: [], tooMany: true };
}

// The target read as one fact: the live facts of its subject that say the same (by value,
// or by content words without one), and whether that subject holds only other values. The
// value may be told in the other language ("forget that I live in Lisbon" for "Vivo en
// Lisboa", "olvida que prefiero el café sin azúcar" for "…my coffee without sugar").
function asStatement(db: Db, storedValues: StoredValues, target: string, language: 'en' | 'es'): { rows: FactRow[]; otherValue: boolean } {
  const lead = language === 'es' ? 'Recordá que' : 'Remember that';
  const [parsed, ...more] = extractFacts(`${lead} ${target}`, { role: 'user' });
  if (!parsed || more.length > 0) return { rows: [], otherValue: false };
  const rows = liveFactRowsBySubject(db, parsed.subject);
  const value = parsed.value;
  if (value === null) return { rows: rows.filter((row) => sameContent(row.fact, parsed.statement) || sameAcross(row.fact, parsed.statement)), otherValue: false };
  const same = rows.filter((row) => hasValue(row, value, storedValues));
  const across = same.length > 0 ? same : rows.filter((row) => sameAcross(storedValues.of(row) ?? '', value));
  return { rows: across, otherValue: across.length === 0 && rows.length > 0 };
}
