import { overSizeLimit } from '../errors.js';
import { SETTINGS } from './settings.js';

/**
 * Refuses a text over MEMORYD_MAX_MESSAGE_BYTES (`limit`: the config's maxMessageBytes)
 * with the 413 that names the field, its size, the limit and the variable.
 */
export function checkMessageSize(field: { path: string; label?: string }, text: string, limit: number): void {
  const bytes = Buffer.byteLength(text);
  if (bytes > limit) throw overSizeLimit(field, bytes, limit, SETTINGS.maxMessageBytes.env);
}
