import { getTableColumns } from 'drizzle-orm';
import { setNewest } from '../bounded-map.js';
import type { SessionRow, SummaryRow, TurnRow } from './conversation-rows.js';
import { summaries, turns } from './schema.js';

// What the mirror holds of one session; each part is loaded from the database on its
// first read (`undefined`: not loaded yet; a session row of `null`: no such session).
interface MirroredSession {
  session: SessionRow | null | undefined;
  /** Every stored turn of the session, oldest first. */
  live: readonly TurnRow[] | undefined;
  /** The active summaries, by seq. */
  active: readonly SummaryRow[] | undefined;
  /** The highest summary number the session has used. */
  maxSeq: number | undefined;
}

// Sessions mirrored at once: an assistant talks in a handful; the rest are read from disk again.
const SESSIONS_MIRRORED = 64;

const TURN_KEYS = Object.keys(getTableColumns(turns)) as Array<keyof TurnRow>;
const SUMMARY_KEYS = Object.keys(getTableColumns(summaries)) as Array<keyof SummaryRow>;

/**
 * The spec's "in-memory cache of the active session": the rows the context call reads on
 * every message (the session, its live turns, its active summaries, its last summary
 * number), kept by the conversation store as it writes them, so a call reads them from
 * memory instead of running four queries.
 *
 * The store is the only writer of these tables, and it updates the mirror after each of
 * its statements succeeds: inside a transaction the mirror is what the transaction sees.
 * A rollback must forget everything the rolled-back transaction changed, so `forgetAll`
 * runs on every rollback of `runInTransaction` (its `onRollback` hook: every write of
 * the store runs inside one) and the next reads load from the database again. Rows are
 * replaced, never changed in place: a caller keeps what it read.
 */
export class SessionMirror {
  private readonly sessions = new Map<string, MirroredSession>();

  /** The mirrored value of one part, loading it with `load` (and keeping it) when it is not held. */
  read<K extends keyof MirroredSession>(sessionId: string, part: K, load: () => NonNullable<MirroredSession[K]> | null): NonNullable<MirroredSession[K]> | null {
    const entry = this.entry(sessionId);
    const held = entry[part];
    if (held !== undefined) return held as NonNullable<MirroredSession[K]> | null;
    const loaded = load();
    entry[part] = loaded as MirroredSession[K];
    return loaded;
  }

  /** Changes one part if it is held; a part not held is read from the database when needed. */
  update<K extends keyof MirroredSession>(sessionId: string, part: K, change: (held: NonNullable<MirroredSession[K]>) => MirroredSession[K]): void {
    const entry = this.sessions.get(sessionId);
    const held = entry?.[part];
    if (entry === undefined || held === undefined || held === null) return;
    entry[part] = change(held as NonNullable<MirroredSession[K]>);
  }

  /** Sets one part outright (a row just inserted). */
  set<K extends keyof MirroredSession>(sessionId: string, part: K, value: MirroredSession[K]): void {
    this.entry(sessionId)[part] = value;
  }

  forgetAll(): void {
    this.sessions.clear();
  }

  /** Lets go of one session's rows (an erased session: reading them again finds none). */
  forget(sessionId: string): void {
    this.sessions.delete(sessionId);
  }

  private entry(sessionId: string): MirroredSession {
    let entry = this.sessions.get(sessionId);
    if (entry === undefined) {
      entry = { session: undefined, live: undefined, active: undefined, maxSeq: undefined };
      setNewest(this.sessions, sessionId, entry, SESSIONS_MIRRORED);
    }
    return entry;
  }
}

/** A row as a select returns it: its table's columns, in their order. */
export function asReadTurn(row: TurnRow): TurnRow {
  return inColumnOrder(row, TURN_KEYS);
}

export function asReadSummary(row: SummaryRow): SummaryRow {
  return inColumnOrder(row, SUMMARY_KEYS);
}

function inColumnOrder<Row>(row: Row, keys: ReadonlyArray<keyof Row>): Row {
  const ordered = {} as Row;
  for (const key of keys) ordered[key] = row[key];
  return ordered;
}

/** Inserts `row` into rows kept in ascending `key` order (a new row is almost always the last). */
export function insertOrdered<Row>(rows: readonly Row[], row: Row, key: (row: Row) => number): Row[] {
  const at = rows.findLastIndex((each) => key(each) < key(row)) + 1;
  return [...rows.slice(0, at), row, ...rows.slice(at)];
}
