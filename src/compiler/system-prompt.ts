import { existsSync, readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { AppError } from '../errors.js';
import { sha256Hex } from '../sha256.js';
import type { Db } from '../storage/database.js';
import { meta } from '../storage/schema.js';
import { toChunk } from '../tokens/chunks.js';
import type { Tokenizer } from '../tokens/tokenizer.js';
import { DEFAULT_SYSTEM_PROMPT } from './system-prompt-text.js';

/** The system prompt of every request: its text (a chunk), version and size, computed once at start. */
export interface SystemPrompt {
  text: string;
  /** `system_v{n}`: a new text gets the next n; a text seen before, its own again. */
  version: string;
  /** count(text); the message's role overhead is the section's frame. */
  tokens: number;
  source: 'built-in' | string;
}

const META_KEY = 'system_prompt';

/**
 * Loads the system prompt (the user's file when it exists, else the built-in one) and
 * versions it: the database remembers the texts seen (their hashes), a new text gets the
 * next `system_v{n}` and a text seen before its own version again.
 */
export function loadSystemPrompt(deps: { db: Db; tokenizer: Tokenizer; now: number; tokenCap: number }, file: string): SystemPrompt {
  const custom = existsSync(file);
  let raw = DEFAULT_SYSTEM_PROMPT;
  if (custom) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(file);
    } catch (error) {
      throw new AppError('CONFIG_INVALID', `cannot read the system prompt file ${file}`, { cause: error });
    }
    try {
      raw = STRICT_UTF8.decode(bytes);
    } catch (error) {
      throw new AppError('CONFIG_INVALID', `the system prompt file ${file} is not UTF-8 text`, { cause: error });
    }
    if (raw.trim() === '') throw new AppError('CONFIG_INVALID', `the system prompt file ${file} is empty`);
  }
  const text = toChunk(raw);
  const tokens = deps.tokenizer.count(text);
  // Critical in every prompt: one over the cap would make every context call a 422.
  if (tokens >= deps.tokenCap) {
    throw new AppError('CONFIG_INVALID', `${custom ? `the system prompt file ${file}` : 'the built-in system prompt'} is ${tokens} tokens: it must leave room under MEMORYD_TOKEN_CAP (${deps.tokenCap})`);
  }
  const hash = sha256Hex(text);
  return { text, version: `system_v${versionFor(deps.db, hash, deps.now)}`, tokens, source: custom ? file : 'built-in' };
}

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

// Texts remembered with their versions: a text seen before gets its version back.
const VERSIONS_KEPT = 64;

/**
 * The version of the text of `hash`: the last text's when it is the same; the version a
 * text had before when it comes back (going back to the built-in prompt after trying a
 * file is `system_v1` again, the prefix a provider may still have cached); the next
 * number for a new text. The meta row holds the last text's hash and version (as before
 * 2026-11-27) and the versions of the texts seen (`seen`, the newest VERSIONS_KEPT).
 */
function versionFor(db: Db, hash: string, now: number): number {
  const row = db.select().from(meta).where(eq(meta.key, META_KEY)).get();
  const previous = row ? (JSON.parse(row.value) as { hash: string; version: number; seen?: Record<string, number> }) : null;
  if (previous?.hash === hash) return previous.version;
  const seen = new Map(Object.entries(previous?.seen ?? (previous === null ? {} : { [previous.hash]: previous.version })));
  // The highest number given is always among `seen`: a new text's number is taken before the oldest text is let go.
  const version = seen.get(hash) ?? Math.max(0, previous?.version ?? 0, ...seen.values()) + 1;
  seen.delete(hash);
  seen.set(hash, version);
  const kept = [...seen].slice(-VERSIONS_KEPT);
  const value = JSON.stringify({ hash, version, seen: Object.fromEntries(kept) });
  db.insert(meta).values({ key: META_KEY, value, updatedAt: now }).onConflictDoUpdate({ target: meta.key, set: { value, updatedAt: now } }).run();
  return version;
}
