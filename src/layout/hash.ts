import { sha256Hex } from '../sha256.js';
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
  return sha256Hex(canonicalMessages(messages));
}

function field(value: string | undefined): string {
  return value === undefined ? '-' : `${value.length}:${value}`;
}
