import { setFlagsFromString } from 'node:v8';

/**
 * Bounds how far V8's old generation may grow past what survived the last full
 * collection before it collects again: the next limit is about live × (1 + percent / 100).
 * Left to itself, V8 picks the factor from its measured speeds, up to ×4: a daemon whose
 * live heap is flat (~32 MiB) then carries up to ~100 MiB of garbage, and its RSS rises
 * and falls by that much with the collections' timing. 0 leaves V8's own choice.
 *
 * A process-wide setting, so only the daemon's entry point applies it, before any work.
 * V8 reads the flag each time it sets a limit, so setting it after start takes effect
 * (Node's documentation warns that changing V8 flags at run time is at the caller's
 * risk; this one only moves a collection threshold).
 */
export function setHeapGrowth(percent: number): void {
  if (percent > 0) setFlagsFromString(`--heap-growing-percent=${percent}`);
}
