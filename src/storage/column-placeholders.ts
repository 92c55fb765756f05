import { sql, type Placeholder, type SQL } from 'drizzle-orm';

/**
 * A statement's values as placeholders named after their columns, for an insert's
 * `values` or an update's `set`; the nullable flags are bound raw (see `withFlagsBound`).
 */
export function columnPlaceholders<K extends string>(columns: readonly K[], nullableFlags: readonly K[] = []): Record<K, Placeholder | SQL> {
  return Object.fromEntries(
    columns.map((column) => [column, nullableFlags.includes(column) ? sql`${sql.placeholder(column)}` : sql.placeholder(column)]),
  ) as Record<K, Placeholder | SQL>;
}

/** The row's value for each of `columns`: a prepared statement needs a value for every placeholder, so an absent one is null. */
export function columnValues<K extends string>(columns: readonly K[], row: Partial<Record<K, unknown>>): Record<K, unknown> {
  // A loop, not Object.fromEntries: the rows of one table come out with one shape.
  const values = {} as Record<K, unknown>;
  for (const column of columns) values[column] = row[column] ?? null;
  return values;
}

/** The values with each nullable flag as SQLite stores it: 1, 0, or null for "unknown" (`columnPlaceholders` binds these raw). */
export function withFlagsBound<K extends string>(values: Record<K, unknown>, nullableFlags: readonly K[]): Record<K, unknown> {
  const bound = {} as Record<K, unknown>;
  for (const column in values) bound[column] = values[column];
  for (const flag of nullableFlags) bound[flag] = values[flag] === null ? null : values[flag] ? 1 : 0;
  return bound;
}
