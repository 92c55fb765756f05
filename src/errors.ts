/**
 * Every error memoryd raises on purpose is an AppError with a stable code from this
 * closed union. Domain code never knows HTTP statuses: `src/api/error-mapping.ts` maps
 * codes to statuses in one place.
 */
export type ErrorCode =
  | 'INVALID_REQUEST'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'PAYLOAD_TOO_LARGE'
  | 'CONFLICT'
  | 'CONTEXT_CRITICAL_OVERFLOW'
  | 'CONTEXT_OVERFLOW'
  | 'CONFIG_INVALID'
  | 'ALREADY_RUNNING'
  | 'SHUTTING_DOWN'
  /** A part memoryd cannot serve without (the database) is down. */
  | 'UNAVAILABLE'
  | 'STORAGE'
  | 'EMBEDDER'
  | 'INTERNAL';

/** One problem with one field of a request or setting, e.g. `{path: "budget", message: "…"}`. */
export interface FieldIssue {
  path: string;
  message: string;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, message: string, options?: { cause?: unknown; details?: Record<string, unknown> }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.details = options?.details;
  }
}

export class InvalidRequestError extends AppError {
  readonly issues: FieldIssue[];

  constructor(message: string, issues: FieldIssue[], options?: { cause?: unknown }) {
    super('INVALID_REQUEST', message, { ...options, details: { issues } });
    this.issues = issues;
  }
}

export class NotFoundError extends AppError {
  constructor(message: string, details?: Record<string, unknown>) {
    super('NOT_FOUND', message, { details });
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(message: string, details?: Record<string, unknown>) {
    super('PAYLOAD_TOO_LARGE', message, { details });
  }
}

/**
 * A 413 for a text over a size limit, worded alike everywhere: the field, its size when
 * known, the limit and the variable that sets it, in the message and in `details`.
 */
export function overSizeLimit(field: { path: string; label?: string }, bytes: number | undefined, limit: number, variable: string): PayloadTooLargeError {
  const label = field.label ?? field.path;
  const details = { path: field.path, ...(bytes === undefined ? {} : { bytes }), limit, variable };
  const message = bytes === undefined ? `${label} is over the limit of ${limit} bytes (${variable})` : `${label} is ${bytes} bytes; the limit is ${limit} (${variable})`;
  return new PayloadTooLargeError(message, details);
}

export class ConflictError extends AppError {
  constructor(message: string, details?: Record<string, unknown>) {
    super('CONFLICT', message, { details });
  }
}

export class ConfigError extends AppError {
  constructor(message: string, issues: FieldIssue[]) {
    super('CONFIG_INVALID', message, { details: { issues } });
  }
}

/** What a caught value says: an Error's message, or the value as text. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
