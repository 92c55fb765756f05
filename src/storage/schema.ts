import { blob, index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

// The source of truth for memoryd's database. Migrations are generated from this file
// by `npm run db:generate` (drizzle-kit) and never edited once landed. All times are
// UTC epoch milliseconds. Embeddings are Float32 BLOBs tagged with the embedder that
// made them, so vectors of different embedders are never compared.

export const sessions = sqliteTable('sessions', {
  id: text('id').primaryKey(),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
  lastTurnNumber: integer('last_turn_number').notNull().default(0),
  lastTurnAt: integer('last_turn_at'),
  /** null until the assistant reports on an output; false re-injects format instructions. */
  lastOutputValid: integer('last_output_valid', { mode: 'boolean' }),
  /** JSON array of tool names already used in the session (their short descriptions suffice). */
  usedTools: text('used_tools').notNull().default('[]'),
  /** The last window decision: its size in turns and why (`high-continuity`, `pressure`, …). */
  windowSize: integer('window_size'),
  windowReason: text('window_reason'),
  windowDetail: text('window_detail'),
  /** Set after a side-effecting tool ran: the next answer is not cacheable. */
  sideEffectAt: integer('side_effect_at'),
  /**
   * JSON array of the tool names the session's context calls declared `sideEffects: true`
   * (the latest declaration of a name wins): their results mark a side effect however they
   * are recorded, in a context call or as a turn.
   */
  sideEffectTools: text('side_effect_tools').notNull().default('[]'),
  endedAt: integer('ended_at'),
  /**
   * The session's summaries numbered up to this are archived, the later ones active
   * (summaries are archived oldest first): archiving one is moving this number, not
   * rewriting the summary and its index entries.
   */
  archivedThrough: integer('archived_through').notNull().default(0),
});

export const turns = sqliteTable(
  'turns',
  {
    // A plain rowid, not AUTOINCREMENT: nothing outside the table holds a turn's id (turns
    // are found by session and number), and AUTOINCREMENT rewrote a page of
    // sqlite_sequence on every turn.
    id: integer('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    turnNumber: integer('turn_number').notNull(),
    role: text('role', { enum: ['user', 'assistant', 'tool'] }).notNull(),
    /** The raw text; the whole row is deleted once its segment is summarised (the summary keeps its number). */
    content: text('content'),
    toolCallId: text('tool_call_id'),
    toolName: text('tool_name'),
    /** RT-007 cost of the turn rendered as one message, counted once when stored. */
    tokenCount: integer('token_count').notNull(),
    /**
     * A user or assistant turn too long for the window whole (over half its token cap):
     * its head and tail around a marker, as the window shows it once it is no longer the
     * newest turn, and that message's RT-007 cost. Both null for a turn shown whole.
     */
    windowContent: text('window_content'),
    windowTokenCount: integer('window_token_count'),
    /** Cosine with the previous turn of the session (null for the first). */
    continuity: real('continuity'),
    domain: text('domain'),
    topicShift: integer('topic_shift', { mode: 'boolean' }).notNull().default(false),
    /** window → segment (left the window, not yet summarised) → deleted into a summary. */
    state: text('state', { enum: ['window', 'segment'] }).notNull().default('window'),
    // No embedding: only the session's latest turn and latest user turn are ever compared,
    // and their vectors are kept in memory (TurnVectors). A 2 KB vector made each row fill
    // a page of its own, so every turn allocated a page and every purge freed one.
    outputValid: integer('output_valid', { mode: 'boolean' }),
    cacheable: integer('cacheable', { mode: 'boolean' }),
    createdAt: integer('created_at').notNull(),
  },
  // Every read of turns is by session in turn order: one index serves them all, and each
  // extra index would be one more page to write on every turn.
  (table) => [uniqueIndex('turns_session_number').on(table.sessionId, table.turnNumber)],
);

export const summaries = sqliteTable(
  'summaries',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    /** Order of creation within the session, from 1. */
    seq: integer('seq').notNull(),
    /** The minified key-value JSON exactly as rendered in a prompt. */
    body: text('body').notNull(),
    topic: text('topic').notNull(),
    tokenCount: integer('token_count').notNull(),
    /** The summary's content words, space-separated: what questions about the past are matched against. */
    searchText: text('search_text').notNull(),
    /** `{topic, outcome}` (and `decisions` when there are any, since 2026-11-27), for the layout's compact-json lens under pressure, and its count. */
    compactBody: text('compact_body').notNull(),
    compactTokenCount: integer('compact_token_count').notNull(),
    firstTurn: integer('first_turn').notNull(),
    lastTurn: integer('last_turn').notNull(),
    /** JSON array of the turn numbers summarised (provenance, never rendered). */
    turnNumbers: text('turn_numbers').notNull(),
    /** Time of the first and last summarised turns, for questions about "yesterday". */
    startedAt: integer('started_at').notNull(),
    endedAt: integer('ended_at').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  // (session, seq) orders and numbers a session's summaries: the active ones are a range
  // above the session's archivedThrough, the archive the range up to it, so the reads on
  // every context call skip the hundreds of archived rows. The second index carries the
  // time span and id, so listing the archive for a question about the past never reads
  // the rows.
  (table) => [
    uniqueIndex('summaries_session_seq').on(table.sessionId, table.seq),
    index('summaries_session_seq_span').on(table.sessionId, table.seq, table.startedAt, table.endedAt, table.id),
  ],
);

export const facts = sqliteTable(
  'facts',
  {
    id: text('id').primaryKey(),
    domain: text('domain', { enum: ['work', 'preferences', 'decisions', 'personal', 'projects'] }).notNull(),
    fact: text('fact').notNull(),
    /** Canonical subject key: a new value for the same subject supersedes the old fact. */
    subject: text('subject'),
    confidence: text('confidence', { enum: ['high', 'medium', 'low'] }).notNull(),
    source: text('source', { enum: ['explicit', 'inferred'] }).notNull(),
    status: text('status', { enum: ['active', 'dormant', 'stale', 'superseded', 'deleted'] })
      .notNull()
      .default('active'),
    supersededBy: text('superseded_by'),
    deletedReason: text('deleted_reason'),
    provenanceSession: text('provenance_session'),
    /** JSON array of turn numbers the fact came from. */
    provenanceTurns: text('provenance_turns').notNull().default('[]'),
    /** Tokens of the fact rendered as a prompt chunk, counted once when written. */
    tokenCount: integer('token_count').notNull(),
    embedding: blob('embedding', { mode: 'buffer' }),
    embedderId: text('embedder_id'),
    createdAt: integer('created_at').notNull(),
    lastConfirmedAt: integer('last_confirmed_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (table) => [
    index('facts_status_domain').on(table.status, table.domain),
    index('facts_subject').on(table.subject),
    index('facts_superseded_by').on(table.supersededBy),
  ],
);

export const errors = sqliteTable(
  'errors',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    sessionId: text('session_id'),
    code: text('code').notNull(),
    message: text('message').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [index('errors_created').on(table.createdAt), index('errors_session').on(table.sessionId, table.createdAt)],
);

export const responseCache = sqliteTable(
  'response_cache',
  {
    /** sha256 of the normalised query. */
    key: text('key').primaryKey(),
    query: text('query').notNull(),
    language: text('language', { enum: ['en', 'es'] }).notNull(),
    response: text('response').notNull(),
    sessionId: text('session_id').notNull(),
    embedding: blob('embedding', { mode: 'buffer' }),
    embedderId: text('embedder_id'),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
  },
  (table) => [index('response_cache_expires').on(table.expiresAt)],
);

export const toolCache = sqliteTable(
  'tool_cache',
  {
    /** `tool_name:sha256(canonical params)`. */
    key: text('key').primaryKey(),
    toolName: text('tool_name').notNull(),
    result: text('result').notNull(),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
  },
  (table) => [index('tool_cache_expires').on(table.expiresAt)],
);

export const jobRuns = sqliteTable(
  'job_runs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    job: text('job').notNull(),
    trigger: text('trigger', { enum: ['schedule', 'startup', 'manual'] }).notNull(),
    status: text('status', { enum: ['running', 'ok', 'error'] }).notNull(),
    startedAt: integer('started_at').notNull(),
    endedAt: integer('ended_at'),
    /** JSON object of what the run changed, e.g. {"dormant": 2, "stale": 1}. */
    counts: text('counts').notNull().default('{}'),
    error: text('error'),
  },
  (table) => [index('job_runs_job').on(table.job, table.startedAt)],
);

/** Small facts about the database itself (e.g. the tokenizer its token counts were made with). */
export const meta = sqliteTable('meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: integer('updated_at').notNull(),
});
