import * as crypto from 'node:crypto';
import type { RenderedMessage } from './types.js';

/**
 * Canonical serialisation of a prompt: one line per message,
 * `<role> <name> <toolCallId> <content>\n`, each variable field written as
 * `<UTF-16 length>:<value>` (or `-` when absent). Length prefixes make it unambiguous
 * whatever the content holds, and it is cheaper to build than JSON.
 */
export function canonicalMessages(messages: readonly RenderedMessage[]): string {
  let out = '';
  for (const message of messages) {
    out += `${message.role} ${field(message.name)} ${field(message.toolCallId)} ${field(message.content)}\n`;
  }
  return out;
}

/** sha256 (hex) of the canonical serialisation as UTF-8: equal prompts, equal hashes, on any machine. */
export function hashMessages(messages: readonly RenderedMessage[]): string {
  const canonical = canonicalMessages(messages);
  // The one-shot digest (Node ≥ 20.12) skips building a Hash stream object, which cost
  // more than hashing the prompt itself; the same sha256 of the same UTF-8 bytes.
  if (typeof crypto.hash === 'function') return crypto.hash('sha256', canonical, 'hex');
  return crypto.createHash('sha256').update(canonical, 'utf8').digest('hex');
}

function field(value: string | undefined): string {
  return value === undefined ? '-' : `${value.length}:${value}`;
}
