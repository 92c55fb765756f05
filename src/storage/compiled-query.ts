import type { RunResult, Statement } from 'better-sqlite3';
import { Column, is, noopDecoder, Param, Placeholder, SQL } from 'drizzle-orm';
import { AppError } from '../errors.js';

/** Values for a query's placeholders, by name. */
export type PlaceholderValues = Record<string, unknown>;

/**
 * `build(db)` run once per database and kept while the database lives (a compiled
 * statement belongs to its connection): `const q = perDatabase((db) => compileSelect(…))`.
 */
export function perDatabase<D extends object, T>(build: (db: D) => T): (db: D) => T {
  const built = new WeakMap<D, T>();
  return (db) => {
    let value = built.get(db);
    if (value === undefined) {
      value = build(db);
      built.set(db, value);
    }
    return value;
  };
}

/** A select prepared once, run many times: the rows drizzle's own prepared query gives. */
export interface CompiledSelect<Row> {
  get(values?: PlaceholderValues): Row | undefined;
  all(values?: PlaceholderValues): Row[];
}

/** A write prepared once, run many times. */
export interface CompiledWrite {
  run(values?: PlaceholderValues): RunResult;
}

// What a drizzle better-sqlite3 prepared query holds (0.45): its SQLite statement, its
// parameters (values, placeholders, or placeholders with a column's encoder) and, for a
// select, its fields in the order of the result's columns. Not drizzle's public API: the
// shape is checked when a query is compiled, and test/foundation/compiled-query.test.ts
// checks the rows against drizzle's own.
interface PreparedInternals {
  stmt: Statement;
  query: { sql: string; params: unknown[] };
  fields?: Array<{ path: string[]; field: unknown }>;
}

type Binder = (values: PlaceholderValues) => unknown;
interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/**
 * A select built with drizzle and run without drizzle's per-call work. drizzle's prepared
 * query checks the class of every parameter and of every column of every row on every
 * call (12 % of a context call's CPU profile); here those checks run once, when the query
 * is compiled. Binding and decoding are drizzle's:
 * placeholders filled by name (with the column's encoder where drizzle has one), non-null
 * values decoded by the column's (or the SQL's) decoder, nulls left null.
 */
export function compileSelect<Row>(query: { prepare(): { all(values?: PlaceholderValues): Row[] } }): CompiledSelect<Row> {
  const internals = internalsOf(query.prepare());
  const fields = internals.fields;
  if (fields === undefined || fields.some((each) => each.path.length !== 1)) {
    throw new AppError('INTERNAL', `not a flat select: ${internals.query.sql}`);
  }
  const keys = fields.map((each) => each.path[0] as string);
  // null: the value as SQLite gives it (most columns), so the row loop calls no decoder for it.
  const decoders = fields.map((each) => {
    const decoder = decoderOf(each.field, internals.query.sql);
    return decoder.mapFromDriverValue === Column.prototype.mapFromDriverValue || decoder === noopDecoder ? null : decoder;
  });
  const bind = binderOf(internals.query.params);
  const statement = internals.stmt.raw(true);
  const toRow = (raw: unknown[]): Row => {
    const row: Record<string, unknown> = {};
    for (let column = 0; column < keys.length; column += 1) {
      const value = raw[column];
      const decoder = decoders[column];
      row[keys[column] as string] = value === null || value === undefined ? null : decoder ? decoder.mapFromDriverValue(value) : value;
    }
    return row as Row;
  };
  return {
    get: (values = {}) => {
      const raw = statement.get(...bind(values)) as unknown[] | undefined;
      return raw === undefined ? undefined : toRow(raw);
    },
    all: (values = {}) => (statement.all(...bind(values)) as unknown[][]).map(toRow),
  };
}

/** An insert, update or delete built with drizzle and run without drizzle's per-call work (see compileSelect). */
export function compileWrite(query: { prepare(): { run(values?: PlaceholderValues): RunResult } }): CompiledWrite {
  const internals = internalsOf(query.prepare());
  const bind = binderOf(internals.query.params);
  const statement = internals.stmt;
  return { run: (values = {}) => statement.run(...bind(values)) };
}

function internalsOf(prepared: object): PreparedInternals {
  const candidate = prepared as Partial<PreparedInternals>;
  const { stmt, query } = candidate;
  if (stmt === undefined || typeof stmt.run !== 'function' || query === undefined || typeof query.sql !== 'string' || !Array.isArray(query.params)) {
    throw new AppError('INTERNAL', 'drizzle-orm prepared queries no longer have the shape compiled queries read (stmt, query.sql, query.params)');
  }
  return candidate as PreparedInternals;
}

function binderOf(params: readonly unknown[]): (values: PlaceholderValues) => unknown[] {
  const binders: Binder[] = params.map((param) => {
    if (is(param, Placeholder)) return valueOf(param.name);
    if (is(param, Param) && is(param.value, Placeholder)) {
      const read = valueOf(param.value.name);
      const encoder = param.encoder;
      return (values) => encoder.mapToDriverValue(read(values));
    }
    return () => param;
  });
  return (values) => binders.map((bind) => bind(values));
}

function valueOf(name: string): Binder {
  return (values) => {
    if (!(name in values)) throw new AppError('INTERNAL', `no value for the placeholder "${name}"`);
    return values[name];
  };
}

function decoderOf(field: unknown, sql: string): Decoder {
  if (is(field, Column)) return field;
  // An SQL's decoder (the default one, or `mapWith`'s) is internal in drizzle's typings.
  const decoder = is(field, SQL) ? decoderField(field) : is(field, SQL.Aliased) ? decoderField(field.sql) : undefined;
  if (decoder === undefined || typeof decoder.mapFromDriverValue !== 'function') {
    throw new AppError('INTERNAL', `a selected field compiled queries cannot decode: ${sql}`);
  }
  return decoder;
}

function decoderField(value: SQL): Decoder | undefined {
  return (value as unknown as { decoder?: Decoder }).decoder;
}
