/**
 * Lets the event loop run (I/O, timers, other requests) before continuing: long work on
 * the request path is split into slices separated by this. Promise continuations alone
 * do not yield; setImmediate does.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
