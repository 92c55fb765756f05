import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { NewSummary, NewTurn } from './conversation-rows.js';

const p = sql.placeholder;

// Every column an insert sets, by its key in the schema (ids and defaults included).
export const turnColumns = [
  'sessionId', 'turnNumber', 'role', 'content', 'toolCallId', 'toolName', 'tokenCount', 'continuity', 'domain',
  'topicShift', 'state', 'outputValid', 'cacheable', 'createdAt',
] as const satisfies ReadonlyArray<keyof NewTurn>;
// drizzle encodes a boolean placeholder as `value ? 1 : 0`, so a nullable flag left null
// ("not reported") would be stored as false: these are bound raw, as 1, 0 or null.
export const turnNullableFlags = ['outputValid', 'cacheable'] as const satisfies ReadonlyArray<(typeof turnColumns)[number]>;
export const summaryColumns = [
  'id', 'sessionId', 'seq', 'body', 'topic', 'tokenCount', 'searchText', 'compactBody', 'compactTokenCount', 'firstTurn',
  'lastTurn', 'turnNumbers', 'startedAt', 'endedAt', 'createdAt',
] as const satisfies ReadonlyArray<keyof NewSummary>;

/** An insert's values as placeholders named after their columns, the nullable flags bound raw. */
export function placeholders<K extends string>(columns: readonly K[], nullableFlags: readonly K[] = []): Record<K, Placeholder | SQL> {
  return Object.fromEntries(columns.map((column) => [column, nullableFlags.includes(column) ? sql`${p(column)}` : p(column)])) as Record<K, Placeholder | SQL>;
}

/** A prepared insert needs a value for every placeholder: absent optional columns become null. */
export function withNulls<K extends string>(columns: readonly K[], row: Partial<Record<K, unknown>>): Record<K, unknown> {
  // A loop, not Object.fromEntries: the rows of one table come out with one shape.
  const values = {} as Record<K, unknown>;
  for (const column of columns) values[column] = row[column] ?? null;
  return values;
}

/** The values with each nullable flag as SQLite stores it: 1, 0, or null for "unknown". */
export function withFlagsBound<K extends string>(values: Record<K, unknown>, nullableFlags: readonly K[]): Record<K, unknown> {
  const bound = {} as Record<K, unknown>;
  for (const column in values) bound[column] = values[column];
  for (const flag of nullableFlags) bound[flag] = values[flag] === null ? null : values[flag] ? 1 : 0;
  return bound;
}
